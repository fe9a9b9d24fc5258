package io.github.paimonspring.httptests.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.google.protobuf.Any;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.grpc.stub.AbstractStub;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.SyncPutListener;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
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
 * {@code HttpURLConnection} streaming with a declared length), and (c) as one Flight SQL bulk ingest
 * ({@code CommandStatementIngest}, ADBC's bulk ingest on the wire) to the same app's Flight SQL endpoint with
 * Arrow's {@code FlightSqlClient} reading the file — three processes, the same file, one
 * run, the order of the sides turning every round, after warm-up rounds of each ({@code -Dbench.warmups}, 2 by
 * default). Reports every
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
	 * Warm-up rounds of each side before the measured ones, {@code -Dbench.warmups} (default 2). The server's JIT
	 * still compiles for several more, and more for the Flight path (gRPC, Netty's HTTP/2, protobuf) than for the
	 * HTTP one: measure at least five.
	 */
	private static final int WARM_UPS = Integer.getInteger("bench.warmups", 2);

	private static final List<String> CLIENTS = List.of("HTTP, JDK HttpClient", "HTTP, HttpURLConnection streaming",
			"Flight SQL ingest, FlightSqlClient", "Flight SQL ingest, FlightClient without busy wait");

	/** The index in {@link #CLIENTS} of the first Flight SQL side (ADBC's bulk ingest on the wire). */
	private static final int FLIGHT = 2;

	public static void main(String[] args) throws Exception {
		// the Flight client sends the batches' buffers as they are, without a copy into gRPC's buffers
		System.setProperty("arrow.flight.enable_zero_copy_write", "true");
		int rows = (args.length > 0) ? Integer.parseInt(args[0]) : 2_000_000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		Path out = (args.length > 2) ? Path.of(args[2]) : Path.of("target/http-benchmark-results.md");
		String jfr = System.getProperty("bench.jfr", "");
		// -Dbench.sides=0,3 runs only these sides (0 in process, then CLIENTS in order), for profiling one of them
		String sides = System.getProperty("bench.sides", "all");
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
		double[] serverCpuSum = new double[1 + CLIENTS.size()];
		double[] clientCpuSum = new double[1 + CLIENTS.size()];
		// the server's CPU ticks in the measured rounds by thread, per side
		List<Map<String, Long>> serverThreads = new ArrayList<>();
		for (int side = 0; side <= CLIENTS.size(); side++) {
			serverThreads.add(new TreeMap<>());
		}
		List<String> lines = new ArrayList<>();
		List<String> serverJvm = new ArrayList<>(List.of(HEAP));
		if (System.getProperty("bench.server.opts", "").length() > 0) {
			serverJvm.addAll(Arrays.asList(System.getProperty("bench.server.opts").split(" ", -1)));
		}
		Instant measured = Instant.MIN;
		if (!jfr.isEmpty()) {
			serverJvm.add(recording(jfr, "server"));
		}
		// with -Dbench.jfr, this JVM (the HTTP and Flight clients) records too
		Recording clients = jfr.isEmpty() ? null : new Recording(Configuration.getConfiguration("profile"));
		if (clients != null) {
			clients.start();
		}
		int flightPort = SampleAppProcess.freePort();
		try (SampleAppProcess app = SampleAppProcess.start(serverWarehouse, serverJvm, "--paimon.admin.enabled=true",
				"--paimon.admin.token=bench", "--paimon.flight.enabled=true", "--paimon.flight.port=" + flightPort,
				"--paimon.flight.address=127.0.0.1");
				LocalWriter writer = new LocalWriter(localWarehouse, jfr);
				BufferAllocator flightAllocator = new RootAllocator();
				FlightSqlClient flight = new FlightSqlClient(FlightClient
					.builder(flightAllocator, Location.forGrpcInsecure("127.0.0.1", flightPort))
					.build());
				FlightClient flightClient = FlightClient
					.builder(flightAllocator, Location.forGrpcInsecure("127.0.0.1", flightPort))
					.build()) {
			AdminClient client = new AdminClient(app, "bench");
			ProcessHandle server = ProcessHandle.of(app.pid()).orElseThrow();
			for (int round = 0; round < total; round++) {
				if (round == WARM_UPS) {
					measured = Instant.now();
				}
				double[] rate = new double[best.length];
				double[] cpu = new double[best.length];
				double[] serverCpu = new double[best.length];
				double[] clientCpu = new double[best.length];
				// the order of the sides turns every round
				for (int turn = 0; turn < best.length; turn++) {
					int side = (turn + round) % best.length;
					if (!sides.equals("all") && !Arrays.asList(sides.split(",", -1)).contains(String.valueOf(side))) {
						continue;
					}
					String table = "bench.upload_" + round + "_" + Math.max(0, side - 1);
					if (side == 0) {
						long before = cpu(writer.process());
						rate[side] = writer.write(table, file, rows);
						cpu[side] = (cpu(writer.process()) - before) / 1e9;
					}
					else {
						long serverBefore = cpu(server);
						Map<String, Long> threadsBefore = threadCpu(server.pid());
						String path = "/paimon/tables/bench/upload_" + round + "_" + (side - 1) + "/uploads";
						String flightTable = "upload_" + round + "_" + (side - 1);
						rate[side] = switch (side) {
							case 1 -> httpClient(client, path, file, rows);
							case 2 -> urlConnection(app, path, file, rows);
							case FLIGHT + 1 -> flightIngest(flight, flightTable, file, rows);
							default -> flightPut(flightClient, flightTable, file, rows);
						};
						long serverAfter = cpu(server);
						serverCpu[side] = (serverAfter - serverBefore) / 1e9;
						if (round >= WARM_UPS) {
							Map<String, Long> sums = serverThreads.get(side);
							threadCpu(server.pid()).forEach((name, ticks) -> sums.merge(name,
									ticks - threadsBefore.getOrDefault(name, 0L), Long::sum));
						}
						clientCpu[side] = (cpu(ProcessHandle.current()) - clientCpuAtStart) / 1e9;
						cpu[side] = serverCpu[side] + clientCpu[side];
					}
				}
				System.out.printf(Locale.ROOT, "server CPU per side (s): %s; client CPU: %s%n",
						Arrays.toString(serverCpu), Arrays.toString(clientCpu));
				if (round >= WARM_UPS) {
					for (int side = 1; side < best.length; side++) {
						serverCpuSum[side] += serverCpu[side];
						clientCpuSum[side] += clientCpu[side];
					}
				}
				String line = row((round < WARM_UPS) ? "warm-up " + (round + 1) : String.valueOf(round - WARM_UPS + 1),
						rate, cpu, false);
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
						+ "CPU: of the writing JVM in process; of the server and the client JVM (from the clock's "
						+ "start) over HTTP and Flight.%n%n"
						+ "Ratios: to in process; the Flight sides also to the better HTTP side of the round.%n%n"
						+ "| round | in process rows/s | %s rows/s | ratio | %s rows/s | ratio | %s rows/s | ratio "
						+ "| / HTTP | %s rows/s | ratio | / HTTP |%n"
						+ "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|%n",
				rows, bytes, WARM_UPS, rounds, Runtime.getRuntime().availableProcessors(), CLIENTS.get(0),
						CLIENTS.get(1), CLIENTS.get(2), CLIENTS.get(3)));
		lines.forEach((line) -> report.append(line).append('\n'));
		report.append(row("**best**", best, cpuOfBest, true)).append('\n');
		report.append(String.format(Locale.ROOT,
				"%nCPU per upload, server + client (mean of the measured rounds, s):"));
		for (int side = 1; side < best.length; side++) {
			report.append(String.format(Locale.ROOT, " %s %.2f + %.2f;", CLIENTS.get(side - 1),
					serverCpuSum[side] / rounds, clientCpuSum[side] / rounds));
		}
		report.append('\n');
		report.append(String.format(Locale.ROOT, "%nServer CPU per upload by thread (mean of the measured rounds, s; "
				+ "threads under 0.02 s left out):%n%n"));
		for (int side = 1; side < best.length; side++) {
			report.append("- ").append(CLIENTS.get(side - 1)).append(':');
			serverThreads.get(side).entrySet().stream()
				.filter((e) -> e.getValue() / 100.0 / rounds >= 0.02)
				.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
				.forEach((e) -> report.append(String.format(Locale.ROOT, " `%s` %.2f;", e.getKey(),
						e.getValue() / 100.0 / rounds)));
			report.append('\n');
		}
		System.out.println(report);
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.writeString(out, report);
		if (clients != null) {
			clients.dump(Path.of(jfr, "clients.jfr"));
			clients.close();
		}
		if (!jfr.isEmpty()) {
			for (String side : List.of("server", "local", "clients")) {
				System.out.println("\nJFR " + side + ":\n" + JfrSummary.summarize(Path.of(jfr, side + ".jfr"), 25,
						measured));
			}
		}
	}

	/** A row of the report: rows/s and CPU of each side, its ratio to in process, a Flight side's to HTTP. */
	private static String row(String label, double[] rate, double[] cpu, boolean bold) {
		String mark = bold ? "**" : "";
		StringBuilder line = new StringBuilder("| ").append(label).append(String.format(Locale.ROOT,
				" | %,.0f (%.1f s CPU)", rate[0], cpu[0]));
		double http = Math.max(rate[1], rate[2]);
		for (int side = 1; side < rate.length; side++) {
			line.append(String.format(Locale.ROOT, " | %,.0f (%.1f s CPU) | %s%.2f%s", rate[side], cpu[side], mark,
					rate[side] / rate[0], mark));
			if (side > FLIGHT) {
				line.append(String.format(Locale.ROOT, " | %s%.2f%s", mark, rate[side] / http, mark));
			}
		}
		return line.append(" |").toString();
	}

	/** This JVM's CPU time when the clock of the upload under way started, in nanoseconds. */
	private static long clientCpuAtStart;

	/**
	 * Starts an upload's clock, once its client has what it sends (the Flight clients read the batches into memory
	 * first): this JVM's CPU counts from here.
	 * @return {@link System#nanoTime()}
	 */
	private static long startClock() {
		clientCpuAtStart = cpu(ProcessHandle.current());
		return System.nanoTime();
	}

	/**
	 * The CPU ticks (user + system, 1/100 s) of a process's threads so far, by thread name without its number (as
	 * Linux keeps it: its first 15 characters); empty where there is no {@code /proc}.
	 */
	static Map<String, Long> threadCpu(long pid) {
		Map<String, Long> ticks = new TreeMap<>();
		try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(pid), "task"))) {
			for (Path task : tasks.toList()) {
				try {
					String stat = Files.readString(task.resolve("stat"));
					String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
						.replaceAll("[-#]?\\d+$", "");
					String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
					ticks.merge(name, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Long::sum);
				}
				catch (IOException | RuntimeException ex) {
					// a thread that ended
				}
			}
		}
		catch (IOException ex) {
			return ticks;
		}
		return ticks;
	}

	/** The CPU time a process used so far, in nanoseconds. */
	private static long cpu(ProcessHandle process) {
		return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
	}

	/** A client that streams the file with a declared length through a large buffer. */
	private static double urlConnection(SampleAppProcess app, String path, Path file, int rows) throws Exception {
		long start = startClock();
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

	/**
	 * The file's batches as one Flight SQL bulk ingest ({@code CommandStatementIngest}, what the ADBC drivers of
	 * Python, Go and C send for {@code adbc_ingest}) with Arrow's {@code FlightSqlClient}. Like an ADBC client
	 * that holds its data as Arrow (a pyarrow table), the client has the batches in memory: they are read from the
	 * file before the clock starts, as the HTTP clients have the file's bytes in the page cache.
	 */
	private static double flightIngest(FlightSqlClient flight, String table, Path file, int rows) throws Exception {
		FlightCallHeaders headers = new FlightCallHeaders();
		headers.insert("authorization", "Bearer bench");
		try (BufferAllocator allocator = new RootAllocator(); InMemoryBatches batches = new InMemoryBatches(file,
				allocator)) {
			long start = startClock();
			long written = flight.executeIngest(batches, new FlightSqlClient.ExecuteIngestOptions(table,
					FlightSql.CommandStatementIngest.TableDefinitionOptions.newBuilder()
						.setIfExists(FlightSql.CommandStatementIngest.TableDefinitionOptions.TableExistsOption
							.TABLE_EXISTS_OPTION_APPEND)
						.build(),
					null, "bench", Map.of()), new HeaderCallOption(headers));
			double seconds = (System.nanoTime() - start) / 1e9;
			if (written != rows) {
				throw new IllegalStateException("Flight ingest wrote " + written + " rows");
			}
			return rows / seconds;
		}
	}

	/**
	 * The same {@code CommandStatementIngest} sent with Arrow's {@code FlightClient} without a busy loop, as the Go
	 * client under the Python, Go and C ADBC drivers sends it (grpc-go's {@code SendMsg} parks while the HTTP/2 flow
	 * control holds a message back). Arrow Java's {@code putNext} spins on the call's readiness
	 * ({@code while (!isReady()) { }}: a core of this 2-core machine, taken from the server), and a gRPC call is
	 * ready only while less than 32 KiB of it wait for the transport, so it spins for most of each 5 MB batch; a
	 * call's ready handler, which would let it wait instead, cannot be set once Flight has started the call. Here the
	 * call's ready threshold ({@code withOnReadyThreshold}) is {@link Integer#MAX_VALUE}: the batches are in memory
	 * and are sent without a copy, so the client hands them all to gRPC, which sends them as the server's
	 * flow-control window lets them through, and waits for the answer.
	 */
	private static double flightPut(FlightClient flight, String table, Path file, int rows) throws Exception {
		FlightCallHeaders headers = new FlightCallHeaders();
		headers.insert("authorization", "Bearer bench");
		FlightSql.CommandStatementIngest command = FlightSql.CommandStatementIngest.newBuilder()
			.setTable(table)
			.setSchema("bench")
			.setTableDefinitionOptions(FlightSql.CommandStatementIngest.TableDefinitionOptions.newBuilder()
				.setIfExists(FlightSql.CommandStatementIngest.TableDefinitionOptions.TableExistsOption
					.TABLE_EXISTS_OPTION_APPEND))
			.build();
		try (BufferAllocator allocator = new RootAllocator(); InMemoryBatches batches = new InMemoryBatches(file,
				allocator)) {
			long start = startClock();
			SyncPutListener result = new SyncPutListener();
			FlightClient.ClientStreamListener put = flight.startPut(
					FlightDescriptor.command(Any.pack(command).toByteArray()), batches.getVectorSchemaRoot(), result,
					new HeaderCallOption(headers), READY_THRESHOLD_OPTION);
			while (batches.loadNextBatch()) {
				put.putNext(); // ready: nothing waits for the transport beyond the threshold
			}
			put.completed();
			long written;
			try (PutResult answer = result.read()) {
				written = FlightSql.DoPutUpdateResult.parseFrom(answer.getApplicationMetadata().nioBuffer())
					.getRecordCount();
			}
			put.getResult();
			double seconds = (System.nanoTime() - start) / 1e9;
			if (written != rows) {
				throw new IllegalStateException("Flight put wrote " + written + " rows");
			}
			return rows / seconds;
		}
	}

	/** A Flight call that stays ready however many bytes of it wait for the transport. */
	private static final CallOptions.GrpcCallOption READY_THRESHOLD_OPTION = new CallOptions.GrpcCallOption() {

		@Override
		public <T extends AbstractStub<T>> T wrapStub(T stub) {
			return stub.withOnReadyThreshold(Integer.MAX_VALUE);
		}

	};

	/** The batches of an Arrow IPC file, read into memory first, handed out as an {@code ArrowReader}. */
	private static final class InMemoryBatches extends ArrowReader {

		private final Schema schema;

		private final List<ArrowRecordBatch> batches = new ArrayList<>();

		private int next;

		InMemoryBatches(Path file, BufferAllocator allocator) throws Exception {
			super(allocator);
			try (ArrowStreamReader reader = new ArrowStreamReader(Files.newInputStream(file), allocator)) {
				VectorSchemaRoot root = reader.getVectorSchemaRoot();
				this.schema = root.getSchema();
				while (reader.loadNextBatch()) {
					this.batches.add(new VectorUnloader(root).getRecordBatch());
				}
			}
		}

		@Override
		public boolean loadNextBatch() throws IOException {
			prepareLoadNextBatch();
			if (this.next == this.batches.size()) {
				return false;
			}
			loadRecordBatch(this.batches.get(this.next++));
			return true;
		}

		@Override
		public long bytesRead() {
			return 0;
		}

		@Override
		protected void closeReadSource() {
			this.batches.forEach(ArrowRecordBatch::close);
		}

		@Override
		protected Schema readSchema() {
			return this.schema;
		}

	}

	private static double httpClient(AdminClient client, String path, Path file, int rows) throws Exception {
		long start = startClock();
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
