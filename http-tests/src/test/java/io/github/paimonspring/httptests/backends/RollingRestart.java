package io.github.paimonspring.httptests.backends;

import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.Haproxy;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.kafka.TestKafka;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;

/**
 * A rolling restart as an operator runs one, with the producers a service has. Two packaged sample apps on one
 * JDBC catalog (PostgreSQL) and warehouse run behind {@link Haproxy} configured as production.md says, with the
 * {@code kafka} profile's pipeline on both. Through the balancer, two producers send keyed one-shot uploads and
 * two stream pipelined appends to a channel each, all retrying exactly what rest-api.md's retry rule says
 * ({@link RetryRule}); a Kafka producer writes records at a steady rate. After a steady phase each instance in
 * turn gets a SIGTERM, exits, starts again on its port and is waited for until the balancer's health check sees
 * it ready; then a second steady phase, and the producers stop. With {@link #withFlight()} the instances also
 * serve Flight SQL behind the balancer's TCP frontend of docs/flight.md, and a producer sends keyed bulk ingests
 * there over one long-lived gRPC channel, resending what docs/flight.md says to ({@code UNAVAILABLE}, with the same
 * {@code idempotency-key}). The {@link Report} says what every request
 * answered and how long it took, per phase; {@code RollingRestartTests} asserts on it and on the tables,
 * {@code RollingRestartBenchmark} compares settings.
 */
final class RollingRestart implements AutoCloseable {

	static final int PARTITIONS = 4;

	static final int ROWS = 10;

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String UPLOADS = "/paimon/tables/rr/keys/uploads";

	private static final String CHANNELS = "/paimon/tables/rr/stream/channels/";

	/** Where channel {@code c}'s row ids start. */
	private static final int CHANNEL_IDS = 1_000_000;

	private static final int KEYED_PRODUCERS = 2;

	private static final int CHANNELS_STREAMED = 2;

	private static final int IN_FLIGHT = 4;

	private static final int KAFKA_RATE = 500;

	final SharedCatalog catalog;

	private final Path dir;

	private final Path jar;

	private final List<String> args;

	private final String topic;

	private final RetryRule rule = new RetryRule();

	private final List<SampleAppProcess> logs = new ArrayList<>();

	private final SampleAppProcess[] instances = new SampleAppProcess[2];

	private Haproxy balancer;

	private volatile boolean stopping;

	private volatile long rollStart = Long.MAX_VALUE;

	private volatile long rollEnd = Long.MAX_VALUE;

	private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();

	private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();

	private final AtomicInteger nextKey = new AtomicInteger();

	private final ConcurrentLinkedQueue<Integer> ackedKeys = new ConcurrentLinkedQueue<>();

	private final AtomicLong[] lastAcked = { new AtomicLong(), new AtomicLong() };

	private final AtomicInteger kafkaSent = new AtomicInteger();

	private final int[] flightPorts = { -1, -1 };

	private final AtomicInteger flightKeys = new AtomicInteger();

	private final AtomicLong flightResends = new AtomicLong();

	/** One request: when it was first sent (nanos), how long until its final answer, whether it succeeded. */
	record Sample(String kind, long sentAt, long millis, boolean ok, int attempts) {
	}

	/** A restarted instance: its exit code, and its start measured three ways (ms from its launch). */
	record Restart(String server, int exitCode, long stopMillis, long answeringMillis, long readyInBalancerMillis,
			long startToReadyMillis) {
	}

