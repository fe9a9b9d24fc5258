package io.github.paimonspring.kafka;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A topic with 4 partitions and 200,000 JSON records consumed into a table by a pipeline that is stopped
 * and started again half way, with one consumer and with two (each with its own partitions): the table holds
 * every record exactly once, each partition's channel committed its last offset, and Kafka's committed
 * offsets follow the table's (never ahead).
 */
class KafkaExactlyOnceTests {

	private static final int PARTITIONS = 4;

	private static final int RECORDS = 200_000;

	@TempDir
	Path warehouse;

	@ParameterizedTest(name = "concurrency {0}")
	@ValueSource(ints = { 1, 2 })
	void fourPartitionsAnd200000JsonRecordsLandExactlyOnceAcrossARestart(int concurrency) throws Exception {
		String topic = TestKafka.createTopic("events", PARTITIONS);
		ApplicationContextRunner runner = KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(KafkaPipelineFixture.eventsPipeline(topic))
			.withPropertyValues("paimon.kafka.pipelines.events.concurrency=" + concurrency);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			produce(producer, topic, 0, RECORDS / 2);
			runner.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				// stop part way: some of the first half committed
				assertThat(KafkaPipelineFixture.await(() -> paimon.channels("events").state(topic + "-0")
					.map((state) -> state.offsetToken() != null).orElse(false), Duration.ofSeconds(60))).isTrue();
			});
			produce(producer, topic, RECORDS / 2, RECORDS);
		}
		assertThat(TestKafka.records(topic)).as("the records the topic holds").isEqualTo(RECORDS);
		runner.run((context) -> {
			assertThat(context).hasNotFailed();
			PaimonOperations paimon = context.getBean(PaimonOperations.class);
			assertThat(KafkaPipelineFixture.await(() -> TestKafka.membersWithPartitions("paimon-events") == concurrency,
					Duration.ofMinutes(1)))
				.as("each of the %d consumer threads holds partitions", concurrency)
				.isTrue();
			assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "events", topic, PARTITIONS, Duration.ofMinutes(3)))
				.as("every partition's last offset committed to the table").isTrue();
			for (int partition = 0; partition < PARTITIONS; partition++) {
				long token = Long
					.parseLong(paimon.channels("events").state(topic + "-" + partition).get().offsetToken());
				long kafka = TestKafka.committedOffset("paimon-events", new TopicPartition(topic, partition));
				assertThat(kafka).as("Kafka's committed offset follows the table's").isLessThanOrEqualTo(token + 1);
			}
			KafkaPipelineView view = context.getBean(KafkaPipelines.class).pipelines().get(0);
			assertThat(view.state()).isEqualTo("running");
			assertThat(view.partitions()).hasSize(PARTITIONS);
		});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			List<long[]> rows = warehouse.read("default.events",
					(row) -> new long[] { row.getLong(0), row.getInt(4), row.getLong(5) });
			assertThat(rows).hasSize(RECORDS);
			Set<Long> ids = new HashSet<>();
			Set<String> positions = new HashSet<>();
			for (long[] row : rows) {
				ids.add(row[0]);
				positions.add(row[1] + "@" + row[2]);
			}
			assertThat(ids).as("every record once").hasSize(RECORDS);
			assertThat(positions).as("every partition offset once").hasSize(RECORDS);
		}
	}

	/** Produces records {@code from .. to - 1} and waits until the broker acknowledged every one of them. */
	static void produce(KafkaProducer<byte[], byte[]> producer, String topic, int from, int to) throws Exception {
		List<Future<RecordMetadata>> sent = new ArrayList<>();
		for (int id = from; id < to; id++) {
			String json = "{\"id\":" + id + ",\"customer\":\"customer-" + (id % 977)
					+ "\",\"amount\":" + (id % 10000) / 100.0
					+ ",\"note\":\"a note of about two hundred bytes to make the record the size of a typical event "
					+ "payload, padded with some more text for realism\"}";
			sent.add(producer.send(new ProducerRecord<>(topic, id % PARTITIONS, null,
					json.getBytes(StandardCharsets.UTF_8))));
		}
		producer.flush();
		for (Future<RecordMetadata> record : sent) {
			record.get(60, TimeUnit.SECONDS);
		}
	}

}
