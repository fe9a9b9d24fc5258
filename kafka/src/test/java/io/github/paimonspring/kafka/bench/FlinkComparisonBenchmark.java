package io.github.paimonspring.kafka.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;

/**
 * Benchmark harness (not a test): the Kafka pipeline against a Flink 2.0 SQL job doing the same work, and both
 * against a consumer that only parses the records (issue 33, item 5; docs/benchmarks.md).
 * <ol>
 * <li>A Kafka broker in a JVM of its own ({@link BenchBroker}); N JSON records of about 200 bytes are produced
 * into a new 4-partition topic before anything is measured.</li>
 * <li>Each round runs every side once, each in a cold JVM into a fresh local warehouse with its own consumer group
 * from the earliest offsets; the order alternates per round. The sides: the pipeline ({@link PipelineBenchApp}
 * with the module's defaults, {@code concurrency} = the Flink job's parallelism — as many consumer threads as
 * Flink has source and sink subtasks — and {@code -Dbench.pipeline.args}, which may set another); the Flink job
 * ({@code FlinkSqlJob} of {@code kafka/src/bench/flink}: {@code INSERT INTO} a Paimon table {@code SELECT ... FROM}
 * a Kafka table, local mode, parallelism {@code bench.flink.parallelism}, a checkpoint every 500 ms, the commit
 * interval of the pipeline); the parse-only consumer ({@link ParseOnlyConsumer}).</li>
 * <li>Everything is measured here, outside the measured JVMs: from just before the JVM's process starts until the
 * latest snapshot of its table holds all N rows ({@code totalRecordCount}, polled every {@code bench.poll-ms});
 * the first commit (the first snapshot with rows); steady state = the rows committed between the first observation
 * with at least 10 % and the first with at least 90 % of the rows, divided by the time between the two. For the
 * parse-only consumer the same marks are its progress lines ("committed" = parsed). Each measured JVM is killed
 * once it is done.</li>
 * </ol>
 * System properties: {@code bench.records} (1,000,000), {@code bench.rounds} (4), {@code bench.partitions} (4),
 * {@code bench.sides} ({@code pipeline,flink,parse}), {@code bench.pipeline.args} (extra
 * {@code --property=value} arguments of the pipeline, separated by spaces), {@code bench.flink.parallelism} (2),
 * {@code bench.flink.checkpoint-ms} (500), {@code bench.flink.classpath} (the job's class path file written by
 * {@code kafka/src/bench/flink/pom.xml}), {@code bench.flink.classes} (its compiled classes), {@code bench.heap}
 * (each measured JVM's {@code -Xmx}, 4g), {@code bench.poll-ms} (100), {@code bench.timeout-seconds} (600 per side
 * and round), {@code bench.work} (warehouses and logs), {@code bench.out} (the markdown report), {@code bench.cds}
 * (false; true starts every side's JVMs with a class data archive of its own, see {@link CdsArchives}),
 * {@code bench.warm-up} (true: before the rounds a parse-only consumer reads the topic once, unmeasured, so that
 * the broker's JIT has compiled its fetch path before the first measured side — always the pipeline — reads;
 * the class data sharing runs do that too).
 * <p>
 * Run: {@code mvn -B -pl kafka -am -Pbench-flink verify -DskipTests}.
 */
public final class FlinkComparisonBenchmark {

	private static final String TABLE_DIRECTORY = "default.db/events";

