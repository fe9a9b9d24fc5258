package io.github.paimonspring.httptests.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.math.BigDecimal;
import java.net.HttpURLConnection;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataTypes;

/**
 * Benchmark harness (not a test): one Arrow IPC file of 2,000,000 rows written (a) in process with
 * {@code PaimonWriter.write(table, ArrowStreamReader)} in a JVM of its own ({@link InProcessWriter},
 * {@code -Xmx2g}) and (b) over HTTP as one one-shot upload (no key) to the packaged sample app
 * ({@code -Xmx2g}) from this JVM with two Java clients (the JDK {@code HttpClient}, and
 * {@code HttpURLConnection} streaming with a declared length) — three processes, the same file, one
 * run, the order of the sides turning every round, after two warm-up rounds of each. Reports every
 * round with the CPU time each side used, the best of each side and their ratios. With {@code -Dbench.jfr=<dir>} both
 * writing JVMs record JFR profiles there, summarized by
 * {@link JfrSummary}. Run:
 * {@code mvn -B -pl autoconfigure,starter,sample-app,http-tests -am -Pbench-http verify -DskipTests}
 * (see docs/benchmarks.md).
 */
public final class HttpUploadBenchmark {

	private static final String HEAP = "-Xmx2g";

	private HttpUploadBenchmark() {
	}

	/**
	 * Warm-up rounds of each side before the measured ones (the JIT keeps improving for several more: measure at least
	 * five).
	 */
	private static final int WARM_UPS = 2;

	private static final List<String> CLIENTS = List.of("JDK HttpClient", "HttpURLConnection, fixed-length streaming");

