package io.github.paimonspring.kafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.autoconfigure.PaimonKafkaActuatorAutoConfiguration;
import io.github.paimonspring.kafka.autoconfigure.PaimonKafkaAutoConfiguration;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pipeline on Kafka 4's consumer group protocol (KIP-848, {@code group.protocol=consumer}) with the group's
 * session timeout lowered by a group config ({@code consumer.session.timeout.ms}, set through the Admin API):
 * two consumer threads share a 4-partition topic (the broker assigns incrementally, without a stop of the
 * group), the pipeline is stopped half way and started again, and every record lands once, with Kafka's
 * committed offsets = the channels' tokens + 1. The classic protocol's client-side session setting is
 * refused by the Kafka client under the consumer protocol: the start fails naming it.
 */
class KafkaConsumerProtocolTests {

	private static final int PARTITIONS = 4;

	private static final int RECORDS = 40_000;

	@TempDir
	Path warehouse;

	@Test
	void aConsumerProtocolGroupRebalancesAndRestartsAndEveryRecordLandsOnce() throws Exception {
		String topic = TestKafka.createTopic("kip848", PARTITIONS);
		String group = "paimon-kip848-" + UUID.randomUUID().toString().substring(0, 8);
		// the documented failover setting of the consumer protocol: a group config, not a client property
		TestKafka.setGroupConfig(group, Map.of("consumer.session.timeout.ms", "6000",
				"consumer.heartbeat.interval.ms", "1000"));
		ApplicationContextRunner runner = runner(topic, group);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			KafkaExactlyOnceTests.produce(producer, topic, 0, RECORDS / 2);
			runner.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				KafkaPipelines pipelines = context.getBean(KafkaPipelines.class);
				assertThat(KafkaPipelineFixture.await(() -> TestKafka.membersWithPartitions(group) == 2
						&& pipelines.pipelines().get(0).partitions().size() == PARTITIONS, Duration.ofMinutes(1)))
					.as("both consumer threads hold partitions, every partition once").isTrue();
				assertThat(KafkaPipelineFixture.await(() -> paimon.channels("events").state(topic + "-0")
					.map((state) -> state.offsetToken() != null).orElse(false), Duration.ofSeconds(60))).isTrue();
				assertThat(TestKafka.groupType(group)).as("the group's protocol").isEqualTo("CONSUMER");
			});
			KafkaExactlyOnceTests.produce(producer, topic, RECORDS / 2, RECORDS);
		}
		runner.run((context) -> {
			assertThat(context).hasNotFailed();
			PaimonOperations paimon = context.getBean(PaimonOperations.class);
			assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "events", topic, PARTITIONS, Duration.ofMinutes(3)))
				.as("every partition's last offset committed to the table").isTrue();
			assertThat(KafkaPipelineFixture.await(() -> kafkaOffsetsFollowTokens(paimon, topic, group),
					Duration.ofSeconds(30))).as("Kafka's committed offsets = the channels' tokens + 1").isTrue();
			assertThat(TestKafka.groupType(group)).isEqualTo("CONSUMER");
		});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			List<long[]> rows = warehouse.read("default.events",
					(row) -> new long[] { row.getLong(0), row.getInt(4), row.getLong(5) });
			Set<Long> ids = new HashSet<>();
			Set<String> positions = new HashSet<>();
			for (long[] row : rows) {
				ids.add(row[0]);
				positions.add(row[1] + "@" + row[2]);
			}
			assertThat(rows).as("no record twice").hasSize(RECORDS);
			assertThat(ids).as("every record once").hasSize(RECORDS);
			assertThat(positions).as("every partition offset once").hasSize(RECORDS);
		}
	}

	@Test
	void theClassicSessionTimeoutWithTheConsumerProtocolFailsTheStartNamingIt() {
		String topic = TestKafka.createTopic("kip848-refused", 1);
		runner(topic, "paimon-kip848-refused")
			.withPropertyValues("paimon.kafka.pipelines.events.consumer-properties[session.timeout.ms]=6000")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("session.timeout.ms");
			});
	}

	private static boolean kafkaOffsetsFollowTokens(PaimonOperations paimon, String topic, String group) {
		for (int partition = 0; partition < PARTITIONS; partition++) {
			long token = Long.parseLong(paimon.channels("events").state(topic + "-" + partition).get().offsetToken());
			if (TestKafka.committedOffset(group, new TopicPartition(topic, partition)) != token + 1) {
				return false;
			}
		}
		return true;
	}

	private ApplicationContextRunner runner(String topic, String group) {
		// no session.timeout.ms / heartbeat.interval.ms here: with the consumer protocol they are the group's
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class, KafkaAutoConfiguration.class,
					PaimonKafkaAutoConfiguration.class, PaimonKafkaActuatorAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse, "paimon.ingest.commit-interval=200ms",
					"spring.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
					"paimon.kafka.pipelines.events.group-id=" + group,
					"paimon.kafka.pipelines.events.concurrency=2",
					"paimon.kafka.pipelines.events.consumer-properties[group.protocol]=consumer")
			.withPropertyValues(KafkaPipelineFixture.eventsPipeline(topic));
	}

}