	/** What a roll did. */
	record Report(String settings, List<Sample> steady, List<Sample> roll, List<String> failures,
			List<Restart> restarts, long resends, int keys, long[] channelTokens, int kafkaRecords, int flightKeys,
			long flightResends) {

		static long percentile(List<Sample> samples, double p) {
			List<Long> millis = samples.stream().map(Sample::millis).sorted().toList();
			if (millis.isEmpty()) {
				return -1;
			}
			return millis.get((int) Math.min(millis.size() - 1, Math.ceil(p * millis.size()) - 1));
		}

		String summary() {
			return this.settings + ": " + this.steady.size() + " requests steady (p50 " + percentile(this.steady, 0.5)
					+ " ms, p99 " + percentile(this.steady, 0.99) + " ms), " + this.roll.size()
					+ " during the roll (p50 " + percentile(this.roll, 0.5) + " ms, p99 " + percentile(this.roll, 0.99)
					+ " ms), " + this.failures.size() + " failed, " + this.resends + " resends; restarts "
					+ this.restarts + "; " + this.keys + " keys, channel tokens " + this.channelTokens[0] + "/"
					+ this.channelTokens[1] + ", " + this.kafkaRecords + " Kafka records, " + this.flightKeys
					+ " Flight ingests (" + this.flightResends + " resent)";
		}

	}

	/**
	 * @param dir the run's directory (warehouse, balancer configuration, logs)
	 * @param args the instances' arguments beyond the catalog, the admin API and the Kafka pipeline
	 */
	RollingRestart(Path dir, List<String> args) throws Exception {
		this(dir, SampleAppProcess.jar(), args);
	}