	public static void main(String[] args) throws Exception {
		int rows = (args.length > 0) ? Integer.parseInt(args[0]) : 2_000_000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		Path out = (args.length > 2) ? Path.of(args[2]) : Path.of("target/http-benchmark-results.md");
		String jfr = System.getProperty("bench.jfr", "");
		Path dir = Files.createTempDirectory("paimon-http-bench");
		Path file = dir.resolve("upload.arrows");
		Files.write(file, stream(rows, 65_536));
		long bytes = Files.size(file);
		System.out.printf(Locale.ROOT, "File: %,d bytes, %,d rows%n", bytes, rows);
		Path serverWarehouse = dir.resolve("server");
		Path localWarehouse = dir.resolve("local");
		int total = WARM_UPS + rounds;
		for (Path warehouse : List.of(serverWarehouse, localWarehouse)) {
			try (Warehouse tables = new Warehouse(warehouse)) {
				for (int round = 0; round < total; round++) {
					for (int client = 0; client < CLIENTS.size(); client++) {
						tables.create("bench.upload_" + round + "_" + client, schema());
					}
				}
			}
		}
		double[] best = new double[1 + CLIENTS.size()];
		double[] cpuOfBest = new double[1 + CLIENTS.size()];
		List<String> lines = new ArrayList<>();
		List<String> serverJvm = new ArrayList<>(List.of(HEAP));
		Instant measured = Instant.MIN;
		if (!jfr.isEmpty()) {
			serverJvm.add(recording(jfr, "server"));
		}
		try (SampleAppProcess app = SampleAppProcess.start(serverWarehouse, serverJvm, "--paimon.admin.enabled=true",
				"--paimon.admin.token=bench");
				LocalWriter writer = new LocalWriter(localWarehouse, jfr)) {
			AdminClient client = new AdminClient(app, "bench");
			ProcessHandle server = ProcessHandle.of(app.pid()).orElseThrow();
			for (int round = 0; round < total; round++) {
				if (round == WARM_UPS) {
					measured = Instant.now();
				}
				double[] rate = new double[best.length];
				double[] cpu = new double[best.length];
				// the order of the sides turns every round
				for (int turn = 0; turn < best.length; turn++) {
					int side = (turn + round) % best.length;
					String table = "bench.upload_" + round + "_" + Math.max(0, side - 1);
					if (side == 0) {
						long before = cpu(writer.process());
						rate[side] = writer.write(table, file, rows);
						cpu[side] = (cpu(writer.process()) - before) / 1e9;
					}
					else {
						long before = cpu(server) + cpu(ProcessHandle.current());
						String path = "/paimon/tables/bench/upload_" + round + "_" + (side - 1) + "/uploads";
						rate[side] = (side == 1) ? httpClient(client, path, file, rows) : urlConnection(app, path, file,
								rows);
						cpu[side] = (cpu(server) + cpu(ProcessHandle.current()) - before) / 1e9;
					}
				}
				String line = String.format(Locale.ROOT,
						"| %s | %,.0f (%.1f s CPU) | %,.0f (%.1f s CPU) | %.2f | %,.0f (%.1f s CPU) | %.2f |",
						(round < WARM_UPS) ? "warm-up " + (round + 1) : String.valueOf(round - WARM_UPS + 1), rate[0],
								cpu[0],
						rate[1], cpu[1], rate[1] / rate[0], rate[2], cpu[2], rate[2] / rate[0]);
				System.out.println(line);
				if (round >= WARM_UPS) {
					lines.add(line);
					for (int side = 0; side < best.length; side++) {
						if (rate[side] > best[side]) {
							best[side] = rate[side];
							cpuOfBest[side] = cpu[side];
						}
					}
				}
			}
		}
		StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
				"Rows: %,d (%,d bytes of Arrow IPC, 64k-row batches); %d warm-up and %d measured rounds; cores: %d. "
						+ "CPU: of the writing JVM in process; of the server and the client JVM over HTTP.%n%n"
						+ "| round | in-process rows/s | HTTP (%s) rows/s | ratio | HTTP (%s) rows/s | ratio |%n"
						+ "|---|---:|---:|---:|---:|---:|%n",
				rows, bytes, WARM_UPS, rounds, Runtime.getRuntime().availableProcessors(), CLIENTS.get(0),
						CLIENTS.get(1)));
		lines.forEach((line) -> report.append(line).append('\n'));
		report.append(String.format(Locale.ROOT,
				"| **best** | %,.0f (%.1f s CPU) | %,.0f (%.1f s CPU) | **%.2f** | %,.0f (%.1f s CPU) | **%.2f** |%n",
				best[0], cpuOfBest[0], best[1], cpuOfBest[1], best[1] / best[0], best[2], cpuOfBest[2],
						best[2] / best[0]));
		System.out.println(report);
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.writeString(out, report);
		if (!jfr.isEmpty()) {
			for (String side : List.of("server", "local")) {
				System.out.println("\nJFR " + side + ":\n" + JfrSummary.summarize(Path.of(jfr, side + ".jfr"), 25,
						measured));
			}
		}
	}

	/** The CPU time a process used so far, in nanoseconds. */
	private static long cpu(ProcessHandle process) {
		return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
	}

	/** A client that streams the file with a declared length through a large buffer. */
	private static double urlConnection(SampleAppProcess app, String path, Path file, int rows) throws Exception {
		long start = System.nanoTime();
		HttpURLConnection connection = (HttpURLConnection) app.uri(path).toURL().openConnection();
		connection.setRequestMethod("POST");
		connection.setDoOutput(true);
		connection.setFixedLengthStreamingMode(Files.size(file));
		connection.setRequestProperty("Authorization", "Bearer bench");
		connection.setRequestProperty("Content-Type", AdminClient.ARROW);
		try (OutputStream body = connection.getOutputStream()) {
			Files.copy(file, body);
		}
		String answer = new String(connection.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (connection.getResponseCode() != 200 || !answer.contains("\"rows\":" + rows)) {
			throw new IllegalStateException("upload failed: " + connection.getResponseCode() + " " + answer);
		}
		return rows / ((System.nanoTime() - start) / 1e9);
	}

	static String recording(String dir, String name) {
		return "-XX:StartFlightRecording=filename=" + Path.of(dir,
				name + ".jfr").toAbsolutePath() + ",settings=profile";
	}

	/** The in-process writer's JVM, driven over its standard input. */
	private static final class LocalWriter implements AutoCloseable {

		private final Process process;

		private final BufferedWriter commands;

		private final BufferedReader answers;

		LocalWriter(Path warehouse, String jfr) throws Exception {
			List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin",
					"java").toString(),
					"--add-opens=java.base/java.nio=ALL-UNNAMED", HEAP));
			if (!jfr.isEmpty()) {
				command.add(recording(jfr, "local"));
			}
			command.addAll(List.of("-cp", System.getProperty("java.class.path"), InProcessWriter.class.getName(),
					warehouse.toString()));
			this.process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
			this.commands = new BufferedWriter(
					new OutputStreamWriter(this.process.getOutputStream(), StandardCharsets.UTF_8));
			this.answers = new BufferedReader(
					new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8));
			while (!"ready".equals(answer())) {
				// log lines before the writer is ready
			}
		}

		ProcessHandle process() {
			return this.process.toHandle();
		}

		double write(String table, Path file, int rows) throws Exception {
			this.commands.write(table + " " + file + "\n");
			this.commands.flush();
			while (true) {
				String[] fields = answer().split(" ");
				if (fields.length == 2 && fields[0].matches("\\d+") && fields[1].matches("\\d+")) {
					if (Long.parseLong(fields[0]) != rows) {
						throw new IllegalStateException("wrote " + fields[0]);
					}
					return rows / (Long.parseLong(fields[1]) / 1e9);
				}
			}
		}

		private String answer() throws Exception {
			String line = this.answers.readLine();
			if (line == null) {
				throw new IllegalStateException("The in-process writer exited: " + this.process.waitFor());
			}
			return line;
		}

		@Override
		public void close() throws Exception {
			this.commands.close();
			this.process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
			this.process.destroyForcibly();
		}

	}

	private static double httpClient(AdminClient client, String path, Path file, int rows) throws Exception {
		long start = System.nanoTime();
		HttpResponse<String> response = client.send(client.request(path)
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofFile(file))
			.build());
		if (response.statusCode() != 200 || !response.body().contains("\"rows\":" + rows)) {
			throw new IllegalStateException("upload failed: " + response.statusCode() + " " + response.body());
		}
		return rows / ((System.nanoTime() - start) / 1e9);
	}

	static org.apache.paimon.schema.Schema schema() {
		return org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT().notNull())
			.column("l", DataTypes.BIGINT())
			.column("s", DataTypes.STRING())
			.column("d", DataTypes.DOUBLE())
			.column("dec", DataTypes.DECIMAL(18, 4))
			.column("ts", DataTypes.TIMESTAMP(6))
			.build();
	}

	static byte[] stream(int rows, int batchSize) throws Exception {
		Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("l", FieldType.nullable(new ArrowType.Int(64, true)), null),
				new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
				new Field("d", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
				new Field("dec", FieldType.nullable(new ArrowType.Decimal(18, 4, 128)), null),
				new Field("ts", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), null)));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
				ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
			writer.start();
			for (int start = 0; start < rows; start += batchSize) {
				int size = Math.min(batchSize, rows - start);
				root.allocateNew();
				for (int r = 0; r < size; r++) {
					int i = start + r;
					((IntVector) root.getVector(0)).setSafe(r, i);
					((BigIntVector) root.getVector(1)).setSafe(r, i * 3L);
					((VarCharVector) root.getVector(2)).setSafe(r, String.format(Locale.ROOT,
							"customer-%06d@example-domain.org", i % 1_000_000)
						.getBytes(StandardCharsets.UTF_8));
					((Float8Vector) root.getVector(3)).setSafe(r, i * 0.5);
					((DecimalVector) root.getVector(4)).setSafe(r, BigDecimal.valueOf((i * 7919L) % 100_000_000L, 4));
					((TimeStampMicroVector) root.getVector(5)).setSafe(r, 1_767_225_600_000_000L + i * 1000L);
				}
				root.setRowCount(size);
				writer.writeBatch();
			}
			writer.end();
		}
		return out.toByteArray();
	}

	static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		sorted.sort(Comparator.naturalOrder());
		int n = sorted.size();
		return (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
	}

}
