package io.github.paimonspring.httptests.bench;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.support.S3CatalogContexts;
import io.github.paimonspring.support.InJvmS3;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.sink.StreamWriteBuilder;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.types.DataTypes;

/**
 * Benchmark harness (not a test): a table with a long history — by default 7,200 retained snapshots,
 * what the default 500 ms commit interval and Paimon's default one-hour retention keep, each one a group
 * commit that recorded an idempotency key — on S3 (S3Proxy in this JVM). The packaged sample app starts
 * on it; measured are the time from the process start to its first answered request and to the first
 * correct answer to a keyed retry (an early snapshot's key: {@code committed: false} naming that
 * snapshot), with the key index read with one thread (as before) and with
 * {@code paimon.ingest.index-read-parallelism} threads, in one run. Run:
 * {@code mvn -B -pl autoconfigure,starter,sample-app,http-tests -am -Pbench-startup verify -DskipTests}
 * (see docs/benchmarks.md).
 */
public final class StartupBenchmark {

	private static final String TOKEN = "bench";

	private StartupBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int snapshots = (args.length > 0) ? Integer.parseInt(args[0]) : 7200;
		Path out = Path.of((args.length > 1) ? args[1] : "target/startup-benchmark-results.md");
		int[] latencies = numbers((args.length > 2) ? args[2] : "0,20");
		// n: the index read with n threads when the first request needs it (the table not declared);
		// n+: also read ahead at start-up (the table declared in paimon.tables)
		String[] modes = ((args.length > 3) ? args[3] : "1,32+,1,32+").split(",");
		Path dir = Files.createTempDirectory("startup-bench");
		Path local = dir.resolve("local");
		long built = System.nanoTime();
		try (Warehouse warehouse = new Warehouse(local)) {
			warehouse.create("bench.keyed", Schema.newBuilder().column("id", DataTypes.INT()).column("name",
					DataTypes.STRING())
				.build());
			history(warehouse.table("bench.keyed"), snapshots);
		}
		System.out.printf(Locale.ROOT, "built %d snapshots in %.0f s%n", snapshots, (System.nanoTime() - built) / 1e9);
		List<String> lines = new ArrayList<>();
		lines
				.add("| S3 read latency | key index read with | process start → first answered request | process start "
						+ "→ first correct keyed retry | the retry itself |");
		lines.add("|---|---|---:|---:|---:|");
		for (int latency : latencies) {
			for (String mode : modes) {
				boolean declared = mode.endsWith("+");
				int parallelism = Integer.parseInt(declared ? mode.substring(0, mode.length() - 1) : mode);
				try (InJvmS3 s3 = new InJvmS3(dir.resolve("s3-" + parallelism + "-" + System.nanoTime()), "lake")) {
					upload(local, s3);
					s3.setReadLatency(Duration.ofMillis(latency));
					lines.add("| " + latency + " ms " + run(s3, parallelism, declared, snapshots));
					System.out.println(lines.get(lines.size() - 1));
				}
			}
		}
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.write(out, lines);
		lines.forEach(System.out::println);
	}

	private static int[] numbers(String list) {
		return Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
	}

	/** One group commit per snapshot: a row and its idempotency key in the snapshot's properties. */
	private static void history(FileStoreTable table, int snapshots) throws Exception {
		StreamWriteBuilder builder = table.newStreamWriteBuilder().withCommitUser("ingest-bench");
		try (StreamTableWrite write = builder.newWrite();
				TableCommitImpl commit = (TableCommitImpl) builder.newCommit()) {
			for (int i = 1; i <= snapshots; i++) {
				write.write(GenericRow.of(i, BinaryString.fromString("n" + i)));
				List<CommitMessage> messages = write.prepareCommit(false, i);
				Map<String, String> properties = new HashMap<>();
				properties.put("paimon-spring.group-requests", "1");
				properties.put("paimon-spring.idempotency-keys", "key-" + i);
				commit.commit(new ManifestCommittable(i, null, messages, properties));
			}
		}
	}

	private static String run(InJvmS3 s3, int parallelism, boolean declared, int snapshots) throws Exception {
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.warehouse=s3://lake/wh", "--paimon.maintenance.enabled=false",
				"--paimon.ingest.index-read-parallelism=" + parallelism));
		if (declared) {
			args.add("--paimon.tables.keyed.identifier=bench.keyed");
		}
		s3.catalogOptions().forEach((key, value) -> args.add("--paimon.catalog.options." + key + "=" + value));
		long started = System.nanoTime();
		try (SampleAppProcess app = SampleAppProcess.start(null, List.of("-Xmx1g"), args.toArray(new String[0]))) {
			long ready = System.nanoTime();
			AdminClient client = new AdminClient(app, TOKEN);
			long sent = System.nanoTime();
			HttpResponse<String> retry = client.postArrow("/paimon/tables/bench/keyed/uploads",
					ArrowBodies.idName(17, "n17"), "Idempotency-Key", "key-17");
			long answered = System.nanoTime();
			if (retry.statusCode() != 200 || !retry.body().contains("\"committed\":false")
					|| !retry.body().contains("\"snapshotId\":17")) {
				throw new IllegalStateException("the retry of key-17 was answered " + retry.statusCode()
						+ " " + retry.body()
						+ "\n" + app.output());
			}
			return String.format(Locale.ROOT, "| %d thread(s)%s, %,d snapshots on S3Proxy | %.1f s | %.1f s | %.1f s |",
					parallelism, declared ? ", read ahead at start-up" : "", snapshots, (ready - started) / 1e9,
							(answered - started) / 1e9, (answered - sent) / 1e9);
		}
	}

	/** Puts every file of the local warehouse into the bucket through S3 (so S3Proxy keeps their ETags). */
	private static void upload(Path from, InJvmS3 s3) throws Exception {
		Options options = new Options(s3.catalogOptions());
		FileIO fileIO = FileIO.get(new org.apache.paimon.fs.Path("s3://lake/wh"),
				S3CatalogContexts.create(options.toMap()));
		List<Path> files;
		try (Stream<Path> walk = Files.walk(from)) {
			files = walk.filter(Files::isRegularFile).toList();
		}
		ExecutorService pool = Executors.newFixedThreadPool(16);
		try {
			List<Future<?>> puts = new ArrayList<>();
			for (Path file : files) {
				puts.add(pool.submit(() -> {
					org.apache.paimon.fs.Path target = new org.apache.paimon.fs.Path("s3://lake/wh/"
							+ from.relativize(file).toString().replace('\\', '/'));
					try (PositionOutputStream out = fileIO.newOutputStream(target, true)) {
						out.write(Files.readAllBytes(file));
					}
					return null;
				}));
			}
			for (Future<?> put : puts) {
				put.get();
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

}
