package io.github.paimonspring.kafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.kafka.autoconfigure.PaimonKafkaActuatorAutoConfiguration;
import io.github.paimonspring.kafka.autoconfigure.PaimonKafkaAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.ingest.ChannelState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Application contexts with a Kafka pipeline on a temporary warehouse and the test broker, and waits on
 * what the table committed.
 */
final class KafkaPipelineFixture {

	private KafkaPipelineFixture() {
	}

	/** A runner with Paimon on the warehouse, Boot's Kafka configuration on the test broker and the pipelines. */
	static ApplicationContextRunner runner(Path warehouse) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class, KafkaAutoConfiguration.class,
					PaimonKafkaAutoConfiguration.class, PaimonKafkaActuatorAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + warehouse, "paimon.ingest.commit-interval=200ms",
					"spring.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
					"spring.kafka.consumer.properties.session.timeout.ms=10000",
					"spring.kafka.consumer.properties.heartbeat.interval.ms=500");
	}

	/**
	 * The properties of table {@code events} ({@code default.events}: id, customer, amount, note and the
	 * record's partition and offset) and of pipeline {@code events} from a topic into it.
	 * @param topic the topic
	 * @return the properties, for {@code withPropertyValues}
	 */
	static String[] eventsPipeline(String topic) {
		return new String[] { "paimon.tables.events.identifier=default.events",
				"paimon.tables.events.create-if-missing=true", "paimon.tables.events.schema.columns[0].name=id",
				"paimon.tables.events.schema.columns[0].type=BIGINT NOT NULL",
				"paimon.tables.events.schema.columns[1].name=customer",
				"paimon.tables.events.schema.columns[1].type=STRING",
				"paimon.tables.events.schema.columns[2].name=amount",
				"paimon.tables.events.schema.columns[2].type=DECIMAL(10, 2)",
				"paimon.tables.events.schema.columns[3].name=note",
				"paimon.tables.events.schema.columns[3].type=STRING",
				"paimon.tables.events.schema.columns[4].name=kafka_partition",
				"paimon.tables.events.schema.columns[4].type=INT",
				"paimon.tables.events.schema.columns[5].name=kafka_offset",
				"paimon.tables.events.schema.columns[5].type=BIGINT", "paimon.kafka.pipelines.events.topics=" + topic,
				"paimon.kafka.pipelines.events.table=events",
				"paimon.kafka.pipelines.events.columns.partition=kafka_partition",
				"paimon.kafka.pipelines.events.columns.offset=kafka_offset" };
	}

	/** The end offsets of a topic's partitions. */
	static Map<TopicPartition, Long> endOffsets(String topic, int partitions) {
		List<TopicPartition> all = new ArrayList<>();
		for (int i = 0; i < partitions; i++) {
			all.add(new TopicPartition(topic, i));
		}
		try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()),
						new ByteArrayDeserializer(),
				new ByteArrayDeserializer())) {
			return consumer.endOffsets(all, Duration.ofSeconds(30));
		}
	}

	/**
	 * Waits (bounded) until every partition's channel committed the partition's last offset.
	 * @return whether it did within the bound
	 */
	static boolean awaitCommitted(PaimonOperations paimon, String table, String topic, int partitions, Duration bound)
			throws InterruptedException {
		Map<TopicPartition, Long> ends = endOffsets(topic, partitions);
		return await(() -> ends.entrySet().stream().allMatch((end) -> {
			Optional<ChannelState> state = paimon.channels(table)
				.state(end.getKey().topic() + "-" + end.getKey().partition());
			return (end.getValue() == 0) || state.map(ChannelState::offsetToken)
				.map((token) -> Long.parseLong(token) == end.getValue() - 1).orElse(false);
		}), bound);
	}

	/** Waits (bounded) for a condition, checking it every 50 ms. */
	static boolean await(Supplier<Boolean> condition, Duration bound) throws InterruptedException {
		long deadline = System.nanoTime() + bound.toNanos();
		while (System.nanoTime() < deadline) {
			if (condition.get()) {
				return true;
			}
			Thread.sleep(50);
		}
		return condition.get();
	}


}
