package io.github.paimonspring.httptests.backends;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * consumer group: two instances consume a 4-partition topic while 200,000 JSON records are produced, a third
 * joins part way (rebalance) and one is killed with {@code kill -9}. Every record lands exactly once, and
 * the killed one's partitions resume on the others from the committed offset tokens (a newer generation of
 * their channels).
 */
@Tag(TestPostgres.TAG)
class KafkaScaleOutTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final int PARTITIONS = 4;

	private static final int RECORDS = 200_000;

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
	void instancesJoinAndOneIsKilledAndEveryRecordLandsOnce() throws Exception {
		String topic = TestKafka.createTopic("shop-events", PARTITIONS);
		this.catalog = new SharedCatalog(this.dir);
		String[] kafka = { "--spring.profiles.active=kafka",
				"--spring.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
				"--paimon.kafka.pipelines.events.topics=" + topic, "--paimon.ingest.commit-interval=200ms",
				"--spring.kafka.consumer.properties.session.timeout.ms=6000",
				"--spring.kafka.consumer.properties.heartbeat.interval.ms=500" };
		SampleAppProcess a = this.catalog.start(kafka);
		SampleAppProcess b = this.catalog.start(kafka);
		CompletableFuture<Void> produced;
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			produced = CompletableFuture.runAsync(() -> produce(producer, topic));
			assertThat(awaitCommittedAtLeast(b, topic, RECORDS / 8,
					Duration.ofMinutes(2))).as("progress before C joins")
				.isTrue();
			SampleAppProcess c = this.catalog.start(kafka);
			assertThat(awaitCommittedAtLeast(c, topic, RECORDS / 3,
					Duration.ofMinutes(2))).as("progress after C joined")
				.isTrue();
			assertThat(awaitAssigned(a, Duration.ofMinutes(1))).as("A has partitions when it is killed").isTrue();
			Map<String, Long> killedGenerations = generations(a);
			a.kill();
			produced.get();
			assertThat(awaitCommittedAtLeast(b, topic, RECORDS, Duration.ofMinutes(4))).as("every record committed")
				.isTrue();
			assertThat(awaitReassigned(b, c, killedGenerations.keySet(), Duration.ofMinutes(1))).isTrue();
			Map<String, Long> after = new HashMap<>(generations(b));
			after.putAll(generations(c));
			for (Map.Entry<String, Long> killed : killedGenerations.entrySet()) {
				assertThat(after).as("the killed instance's %s resumed on another", killed.getKey())
					.containsKey(killed.getKey());
				assertThat(after.get(killed.getKey())).as("reopened with a newer generation")
					.isGreaterThan(killed.getValue());
			}
		}
		List<long[]> rows = this.catalog.warehouse.read("shop.kafka_events",
				(row) -> new long[] { row.getLong(0), row.getInt(4), row.getLong(5) });
		Set<Long> ids = new HashSet<>();
		Set<String> positions = new HashSet<>();
		for (long[] row : rows) {
			ids.add(row[0]);
			positions.add(row[1] + "@" + row[2]);
		}
		assertThat(rows).as("no record twice").hasSize(RECORDS);
		assertThat(ids).as("every record once").hasSize(RECORDS);
		assertThat(positions).hasSize(RECORDS);
	}

	/** Produces the records at a steady 8,000 records/s, so that the kill happens with records still coming. */
	private static void produce(KafkaProducer<byte[], byte[]> producer, String topic) {
		long start = System.nanoTime();
		for (int id = 0; id < RECORDS; id++) {
			while ((System.nanoTime() - start) * 8_000L / 1_000_000_000L < id) {
				LockSupport.parkNanos(1_000_000); // ahead of the rate
			}
			String json = "{\"id\":" + id + ",\"customer\":\"customer-" + (id % 977)
					+ "\",\"amount\":" + (id % 10000) / 100.0
					+ ",\"note\":\"a note of about two hundred bytes to make the record the size of a typical event\"}";
			producer.send(new ProducerRecord<>(topic, id % PARTITIONS, null, json.getBytes(StandardCharsets.UTF_8)));
		}
		producer.flush();
	}

	/** Waits until the channels of the topic's partitions committed at least this many records in total. */
	private static boolean awaitCommittedAtLeast(SampleAppProcess app, String topic, long records, Duration bound)
			throws Exception {
		long deadline = System.nanoTime() + bound.toNanos();
		while (System.nanoTime() < deadline) {
			if (committed(app, topic) >= records) {
				return true;
			}
			Thread.sleep(200);
		}
		return false;
	}

	/** The records the topic's channels committed: the sum over partitions of the committed offset + 1. */
	private static long committed(SampleAppProcess app, String topic) throws Exception {
		long total = 0;
		for (int partition = 0; partition < PARTITIONS; partition++) {
			var response = SharedCatalog.client(app).get("/paimon/tables/shop/kafka_events/channels/" + topic
					+ "-" + partition);
			if (response.statusCode() == 200) {
				JsonNode token = JSON.readTree(response.body()).path("offsetToken");
				if (!token.isNull() && !token.isMissingNode()) {
					total += Long.parseLong(token.asText()) + 1;
				}
			}
		}
		return total;
	}

	/** Waits until the survivors have opened every one of the given channels. */
	private static boolean awaitReassigned(SampleAppProcess b, SampleAppProcess c, Set<String> channels, Duration bound)
			throws Exception {
		long deadline = System.nanoTime() + bound.toNanos();
		while (System.nanoTime() < deadline) {
			Map<String, Long> held = new HashMap<>(generations(b));
			held.putAll(generations(c));
			if (held.keySet().containsAll(channels)) {
				return true;
			}
			Thread.sleep(200);
		}
		return false;
	}

	private static boolean awaitAssigned(SampleAppProcess app, Duration bound) throws Exception {
		long deadline = System.nanoTime() + bound.toNanos();
		while (System.nanoTime() < deadline) {
			if (generations(app).values().stream().anyMatch((generation) -> generation > 0)) {
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