	/**
	 * @param dir the run's directory (warehouse, balancer configuration, logs)
	 * @param jar the packaged sample app (another build in a benchmark of before and after)
	 * @param args the instances' arguments beyond the catalog, the admin API and the Kafka pipeline
	 */
	RollingRestart(Path dir, Path jar, List<String> args) throws Exception {
		this.dir = dir;
		this.jar = jar;
		this.args = args;
		this.catalog = SharedCatalog.onLocalDisk(dir);
		for (String table : List.of("rr.keys", "rr.stream", "rr.flight")) {
			this.catalog.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build());
		}
		this.topic = TestKafka.createTopic("rolling", PARTITIONS);
	}

	private List<String> instanceArgs() {
		List<String> all = new ArrayList<>(List.of("--spring.profiles.active=kafka",
				"--spring.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
				"--paimon.kafka.pipelines.events.topics=" + this.topic, "--paimon.ingest.commit-interval=200ms",
				"--spring.kafka.consumer.properties.session.timeout.ms=6000",
				"--spring.kafka.consumer.properties.heartbeat.interval.ms=1000"));
		all.addAll(this.args);
		return all;
	}

	/**
	 * Lets the instances serve Flight SQL too, behind the balancer's Flight frontend, with a producer of keyed bulk
	 * ingests.
	 * @return this
	 */
	RollingRestart withFlight() throws Exception {
		this.flightPorts[0] = SampleAppProcess.freePort();
		this.flightPorts[1] = SampleAppProcess.freePort();
		return this;
	}

	/**
	 * Runs the whole scenario: start, warm-up, steady phase, roll, steady phase, stop the producers.
	 * @param settings what the report calls the run
	 * @param steadyRequests the requests of the warm-up and of each steady phase (the warm-up's are not reported)
	 * @return what happened
	 */
	Report run(String settings, int steadyRequests) throws Exception {
		this.instances[0] = start(0, SampleAppProcess.freePort());
		this.instances[1] = start(1, SampleAppProcess.freePort());
		this.balancer = Haproxy.start(this.dir, this.instances[0].port(), this.instances[1].port(),
				this.flightPorts[0], this.flightPorts[1]);
		this.balancer.awaitServer("a", "UP", Duration.ofMinutes(1));
		this.balancer.awaitServer("b", "UP", Duration.ofMinutes(1));
		ExecutorService producers = Executors.newCachedThreadPool();
		List<Future<?>> running = new ArrayList<>();
		List<Restart> restarts = new ArrayList<>();
		long warmedUp = Long.MAX_VALUE;
		KafkaProducer<byte[], byte[]> kafka = TestKafka.producer();
		try {
			for (int p = 0; p < KEYED_PRODUCERS; p++) {
				running.add(producers.submit(this::uploadKeys));
			}
			for (int c = 0; c < CHANNELS_STREAMED; c++) {
				int channel = c;
				running.add(producers.submit(() -> streamChannel(channel)));
			}
			running.add(producers.submit(() -> produceRecords(kafka)));
			if (this.balancer.flightPort() > 0) {
				running.add(producers.submit(this::ingestOverFlight));
			}
			awaitSamples(steadyRequests); // the first requests find JVMs that just started: not steady yet
			warmedUp = System.nanoTime();
			awaitSamples(this.samples.size() + steadyRequests);
			this.rollStart = System.nanoTime();
			restarts.add(restart(0, "a"));
			restarts.add(restart(1, "b"));
			this.rollEnd = System.nanoTime();
			awaitSamples(this.samples.size() + steadyRequests);
		}
		finally {
			this.stopping = true;
			for (Future<?> producer : running) {
				producer.get(5, TimeUnit.MINUTES);
			}
			producers.shutdown();
			kafka.flush();
			kafka.close();
		}
		List<Sample> steady = new ArrayList<>();
		List<Sample> roll = new ArrayList<>();
		for (Sample sample : this.samples) {
			if (sample.sentAt() >= this.rollStart && sample.sentAt() <= this.rollEnd) {
				roll.add(sample);
			}
			else if (sample.sentAt() >= warmedUp) {
				steady.add(sample);
			}
		}
		return new Report(settings, steady, roll, List.copyOf(this.failures), restarts, this.rule.resends(),
				this.ackedKeys.size(), new long[] { this.lastAcked[0].get(), this.lastAcked[1].get() },
				this.kafkaSent.get(), this.flightKeys.get(), this.flightResends.get());
	}

	private SampleAppProcess start(int index, int port) throws Exception {
		List<String> args = instanceArgs();
		if (this.flightPorts[index] > 0) {
			args.addAll(List.of("--paimon.flight.enabled=true", "--paimon.flight.port=" + this.flightPorts[index],
					"--paimon.flight.address=127.0.0.1"));
		}
		SampleAppProcess app = this.catalog.startOnPort(this.jar, port, args.toArray(new String[0]));
		this.logs.add(app);
		return app;
	}

	/** SIGTERM, exit, start again on the same port, ready in the balancer. */
	private Restart restart(int index, String server) throws Exception {
		SampleAppProcess old = this.instances[index];
		long stopped = System.nanoTime();
		old.terminate();
		int exit = old.awaitExit(Duration.ofMinutes(2));
		long stopMillis = millisSince(stopped);
		long launched = System.nanoTime();
		SampleAppProcess again = start(index, old.port());
		long answering = millisSince(launched);
		this.instances[index] = again;
		this.balancer.awaitServer(server, "UP", Duration.ofMinutes(2));
		long ready = millisSince(launched);
		JsonNode readiness = JSON.readTree(SharedCatalog.client(again).get("/actuator/paimon").body())
			.path("readiness");
		return new Restart(server, exit, stopMillis, answering, ready, readiness.path("startToReadyMillis").asLong(-1));
	}

	private void awaitSamples(int count) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
		while (this.samples.size() < count) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("fewer than " + count + " requests answered within 5 minutes; failures: "
						+ this.failures);
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
		}
	}

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(this.balancer.uri(path))
			.timeout(Duration.ofSeconds(60))
			.header("Authorization", "Bearer " + SharedCatalog.TOKEN);
	}

	private void uploadKeys() {
		try {
			while (!this.stopping) {
				int key = this.nextKey.getAndIncrement();
				HttpRequest upload = request(UPLOADS).header("Content-Type", AdminClient.ARROW)
					.header("Idempotency-Key", "roll-" + key)
					.POST(HttpRequest.BodyPublishers.ofByteArray(SharedCatalog.keyedBody(key, "roll")))
					.build();
				if (record("upload", upload) != null) {
					this.ackedKeys.add(key);
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Bulk ingests of {@link #ROWS} rows into {@code rr.flight}, each with its own {@code idempotency-key}, one after
	 * the other over one gRPC channel to the balancer's Flight frontend (it connects again when its connection
	 * ends). An ingest answered {@code UNAVAILABLE} is sent again with the same key after a jittered backoff from
	 * 0.5 s doubling up to 30 s, for at most two minutes; every other answer is final.
	 */
	private void ingestOverFlight() {
		FlightCallHeaders headers = new FlightCallHeaders();
		headers.insert("authorization", "Bearer " + SharedCatalog.TOKEN);
		CallOption[] options = { new HeaderCallOption(headers), CallOptions.timeout(60, TimeUnit.SECONDS) };
		try (BufferAllocator allocator = new RootAllocator(); FlightSqlClient flight = new FlightSqlClient(
				FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", this.balancer.flightPort()))
					.build())) {
			while (!this.stopping) {
				int key = this.flightKeys.get();
				FlightSqlClient.ExecuteIngestOptions ingest = new FlightSqlClient.ExecuteIngestOptions("flight",
						TableDefinitionOptions.newBuilder()
							.setIfNotExist(TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_FAIL)
							.setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND)
							.build(),
						null, "rr", Map.of("idempotency-key", "flight-" + key));
				long sent = System.nanoTime();
				long giveUp = sent + TimeUnit.MINUTES.toNanos(2);
				long backoff = 500;
				int attempts = 0;
				String failure = null;
				while (true) {
					attempts++;
					try (VectorSchemaRoot rows = keyedBatch(allocator, key, "flight")) {
						long written = flight.executeIngest(rows, ingest, options);
						// 0 rows: a resend of an ingest that was committed before its answer was lost
						if (written != ROWS && (written != 0 || attempts == 1)) {
							failure = "wrote " + written + " rows";
						}
						break;
					}
					catch (FlightRuntimeException ex) {
						if (ex.status().code() != FlightStatusCode.UNAVAILABLE || System.nanoTime() > giveUp) {
							failure = ex.status().code() + " " + ex.getMessage();
							break;
						}
					}
					this.flightResends.incrementAndGet();
					LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(backoff / 2
							+ ThreadLocalRandom.current().nextLong(backoff / 2 + 1)));
					backoff = Math.min(backoff * 2, 30_000);
				}
				this.samples.add(new Sample("flight", sent, millisSince(sent), failure == null, attempts));
				if (failure != null) {
					this.failures.add("Flight ingest with key flight-" + key + ": " + failure);
					return;
				}
				this.flightKeys.incrementAndGet();
			}
		}
		catch (Exception ex) {
			this.failures.add("Flight ingests: " + ex);
		}
	}

	/** The rows {@link SharedCatalog#keyedBody} uploads for a key, as a batch. */
	private static VectorSchemaRoot keyedBatch(BufferAllocator allocator, int key, String label) {
		VectorSchemaRoot root = VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(List.of(
				new Field("id", FieldType.nullable(new ArrowType.Int(32, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null))), allocator);
		IntVector ids = (IntVector) root.getVector("id");
		VarCharVector names = (VarCharVector) root.getVector("name");
		for (int r = 0; r < ROWS; r++) {
			ids.setSafe(r, key * ROWS + r);
			names.setSafe(r, (label + "-" + key).getBytes(StandardCharsets.UTF_8));
		}
		root.setRowCount(ROWS);
		return root;
	}

	/** Opens channel {@code c} and streams appends of {@link #ROWS} rows with {@link #IN_FLIGHT} in flight. */
	private void streamChannel(int c) {
		String path = CHANNELS + "c" + c;
		ExecutorService senders = Executors.newFixedThreadPool(IN_FLIGHT);
		Semaphore slots = new Semaphore(IN_FLIGHT);
		try {
			RetryRule.Outcome opened = this.rule.send(request(path).PUT(HttpRequest.BodyPublishers.noBody()).build());
			if (!opened.succeeded()) {
				this.failures.add("opening channel c" + c + ": " + opened.describe());
				return;
			}
			long generation = JSON.readTree(opened.response().body()).path("generation").asLong();
			for (long after = 0; !this.stopping; after += ROWS) {
				slots.acquire();
				long from = after;
				HttpRequest append = request(path + "/rows?generation=" + generation + "&after="
						+ ((from == 0) ? "" : String.valueOf(from)) + "&offsetToken=" + (from + ROWS))
					.header("Content-Type", AdminClient.ARROW)
					.POST(HttpRequest.BodyPublishers.ofByteArray(
							ArrowBodies.idNameRange(channelIds(c) + (int) from + 1, ROWS)))
					.build();
				senders.execute(() -> {
					try {
						if (record("append", append) != null) {
							this.lastAcked[c].accumulateAndGet(from + ROWS, Math::max);
						}
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					finally {
						slots.release();
					}
				});
			}
			slots.acquire(IN_FLIGHT);
		}
		catch (Exception ex) {
			this.failures.add("channel c" + c + ": " + ex);
		}
		finally {
			senders.shutdown();
		}
	}

	/** Where the row ids of channel {@code c} start (exclusive). */
	static int channelIds(int c) {
		return (c + 1) * CHANNEL_IDS;
	}

	/** Sends by the rule, keeps the sample, and returns the successful response's body (or null). */
	private String record(String kind, HttpRequest request) throws InterruptedException {
		long sent = System.nanoTime();
		RetryRule.Outcome outcome = this.rule.send(request);
		this.samples.add(new Sample(kind, sent, millisSince(sent), outcome.succeeded(), outcome.attempts()));
		if (!outcome.succeeded()) {
			this.failures.add(kind + " " + request.uri() + ": " + outcome.describe());
			return null;
		}
		return outcome.response().body();
	}

	/** Records {@code 0, 1, …} of the {@code kafka} profile's JSON, at a steady rate, round robin over partitions. */
	private void produceRecords(KafkaProducer<byte[], byte[]> producer) {
		long start = System.nanoTime();
		for (int id = 0; !this.stopping; id++) {
			while ((System.nanoTime() - start) * KAFKA_RATE / 1_000_000_000L < id && !this.stopping) {
				LockSupport.parkNanos(1_000_000); // ahead of the rate
			}
			if (this.stopping) {
				break;
			}
			producer.send(new ProducerRecord<>(this.topic, id % PARTITIONS, null,
					KafkaEvents.json(id).getBytes(StandardCharsets.UTF_8)));
			this.kafkaSent.set(id + 1);
		}
	}

	/** Instance {@code a} (0) or {@code b} (1), as it runs now. */
	SampleAppProcess instance(int index) {
		return this.instances[index];
	}

	/** The topic the pipeline consumes. */
	String topic() {
		return this.topic;
	}

	/** The committed state of channel {@code c}, as {@code GET …/channels/c<c>} answers it. */
	JsonNode channelState(int c) throws Exception {
		return JSON.readTree(SharedCatalog.client(this.instances[0]).get(CHANNELS + "c" + c).body());
	}

	private static long millisSince(long nanos) {
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
	}

	/** Copies the instances' and the balancer's logs to {@code target/<name>}, for a look at a failed run. */
	void keepLogs(String name) throws Exception {
		Path kept = Path.of("target", name);
		Files.createDirectories(kept);
		for (int i = 0; i < this.logs.size(); i++) {
			if (Files.exists(this.logs.get(i).logFile())) {
				Files.copy(this.logs.get(i).logFile(), kept.resolve("instance-" + i + ".log"),
						StandardCopyOption.REPLACE_EXISTING);
			}
		}
		if (this.balancer != null) {
			Files.writeString(kept.resolve("haproxy.log"), this.balancer.log());
		}
	}

	@Override
	public void close() throws Exception {
		this.stopping = true;
		if (this.balancer != null) {
			this.balancer.close();
		}
		this.catalog.close();
	}

}