	/** Java 17's closed packages that Flink's runtime (Kryo, its memory manager) opens, as Flink's config does. */
	private static final List<String> FLINK_JVM_OPTIONS = List.of("--add-exports=java.base/sun.net.util=ALL-UNNAMED",
			"--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
			"--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
			"--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.net=ALL-UNNAMED",
			"--add-opens=java.base/java.io=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
			"--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
			"--add-opens=java.base/java.text=ALL-UNNAMED", "--add-opens=java.base/java.time=ALL-UNNAMED",
			"--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
			"--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
			"--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

	private final Settings settings;

	private final List<Process> running = Collections.synchronizedList(new ArrayList<>());

	private String bootstrapServers = "";

	/** Class data sharing for the measured JVMs, or {@code null} without {@code bench.cds}. */
	private final @Nullable CdsArchives cds;

	private FlinkComparisonBenchmark(Settings settings) {
		this.settings = settings;
		this.cds = settings.cds() ? new CdsArchives(settings.work().resolve("cds")) : null;
	}

	public static void main(String[] args) throws Exception {
		// the harness's own Kafka clients: warnings only
		((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.WARN);
		FlinkComparisonBenchmark benchmark = new FlinkComparisonBenchmark(Settings.fromSystemProperties());
		// an interrupted run (Ctrl-C) ends the broker and the measured JVM too
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			try {
				benchmark.stopAll();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}, "bench-stop-all"));
		int status = 1;
		try {
			benchmark.run();
			status = 0;
		}
		finally {
			benchmark.stopAll();
		}
		System.exit(status);
	}

	/** The sides. */
	enum Side {

		PIPELINE("pipeline"), FLINK("Flink SQL job"), PARSE("parse-only consumer");

		private final String title;

		Side(String title) {
			this.title = title;
		}

		static Side of(String name) {
			return switch (name.trim()) {
				case "pipeline" -> PIPELINE;
				case "flink" -> FLINK;
				case "parse" -> PARSE;
				default -> throw new IllegalArgumentException(
						"bench.sides: unknown side '" + name + "' (pipeline, flink, parse)");
			};
		}

	}

	/**
	 * One side's figures in one round; times in seconds from just before its JVM's process started.
	 */
	record Result(int round, Side side, double firstCommit, double at10, long rows10, double at90, long rows90,
			double end, long rows, double cpuSeconds, String load) {

		double endToEndRate() {
			return this.rows / this.end;
		}

		double steadyRate() {
			return (this.at90 > this.at10) ? (this.rows90 - this.rows10) / (this.at90 - this.at10) : Double.NaN;
		}

	}

	/** The run's settings, from system properties. */
	record Settings(int records, int rounds, int partitions, List<Side> sides, List<String> pipelineArgs,
			int flinkParallelism, long flinkCheckpointMillis, Path flinkClasspath, Path flinkClasses, String heap,
			long pollMillis, long timeoutSeconds, Path work, Path out, boolean cds, boolean warmUp) {

		static Settings fromSystemProperties() {
			// "-" (the profile's default) or empty: none
			String pipelineArgs = System.getProperty("bench.pipeline.args", "").trim();
			if (pipelineArgs.equals("-")) {
				pipelineArgs = "";
			}
			return new Settings(Integer.getInteger("bench.records", 1_000_000),
					Integer.getInteger("bench.rounds", 4), Integer.getInteger("bench.partitions", 4),
					Arrays.stream(System.getProperty("bench.sides", "pipeline,flink,parse").split(","))
						.map(Side::of).toList(),
					pipelineArgs.isEmpty() ? List.of() : List.of(pipelineArgs.split("\\s+")),
					Integer.getInteger("bench.flink.parallelism", 2),
					Long.getLong("bench.flink.checkpoint-ms", 500),
					Path.of(System.getProperty("bench.flink.classpath", "target/bench-flink/flink-classpath.txt")),
					Path.of(System.getProperty("bench.flink.classes", "target/bench-flink/classes")),
					System.getProperty("bench.heap", "4g"), Long.getLong("bench.poll-ms", 100),
					Long.getLong("bench.timeout-seconds", 600),
					Path.of(System.getProperty("bench.work", "target/bench-flink/runs")),
					Path.of(System.getProperty("bench.out", "target/flink-comparison-results.md")),
					Boolean.getBoolean("bench.cds"),
					!System.getProperty("bench.warm-up", "true").equals("false"));
		}

	}

