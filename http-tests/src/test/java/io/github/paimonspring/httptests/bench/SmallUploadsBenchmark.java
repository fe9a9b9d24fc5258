package io.github.paimonspring.httptests.bench;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;

/**
 * Benchmark harness (not a test): many closed-loop HTTP producers, each sending 100-row one-shot
 * uploads with an {@code Idempotency-Key} and waiting for the answer, against the packaged sample app
 * with the group commit (grouped) and without it (one commit per upload), in one run. Reports rows/s,
 * uploads/s, answers by status, snapshots created, p50/p99 acknowledged latency and the most threads
 * the server process had. Run:
 * {@code mvn -B -pl autoconfigure,starter,sample-app,http-tests -Pbench-ingest verify -DskipTests}
 * (see docs/benchmarks.md).
 */
public final class SmallUploadsBenchmark {

	private static final String TOKEN = "bench";

	private SmallUploadsBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int producers = (args.length > 0) ? Integer.parseInt(args[0]) : 256;
		int seconds = (args.length > 1) ? Integer.parseInt(args[1]) : 20;
		Path out = (args.length > 2) ? Path.of(args[2]) : Path.of("target/ingest-benchmark-results.md");
		int rows = 100;
		Object[] values = new Object[rows * 2];
		for (int i = 0; i < rows; i++) {
			values[i * 2] = i;
			values[i * 2 + 1] = "name-" + i;
		}
		byte[] body = ArrowBodies.idName(values);
		List<String> report = new ArrayList<>();
		report.add(String.format(Locale.ROOT,
				"Producers: %d closed-loop, %d rows per upload (%,d bytes), %d s measured "
				+ "after 5 s warm-up per mode; cores: %d", producers, rows, body.length, seconds,
				Runtime.getRuntime().availableProcessors()));
		report.add("");
		report.add("| mode | rows/s | uploads/s | answers | snapshots | p50 ms | p99 ms | server threads (max) |");
		report.add("|---|---:|---:|---|---:|---:|---:|---:|");
		String intervals = (args.length > 3) ? args[3] : "500ms";
		for (String interval : intervals.split(",")) {
			report.add(run(interval, producers, seconds, body, rows));
		}
		report.add(run(null, producers, seconds, body, rows));
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.write(out, report);
		report.forEach(System.out::println);
	}

	/** One mode: grouped with a commit interval, or ({@code interval == null}) one commit per upload. */
	private static String run(String interval, int producers, int seconds, byte[] body, int rows) throws Exception {
		boolean grouped = interval != null;
		Path warehouse = Files.createTempDirectory("paimon-ingest-bench");
		String table = "bench.events";
		try (Warehouse tables = new Warehouse(warehouse)) {
			tables.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.build());
		}
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.admin.max-concurrent-uploads=64", "--paimon.ingest.enabled=" + grouped));
		if (grouped) {
			args.add("--paimon.ingest.commit-interval=" + interval);
		}
		// extra application arguments for comparisons, e.g. -Dbench.app-args=--paimon.write.columnar=false
		for (String extra : System.getProperty("bench.app-args", "").split(" ")) {
			if (!extra.isBlank()) {
				args.add(extra);
			}
		}
		try (SampleAppProcess app = SampleAppProcess.start(warehouse, List.of("-Xmx2g"), args.toArray(String[]::new))) {
			HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
			String mode = grouped ? "grouped-" + interval : "single";
			Phase warmUp = drive(http, app, producers, Duration.ofSeconds(5), body, mode + "-warm");
			long snapshotsBefore;
			try (Warehouse tables = new Warehouse(warehouse)) {
				snapshotsBefore = tables.snapshotCount(table);
			}
			ThreadSampler threads = new ThreadSampler(app.pid());
			threads.start();
			Phase measured = drive(http, app, producers, Duration.ofSeconds(seconds), body, mode);
			threads.interrupt();
			threads.join();
			long snapshots;
			try (Warehouse tables = new Warehouse(warehouse)) {
				snapshots = tables.snapshotCount(table) - snapshotsBefore;
			}
			double elapsed = measured.nanos / 1e9;
			List<Long> latencies = new ArrayList<>(measured.latencies);
			Collections.sort(latencies);
			System.out.printf(Locale.ROOT, "%s: warm-up %d answers, measured %s%n", mode, warmUp.ok.get(),
					measured.statuses);
			return String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %s | %,d | %.0f | %.0f | %d |",
					grouped ? "grouped, commit-interval " + interval : "one commit per upload",
							measured.ok.get() * rows / elapsed,
					measured.ok.get() / elapsed, measured.statuses, snapshots, percentile(latencies, 0.50) / 1e6,
					percentile(latencies, 0.99) / 1e6, threads.max.get());
		}
	}

	/** What one phase of closed-loop producers did. */
	private static final class Phase {

		final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();

		final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());

		final AtomicInteger ok = new AtomicInteger();

		long nanos;

	}

	private static Phase drive(HttpClient http, SampleAppProcess app, int producers, Duration duration, byte[] body,
			String keyPrefix) throws InterruptedException {
		Phase phase = new Phase();
		long start = System.nanoTime();
		long end = start + duration.toNanos();
		AtomicLong sequence = new AtomicLong();
		List<Thread> threads = new ArrayList<>();
		for (int p = 0; p < producers; p++) {
			Thread thread = new Thread(() -> {
				while (System.nanoTime() < end) {
					String key = keyPrefix + "-" + sequence.incrementAndGet();
					HttpRequest request = HttpRequest.newBuilder(app.uri("/paimon/tables/bench/events/uploads"))
						.header("Authorization", "Bearer " + TOKEN)
						.header("Content-Type", "application/vnd.apache.arrow.stream")
						.header("Idempotency-Key", key)
						.timeout(Duration.ofSeconds(120))
						.POST(HttpRequest.BodyPublishers.ofByteArray(body))
						.build();
					long sent = System.nanoTime();
					int status;
					try {
						status = http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
					}
					catch (Exception ex) {
						status = -1;
					}
					long took = System.nanoTime() - sent;
					phase.statuses.computeIfAbsent(status, (s) -> new AtomicInteger()).incrementAndGet();
					if (status == 200) {
						phase.ok.incrementAndGet();
						phase.latencies.add(took);
					}
				}
			});
			thread.setDaemon(true);
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join();
		}
		phase.nanos = System.nanoTime() - start;
		return phase;
	}

	private static double percentile(List<Long> sorted, double p) {
		if (sorted.isEmpty()) {
			return Double.NaN;
		}
		return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
	}

	/** Samples the server's thread count from /proc (Linux) every 200 ms. */
	private static final class ThreadSampler extends Thread {

		final AtomicInteger max = new AtomicInteger();

		private final long pid;

		ThreadSampler(long pid) {
			this.pid = pid;
			setDaemon(true);
		}

		@Override
		public void run() {
			Path status = Path.of("/proc", String.valueOf(this.pid), "status");
			while (!isInterrupted()) {
				try {
					for (String line : Files.readAllLines(status)) {
						if (line.startsWith("Threads:")) {
							this.max.accumulateAndGet(Integer.parseInt(line.substring(8).trim()), Math::max);
						}
					}
					Thread.sleep(200);
				}
				catch (InterruptedException ex) {
					return;
				}
				catch (Exception ex) {
					return;
				}
			}
		}

	}

}
