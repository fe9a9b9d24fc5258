package io.github.paimonspring.httptests.backends;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.kafka.TestKafka;
import io.github.paimonspring.support.TestPostgres;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app's {@code kafka} profile in several processes on the JDBC catalog (PostgreSQL) and S3, one
 * consumer group with the documented failover setting of the classic protocol ({@code session.timeout.ms}
 * 6000, {@code heartbeat.interval.ms} 1000): two instances consume a 4-partition topic while 200,000 JSON
 * records are produced, a third joins part way (rebalance), one is killed with {@code kill -9} while records
 * come, and another is frozen with {@code kill -STOP} for longer than the session timeout, until the
 * survivor reopened its channels, then let go on with {@code kill -CONT}. The killed and the frozen one's
 * partitions resume on the others from the committed offset tokens (a newer generation of their channels),
 * the frozen one's late appends are refused (its generation is fenced) and it rejoins with new generations;
 * every record lands exactly once (ids and partition@offset) and Kafka's committed offsets are the
 * channels' tokens + 1. How long a failover takes is measured by {@code KafkaFailoverBenchmark}, not here.
 */
@Tag(TestPostgres.TAG)
@Tag(ClusterTests.TAG)
class KafkaScaleOutTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final int PARTITIONS = 4;

	private static final int RECORDS = 200_000;

	private static final String GROUP = KafkaEvents.GROUP;

	@TempDir
	Path dir;

	private SharedCatalog catalog;

	@AfterEach
	void close() throws Exception {
		if (this.catalog != null) {
			this.catalog.close();
		}
	}

	@Test
	void instancesJoinOneIsKilledAnotherFrozenAndEveryRecordLandsOnce() throws Exception {
		String topic = TestKafka.createTopic("shop-events", PARTITIONS);
		this.catalog = new SharedCatalog(this.dir);
		String[] kafka = { "--spring.profiles.active=kafka",
				"--spring.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
				"--paimon.kafka.pipelines.events.topics=" + topic, "--paimon.ingest.commit-interval=200ms",
				"--spring.kafka.consumer.properties.session.timeout.ms=6000",
				"--spring.kafka.consumer.properties.heartbeat.interval.ms=1000",
				// a frozen instance's channel claims end after this (its channels cannot open elsewhere before)
				"--paimon.cluster.session-timeout=3s" };
		SampleAppProcess a = this.catalog.start(kafka);
		SampleAppProcess b = this.catalog.start(kafka);
		List<String> measured = new ArrayList<>();
		List<SampleAppProcess> apps = new ArrayList<>(List.of(a, b));
		try (SteadyProducer producer = new SteadyProducer(topic)) {
			producer.release(RECORDS / 4);
			assertThat(awaitCommittedAtLeast(b, topic, RECORDS / 8, Duration.ofMinutes(2)))
				.as("progress before C joins").isTrue();
			SampleAppProcess c = this.catalog.start(kafka);
			apps.add(c);
			assertThat(awaitCommittedAtLeast(c, topic, RECORDS / 4, Duration.ofMinutes(2)))
				.as("progress after C joined").isTrue();
			assertThat(await(() -> !generations(a).isEmpty() && !generations(b).isEmpty()
					&& !generations(c).isEmpty(), Duration.ofMinutes(1)))
				.as("A, B and C hold partitions").isTrue();

			// kill -9 while records come
			producer.release(RECORDS * 5 / 8);
			Map<String, Long> killed = generations(a);
			a.kill();
			long killedAt = System.nanoTime();
			assertThat(await(() -> resumedElsewhere(killed, List.of(b, c)), Duration.ofMinutes(1)))
				.as("the killed instance's channels %s reopened by B or C with a newer generation", killed).isTrue();
			measured.add("kill -9: " + killed.keySet() + " reopened on the others after "
					+ millisSince(killedAt) + " ms");

			// kill -STOP for longer than the session timeout, while records come
			producer.release(RECORDS);
			assertThat(await(() -> !generations(b).isEmpty(), Duration.ofMinutes(1))).as("B holds partitions")
				.isTrue();
			// freeze it with appends in flight: they are refused later (their generation is fenced by then)
			assertThat(await(() -> appendsInFlight(b) > 0, Duration.ofMinutes(1))).as("B has appends in flight")
				.isTrue();
			Map<String, Long> frozen = generations(b);
			b.pause();
			long pausedAt = System.nanoTime();
			try {
				assertThat(await(() -> resumedElsewhere(frozen, List.of(c)), Duration.ofMinutes(1)))
					.as("the frozen instance's channels %s reopened by C with a newer generation", frozen).isTrue();
				measured.add("kill -STOP: " + frozen.keySet() + " reopened on C after " + millisSince(pausedAt)
						+ " ms");
			}
			finally {
				b.resume();
			}
			assertThat(await(() -> rejoined(b, frozen), Duration.ofMinutes(1)))
				.as("B rejoined: it holds partitions again, none at a generation it held before the pause").isTrue();
			producer.finish();
			assertThat(awaitCommittedAtLeast(c, topic, RECORDS, Duration.ofMinutes(4))).as("every record committed")
				.isTrue();
			assertThat(await(() -> KafkaEvents.kafkaOffsetsFollowTokens(c, topic, PARTITIONS), Duration.ofMinutes(1)))
				.as("Kafka's committed offsets of group %s = the channels' offset tokens + 1", GROUP).isTrue();
			measured.add("B's warnings after it went on: " + warnings(b));
		}
		finally {
			measured.forEach((line) -> System.out.println("KafkaScaleOutTests " + line));
			keepLogs(apps);
		}
		KafkaEvents.assertEveryRecordOnce(this.catalog.warehouse, RECORDS);
	}

	/** Whether every given channel is held by one of the apps with a newer generation than the given one. */
	private static boolean resumedElsewhere(Map<String, Long> before, List<SampleAppProcess> apps) throws Exception {
		Map<String, Long> held = new HashMap<>();
		for (SampleAppProcess app : apps) {
			held.putAll(generations(app));
		}
		return before.entrySet().stream()
			.allMatch((channel) -> held.getOrDefault(channel.getKey(), -1L) > channel.getValue());
	}

	/** Whether an unfrozen app holds partitions again, each with a newer generation than it held before. */
	private static boolean rejoined(SampleAppProcess app, Map<String, Long> before) throws Exception {
		Map<String, Long> now = generations(app);
		return !now.isEmpty() && now.entrySet().stream()
			.allMatch((channel) -> channel.getValue() > before.getOrDefault(channel.getKey(), -1L));
	}

	/** Copies the instances' logs (A, B, C) to target/kafka-scale-out-logs, for a look at a failed or slow run. */
	private static void keepLogs(List<SampleAppProcess> apps) throws Exception {
		Path logs = Path.of("target", "kafka-scale-out-logs");
		Files.createDirectories(logs);
		for (int i = 0; i < apps.size(); i++) {
			Files.copy(apps.get(i).logFile(), logs.resolve((char) ('a' + i) + ".log"),
					StandardCopyOption.REPLACE_EXISTING);
		}
	}

	/** The warnings and errors an app logged (for the report). */
	private static List<String> warnings(SampleAppProcess app) throws Exception {
		return app.output().lines()
			.filter((line) -> line.contains(" WARN ") || line.contains(" ERROR "))
			.map((line) -> (line.length() > 300) ? line.substring(0, 300) + "…" : line)
			.toList();
	}

	/** The appends an app's pipeline has in flight now. */
	private static int appendsInFlight(SampleAppProcess app) throws Exception {
		JsonNode endpoint = JSON.readTree(SharedCatalog.client(app).get("/actuator/paimon").body());
		int appends = 0;
		for (JsonNode partition : endpoint.path("kafkaPipelines").path(0).path("partitions")) {
			appends += partition.path("appendsInFlight").asInt();
		}
		return appends;
	}

	private static long millisSince(long nanos) {
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
	}

	/** Waits (bounded) for a condition, checking it every 100 ms. */
	private static boolean await(Condition condition, Duration bound) throws Exception {
		long deadline = System.nanoTime() + bound.toNanos();
		while (System.nanoTime() < deadline) {
			if (condition.holds()) {
				return true;
			}
			Thread.sleep(100);
		}
		return condition.holds();
	}

	@FunctionalInterface
	private interface Condition {

		boolean holds() throws Exception;

	}

	/**
	 * Produces the records {@code 0 .. RECORDS - 1} in order on a thread of its own, at a steady 5,000
	 * records/s, up to what the test {@link #release released} so far — so that the kill and the pause happen
	 * while records come.
	 */
	private static final class SteadyProducer implements AutoCloseable {

		private final KafkaProducer<byte[], byte[]> producer = TestKafka.producer();

		private final String topic;

		private final AtomicInteger released = new AtomicInteger();

		private final CompletableFuture<Void> done;

		private volatile boolean closed;

		SteadyProducer(String topic) {
			this.topic = topic;
			this.done = CompletableFuture.runAsync(this::produce);
		}

		/** Lets the producer go on up to this many records. */
		void release(int records) {
			this.released.set(records);
		}

		/** Waits until every released record was sent and acknowledged. */
		void finish() throws Exception {
			this.done.get(5, TimeUnit.MINUTES);
		}

		private void produce() {
			long start = System.nanoTime();
			int from = 0;
			for (int id = 0; id < RECORDS && !this.closed; id++) {
				if (id >= this.released.get()) {
					this.producer.flush();
					while (id >= this.released.get() && !this.closed) {
						LockSupport.parkNanos(10_000_000);
					}
					start = System.nanoTime();
					from = id;
				}
				while ((System.nanoTime() - start) * 5_000L / 1_000_000_000L < id - from) {
					LockSupport.parkNanos(1_000_000); // ahead of the rate
				}
				String json = KafkaEvents.json(id);
				this.producer.send(new ProducerRecord<>(this.topic, id % PARTITIONS, null,
						json.getBytes(StandardCharsets.UTF_8)));
			}
			this.producer.flush();
		}

		@Override
		public void close() {
			this.closed = true;
			try {
				this.done.get(1, TimeUnit.MINUTES);
			}
			catch (Exception ex) {
				// closing anyway
			}
			this.producer.close();
		}

	}

	/** Waits until the channels of the topic's partitions committed at least this many records in total. */
	private static boolean awaitCommittedAtLeast(SampleAppProcess app, String topic, long records, Duration bound)
			throws Exception {
		long deadline = System.nanoTime() + bound.toNanos();
		while (System.nanoTime() < deadline) {
			if (KafkaEvents.committed(app, topic, PARTITIONS) >= records) {
				return true;
			}
			Thread.sleep(200);
		}
		return false;
	}

	/** The channels an instance's pipeline writes now, with the generation it opened. */
	private static Map<String, Long> generations(SampleAppProcess app) throws Exception {
		JsonNode endpoint = JSON.readTree(SharedCatalog.client(app).get("/actuator/paimon").body());
		Map<String, Long> generations = new HashMap<>();
		List<JsonNode> partitions = new ArrayList<>();
		endpoint.path("kafkaPipelines").path(0).path("partitions").forEach(partitions::add);
		for (JsonNode partition : partitions) {
			if (partition.path("generation").asLong() > 0) {
				generations.put(partition.path("channel").asText(), partition.path("generation").asLong());
			}
		}
		return generations;
	}

}