	private void run() throws Exception {
		Settings s = this.settings;
		Files.createDirectories(s.work());
		String flinkClasspath = s.sides().contains(Side.FLINK) ? flinkClasspath() : "";
		String startLoad = load();
		this.bootstrapServers = startBroker();
		String topic = "bench-events";
		long bytes = produce(topic);
		System.out.printf(Locale.ROOT, "produced %,d records (%,d bytes of values, %d on average) into %s, %d "
				+ "partitions; load %s%n", s.records(), bytes, bytes / s.records(), topic, s.partitions(), load());
		if (this.cds != null) {
			for (Side side : s.sides()) {
				Result training = measure(-1, side, topic, flinkClasspath);
				System.out.printf(Locale.ROOT, "class data sharing: %s trained (all rows at %.2f s), archive %s%n",
						side.title, training.end(), this.cds.archive(side.name()));
			}
		}
		else if (s.warmUp()) {
			Result warmUp = measure(-1, Side.PARSE, topic, flinkClasspath);
			System.out.printf(Locale.ROOT, "warm-up (not measured): a parse-only consumer read the topic once, all "
					+ "records at %.2f s, so that the first measured side does not meet a cold broker%n", warmUp.end());
		}
		List<Result> results = new ArrayList<>();
		for (int round = 0; round < s.rounds(); round++) {
			List<Side> order = new ArrayList<>(s.sides());
			if (round % 2 == 1) {
				Collections.reverse(order);
			}
			for (Side side : order) {
				Result result = measure(round, side, topic, flinkClasspath);
				results.add(result);
				System.out.printf(Locale.ROOT,
						"round %d %-20s first commit %6.2f s, all %,d rows at %6.2f s: %,9.0f records/s end to end, "
								+ "%,9.0f records/s steady (10-90 %%), %.1f s CPU; load %s%n",
						round, side.title, result.firstCommit(), result.rows(), result.end(), result.endToEndRate(),
						result.steadyRate(), result.cpuSeconds(), result.load());
			}
		}
		String report = report(results, bytes, startLoad, flinkClasspath);
		Files.createDirectories(s.out().toAbsolutePath().getParent());
		Files.writeString(s.out(), report);
		System.out.println();
		System.out.println(report);
		System.out.println("written to " + s.out().toAbsolutePath());
	}

	// ---- the broker and the data

	private String startBroker() throws Exception {
		Path log = this.settings.work().resolve("broker.log");
		ProcessBuilder builder = new ProcessBuilder(javaCommand("1g", List.of(), testClasspath(),
				BenchBroker.class.getName(), List.of()));
		builder.redirectErrorStream(true);
		Process broker = builder.start();
		this.running.add(broker);
		CompletableFuture<String> bootstrap = new CompletableFuture<>();
		Thread reader = new Thread(() -> {
			try (BufferedReader lines = new BufferedReader(
					new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8));
					PrintStream file = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
				String line;
				while ((line = lines.readLine()) != null) {
					file.println(line);
					if (line.startsWith("bootstrap=")) {
						bootstrap.complete(line.substring("bootstrap=".length()));
					}
				}
			}
			catch (IOException ex) {
				bootstrap.completeExceptionally(ex);
			}
			bootstrap.completeExceptionally(new IllegalStateException("the broker JVM ended before it was up"));
		}, "bench-broker-output");
		reader.setDaemon(true);
		reader.start();
		try {
			String servers = bootstrap.get(120, TimeUnit.SECONDS);
			System.out.println("broker (own JVM, pid " + broker.pid() + ") at " + servers + ", settings "
					+ brokerSettings() + "; log " + log);
			return servers;
		}
		catch (Exception ex) {
			throw new IllegalStateException("the benchmark broker did not start within 120 s; see " + log, ex);
		}
	}

	private static String brokerSettings() {
		List<String> pairs = new ArrayList<>();
		for (int i = 0; i < BenchBroker.SETTINGS.length; i += 2) {
			pairs.add(BenchBroker.SETTINGS[i] + "=" + BenchBroker.SETTINGS[i + 1]);
		}
		return String.join(", ", pairs);
	}

	private long produce(String topic) throws Exception {
		Settings s = this.settings;
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers))) {
			admin.createTopics(List.of(new NewTopic(topic, s.partitions(), (short) 1))).all().get(60,
					TimeUnit.SECONDS);
			awaitLeaders(admin, topic);
			long bytes = 0;
			Map<String, Object> config = new HashMap<>();
			config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers);
			config.put(ProducerConfig.ACKS_CONFIG, "all");
			config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
			try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(),
					new ByteArraySerializer())) {
				for (int id = 0; id < s.records(); id++) {
					byte[] value = record(id);
					bytes += value.length;
					producer.send(new ProducerRecord<>(topic, id % s.partitions(), null, value));
				}
				producer.flush();
			}
			Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
			for (int partition = 0; partition < s.partitions(); partition++) {
				latest.put(new TopicPartition(topic, partition), OffsetSpec.latest());
			}
			long total = admin.listOffsets(latest).all().get(60, TimeUnit.SECONDS).values().stream()
				.mapToLong((info) -> info.offset()).sum();
			if (total != s.records()) {
				throw new IllegalStateException("topic " + topic + " holds " + total + " records, not " + s.records());
			}
			return bytes;
		}
	}

	private static void awaitLeaders(Admin admin, String topic) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (System.nanoTime() < deadline) {
			TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames().get(30,
					TimeUnit.SECONDS).get(topic);
			if (description.partitions().stream().allMatch((partition) -> partition.leader() != null)) {
				return;
			}
			Thread.sleep(50);
		}
		throw new IllegalStateException("the partitions of topic " + topic + " have no leader after 60 s");
	}

	/** A JSON object of about 200 bytes with exactly the table's data columns. */
	static byte[] record(long id) {
		return ("{\"id\":" + id + ",\"customer\":\"customer-" + (id % 977) + "\",\"amount\":"
				+ BigDecimal.valueOf(id % 100_000, 2).toPlainString()
				+ ",\"note\":\"a note that makes the record about two hundred bytes long, like a typical event "
				+ "from a web shop, with a few more words: a purchase, paid\"}")
			.getBytes(StandardCharsets.UTF_8);
	}

	private static void deleteRecursively(Path directory) throws IOException {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

	// ---- one side, one round

	private Result measure(int round, Side side, String topic, String flinkClasspath) throws Exception {
		Settings s = this.settings;
		boolean unmeasured = round < 0;
		boolean training = unmeasured && this.cds != null; // the unmeasured run that writes a class data archive
		String name = (unmeasured ? (training ? "cds-training" : "warm-up") : "round-" + round) + "-"
				+ side.name().toLowerCase(Locale.ROOT);
		Path warehouse = s.work().resolve(name + "-warehouse");
		deleteRecursively(warehouse); // fresh: a table left by an earlier run would count as done at once
		Path log = s.work().resolve(name + ".log");
		String group = "bench-" + name + "-" + System.currentTimeMillis();
		List<String> sharing = (this.cds == null) ? List.of()
				: training ? this.cds.training(side.name()) : this.cds.use(side.name());
		String classpath = (this.cds != null) ? this.cds.jarsOnly(testClasspath()) : testClasspath();
		List<String> command = switch (side) {
			case PIPELINE -> javaCommand(s.heap(), concat(pipelineJvmOptions(), sharing), classpath,
					PipelineBenchApp.class.getName(), pipelineArguments(warehouse, topic, group));
			case FLINK -> javaCommand(s.heap(), concat(FLINK_JVM_OPTIONS, sharing),
					(this.cds != null) ? this.cds.jarsOnly(flinkClasspath) : flinkClasspath,
					"io.github.paimonspring.kafka.bench.flink.FlinkSqlJob",
					List.of(this.bootstrapServers, topic, group, warehouse.toAbsolutePath().toUri().toString(),
							Integer.toString(s.flinkParallelism()), Long.toString(s.flinkCheckpointMillis())));
			case PARSE -> javaCommand(s.heap(), sharing, classpath, ParseOnlyConsumer.class.getName(),
					List.of(this.bootstrapServers, topic, group, Integer.toString(s.records())));
		};
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		if (side != Side.PARSE) {
			builder.redirectOutput(log.toFile());
		}
		String loadBefore = load();
		long start = System.nanoTime();
		Process process = builder.start();
		this.running.add(process);
		try {
			Marks marks = (side == Side.PARSE) ? watchProgress(process, log, start) : watchSnapshots(process,
					warehouse.resolve(TABLE_DIRECTORY), start, name, log);
			double cpu = process.toHandle().info().totalCpuDuration().map((d) -> d.toMillis() / 1e3).orElse(Double.NaN);
			return new Result(round, side, marks.seconds(0), marks.seconds(1), marks.rows[1], marks.seconds(2),
					marks.rows[2], marks.seconds(3), marks.rows[3], cpu, loadBefore + " → " + load());
		}
		finally {
			kill(process, training);
		}
	}

	private List<String> pipelineArguments(Path warehouse, String topic, String group) {
		List<String> args = new ArrayList<>(List.of("--paimon.catalog.warehouse=" + warehouse.toAbsolutePath(),
				"--spring.kafka.bootstrap-servers=" + this.bootstrapServers, "--logging.level.root=WARN",
				"--paimon.tables.events.identifier=default.events", "--paimon.tables.events.create-if-missing=true"));
		String[][] columns = { { "id", "BIGINT NOT NULL" }, { "customer", "STRING" }, { "amount", "DECIMAL(10, 2)" },
				{ "note", "STRING" }, { "kafka_partition", "INT" }, { "kafka_offset", "BIGINT" } };
		for (int i = 0; i < columns.length; i++) {
			args.add("--paimon.tables.events.schema.columns[" + i + "].name=" + columns[i][0]);
			args.add("--paimon.tables.events.schema.columns[" + i + "].type=" + columns[i][1]);
		}
		args.add("--paimon.kafka.pipelines.events.topics=" + topic);
		args.add("--paimon.kafka.pipelines.events.table=events");
		args.add("--paimon.kafka.pipelines.events.group-id=" + group);
		args.add("--paimon.kafka.pipelines.events.auto-offset-reset=earliest");
		args.add("--paimon.kafka.pipelines.events.columns.partition=kafka_partition");
		args.add("--paimon.kafka.pipelines.events.columns.offset=kafka_offset");
		if (pipelineConcurrency()) {
			args.add("--paimon.kafka.pipelines.events.concurrency=" + this.settings.flinkParallelism());
		}
		args.addAll(this.settings.pipelineArgs());
		return args;
	}

	/** Whether the pipeline gets the Flink job's parallelism as its concurrency (not set by bench.pipeline.args). */
	private boolean pipelineConcurrency() {
		return this.settings.pipelineArgs().stream().noneMatch((arg) -> arg.contains(".concurrency="));
	}

	/** Times (nanoTime) and rows of: the first commit, ≥ 10 %, ≥ 90 %, all rows. */
	private static final class Marks {

		private final long start;

		private final long[] at = new long[4];

		private final long[] rows = new long[4];

		private final long[] thresholds;

		Marks(long start, long records) {
			this.start = start;
			this.thresholds = new long[] { 1, (records + 9) / 10, (records * 9 + 9) / 10, records };
		}

		/** Records an observation; true once all rows are in. */
		boolean observe(long now, long committed) {
			for (int i = 0; i < 4; i++) {
				if (this.at[i] == 0 && committed >= this.thresholds[i]) {
					this.at[i] = now;
					this.rows[i] = committed;
				}
			}
			return this.at[3] != 0;
		}

		double seconds(int mark) {
			return (this.at[mark] - this.start) / 1e9;
		}

	}

	private Marks watchSnapshots(Process process, Path table, long start, String name, Path log) throws Exception {
		Settings s = this.settings;
		SnapshotProbe probe = new SnapshotProbe(table);
		Marks marks = new Marks(start, s.records());
		long deadline = start + TimeUnit.SECONDS.toNanos(s.timeoutSeconds());
		long next = start;
		while (true) {
			long committed;
			try {
				committed = probe.committedRecords();
			}
			catch (RuntimeException ex) {
				committed = 0; // a snapshot being written; the next poll reads it
			}
			long now = System.nanoTime();
			if (marks.observe(now, committed)) {
				if (committed != s.records()) {
					throw new IllegalStateException(name + ": the table " + table + " holds " + committed
							+ " rows, more than the " + s.records() + " records of the topic; see " + log);
				}
				return marks;
			}
			if (!process.isAlive()) {
				throw new IllegalStateException(name + ": the JVM ended (exit " + process.exitValue() + ") with "
						+ committed + " of " + s.records() + " rows committed; see " + log);
			}
			if (now > deadline) {
				throw new IllegalStateException(name + ": " + committed + " of " + s.records()
						+ " rows committed after " + s.timeoutSeconds() + " s (bench.timeout-seconds); see " + log);
			}
			next += TimeUnit.MILLISECONDS.toNanos(s.pollMillis());
			long wait = next - System.nanoTime();
			if (wait > 0) {
				TimeUnit.NANOSECONDS.sleep(wait);
			}
		}
	}

	private Marks watchProgress(Process process, Path log, long start) throws Exception {
		Settings s = this.settings;
		Marks marks = new Marks(start, s.records());
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
				OutputStream file = Files.newOutputStream(log)) {
			CompletableFuture<Boolean> done = CompletableFuture.supplyAsync(() -> {
				try {
					String line;
					while ((line = lines.readLine()) != null) {
						long now = System.nanoTime();
						file.write((line + "\n").getBytes(StandardCharsets.UTF_8));
						if (line.startsWith("progress ") && marks.observe(now,
								Long.parseLong(line.substring("progress ".length())))) {
							return true;
						}
					}
					return false;
				}
				catch (IOException ex) {
					throw new IllegalStateException(ex);
				}
			});
			if (!done.get(s.timeoutSeconds(), TimeUnit.SECONDS)) {
				throw new IllegalStateException("the parse-only consumer ended before it read " + s.records()
						+ " records; see " + log);
			}
			return marks;
		}
	}

	// ---- processes

	private List<String> javaCommand(String heap, List<String> options, String classpath, String mainClass,
			List<String> args) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Xmx" + heap);
		command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
		command.addAll(options);
		command.add("-cp");
		command.add(classpath);
		command.add(mainClass);
		command.addAll(args);
		return command;
	}

	private static List<String> concat(List<String> first, List<String> second) {
		return Stream.concat(first.stream(), second.stream()).toList();
	}

	/** {@code bench.pipeline.jvm}: further options of the pipeline's JVM (a flight recording, say), space-separated. */
	private static List<String> pipelineJvmOptions() {
		String options = System.getProperty("bench.pipeline.jvm", "").trim();
		return (options.isEmpty() || options.equals("-")) ? List.of() : List.of(options.split("\\s+"));
	}

	private static String testClasspath() {
		return System.getProperty("java.class.path");
	}

	private String flinkClasspath() throws IOException {
		Settings s = this.settings;
		if (!Files.isRegularFile(s.flinkClasspath()) || !Files.isDirectory(s.flinkClasses())) {
			throw new IllegalStateException("bench.flink.classpath (" + s.flinkClasspath()
					+ ") or bench.flink.classes (" + s.flinkClasses() + ") is missing: build the Flink job with "
					+ "mvn -f kafka/src/bench/flink/pom.xml process-classes (the bench-flink profile does)");
		}
		return s.flinkClasses().toAbsolutePath() + File.pathSeparator
				+ Files.readString(s.flinkClasspath()).trim();
	}

	/**
	 * Ends a measured JVM; a training run (and any with {@code bench.graceful-stop}, for flight recordings and
	 * profiles) first gets SIGTERM and time to exit, as its class data archive is written on exit.
	 */
	private void kill(Process process, boolean training) throws InterruptedException {
		if (training || Boolean.getBoolean("bench.graceful-stop")) {
			process.destroy();
			process.waitFor(training ? 120 : 30, TimeUnit.SECONDS);
		}
		process.descendants().forEach(ProcessHandle::destroyForcibly);
		process.destroyForcibly();
		process.waitFor(60, TimeUnit.SECONDS);
		this.running.remove(process);
	}

	private void stopAll() throws InterruptedException {
		for (Process process : new ArrayList<>(this.running)) {
			kill(process, false);
		}
	}

	/** The 1, 5 and 15 minute load averages of the machine. */
	private static String load() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
			return fields[0] + " " + fields[1] + " " + fields[2];
		}
		catch (IOException ex) {
			return String.format(Locale.ROOT, "%.2f",
					ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
		}
	}

	// ---- the report

	private String report(List<Result> results, long bytes, String startLoad, String flinkClasspath) {
		Settings s = this.settings;
		StringBuilder out = new StringBuilder();
		out.append(String.format(Locale.ROOT, "## Kafka pipeline vs a Flink 2.0 SQL job (%s)%n%n", LocalDate.now()));
		out.append(String.format(Locale.ROOT,
				"%,d JSON records of %d bytes on average, %d partitions, %d rounds (order alternating), %d cores, "
						+ "Java %s, -Xmx%s per measured JVM. Load average (1, 5, 15 min) at the start: %s, at the "
						+ "end: %s.%n%n",
				s.records(), bytes / s.records(), s.partitions(), s.rounds(),
				Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), s.heap(), startLoad,
				load()));
		out.append("- broker: spring-kafka-test's EmbeddedKafkaKraftBroker in its own JVM (-Xmx1g), ")
			.append(brokerSettings()).append('\n');
		out.append("- pipeline: the module's defaults")
			.append(pipelineConcurrency()
					? " with concurrency " + s.flinkParallelism() + " (the Flink job's parallelism)" : "")
			.append(s.pipelineArgs().isEmpty() ? "" : ", plus " + String.join(" ", s.pipelineArgs())).append('\n');
		if (s.sides().contains(Side.FLINK)) {
			out.append(String.format(Locale.ROOT,
					"- Flink: local mode, parallelism %d, checkpoint every %d ms; %s%n", s.flinkParallelism(),
					s.flinkCheckpointMillis(), flinkJars(flinkClasspath)));
		}
		if (s.cds()) {
			out.append("- class data sharing (bench.cds): every side's JVMs start with -XX:SharedArchiveFile, a "
					+ "dynamic archive written by one unmeasured run of that side on the same topic "
					+ "(-XX:ArchiveClassesAtExit)\n");
		}
		else if (s.warmUp()) {
			out.append("- warm-up: before the rounds a parse-only consumer read the topic once, not measured (the "
					+ "broker's fetch path is compiled before the first measured side reads)\n");
		}
		out.append("\nTimes from just before the JVM's process starts. Steady = rows/s between the first observation "
				+ "with ≥ 10 % and the first with ≥ 90 % of the rows committed (parse-only: parsed). CPU = the "
				+ "measured JVM's CPU time (all threads) when all rows were in, the broker's not included.\n\n");
		out.append("| round | side | first commit (s) | all rows (s) | end to end (records/s) | steady (records/s) "
				+ "| CPU (s) | load before → after |\n|---:|---|---:|---:|---:|---:|---:|---|\n");
		for (Result r : results) {
			out.append(String.format(Locale.ROOT, "| %d | %s | %.2f | %.2f | %,.0f | %s | %.1f | %s |%n", r.round(),
					r.side().title, r.firstCommit(), r.end(), r.endToEndRate(), rate(r.steadyRate()),
					r.cpuSeconds(), r.load()));
		}
		out.append("\n| side | median first commit (s) | median all rows (s) | median end to end (records/s) "
				+ "| median steady (records/s) | median CPU (s) |\n|---|---:|---:|---:|---:|---:|\n");
		for (Side side : s.sides()) {
			List<Result> ofSide = results.stream().filter((r) -> r.side() == side).toList();
			out.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %,.0f | %s | %.1f |%n", side.title,
					median(ofSide.stream().map(Result::firstCommit).toList()),
					median(ofSide.stream().map(Result::end).toList()),
					median(ofSide.stream().map(Result::endToEndRate).toList()),
					rate(median(ofSide.stream().map(Result::steadyRate).toList())),
					median(ofSide.stream().map(Result::cpuSeconds).toList())));
		}
		out.append('\n');
		ratio(out, results, Side.PIPELINE, Side.FLINK);
		ratio(out, results, Side.PIPELINE, Side.PARSE);
		ratio(out, results, Side.FLINK, Side.PARSE);
		return out.toString();
	}

	private void ratio(StringBuilder out, List<Result> results, Side a, Side b) {
		if (!this.settings.sides().contains(a) || !this.settings.sides().contains(b)) {
			return;
		}
		Map<Integer, Result> ofA = new ConcurrentHashMap<>();
		Map<Integer, Result> ofB = new ConcurrentHashMap<>();
		results.stream().filter((r) -> r.side() == a).forEach((r) -> ofA.put(r.round(), r));
		results.stream().filter((r) -> r.side() == b).forEach((r) -> ofB.put(r.round(), r));
		List<Double> steady = new ArrayList<>();
		List<Double> endToEnd = new ArrayList<>();
		for (int round = 0; round < this.settings.rounds(); round++) {
			steady.add(ofA.get(round).steadyRate() / ofB.get(round).steadyRate());
			endToEnd.add(ofA.get(round).endToEndRate() / ofB.get(round).endToEndRate());
		}
		double mediansSteady = median(ofA.values().stream().map(Result::steadyRate).toList())
				/ median(ofB.values().stream().map(Result::steadyRate).toList());
		double mediansEndToEnd = median(ofA.values().stream().map(Result::endToEndRate).toList())
				/ median(ofB.values().stream().map(Result::endToEndRate).toList());
		out.append(String.format(Locale.ROOT,
				"- %s / %s: steady **%.2f×** (median of the rounds' ratios %s; ratio of the medians %.2f), end to "
						+ "end **%.2f×** (%s; %.2f)%n",
				a.title, b.title, median(steady), ratios(steady), mediansSteady, median(endToEnd), ratios(endToEnd),
				mediansEndToEnd));
	}

	private static String ratios(List<Double> values) {
		return values.stream().map((v) -> String.format(Locale.ROOT, "%.2f", v)).collect(Collectors.joining(" · "));
	}

	private static String rate(double value) {
		return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, "%,.0f", value);
	}

	private static String flinkJars(String classpath) {
		List<String> names = new ArrayList<>();
		for (String entry : classpath.split(File.pathSeparator)) {
			String file = Path.of(entry).getFileName().toString();
			if (file.matches("(paimon-flink|flink-sql-connector-kafka|flink-json|flink-table-runtime|flink-clients)"
					+ "-\\d.*\\.jar")) {
				names.add(file);
			}
		}
		Collections.sort(names);
		return String.join(", ", names);
	}

	private static double median(List<Double> values) {
		List<Double> sorted = values.stream().filter((v) -> !Double.isNaN(v)).sorted().toList();
		if (sorted.isEmpty()) {
			return Double.NaN;
		}
		int middle = sorted.size() / 2;
		return (sorted.size() % 2 == 1) ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
	}

}
