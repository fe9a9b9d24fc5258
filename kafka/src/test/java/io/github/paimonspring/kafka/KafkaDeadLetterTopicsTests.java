package io.github.paimonspring.kafka;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dead-letter topics on a broker that does not create topics on first use ({@code auto.create.topics.enable=false}):
 * the pipeline creates {@code <topic>-dlt} at start with the source's partitions (a topic matched by a pattern:
 * before its first dead letter), publishes to a chosen existing topic without changing it, and refuses to
 * start, naming the topic, when the topic is missing and may not be created or the broker refuses to create it.
 */
class KafkaDeadLetterTopicsTests {

	@TempDir
	Path warehouse;

	private static final String[] PEOPLE = { "paimon.tables.people.identifier=default.people",
			"paimon.tables.people.create-if-missing=true", "paimon.tables.people.schema.columns[0].name=id",
			"paimon.tables.people.schema.columns[0].type=BIGINT NOT NULL",
			"paimon.tables.people.schema.columns[1].name=name", "paimon.tables.people.schema.columns[1].type=STRING" };

	private final EmbeddedKafkaKraftBroker broker = TestKafka.brokerWithoutAutoCreate();

	@Test
	void theDeadLetterTopicIsCreatedAtStartWithTheSourcePartitionsAndABadRecordLandsThere() throws Exception {
		String topic = unique("created");
		TestKafka.createNamedTopic(this.broker, topic, 3);
		runner().withPropertyValues("paimon.kafka.pipelines.people.topics=" + topic).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(partitions(topic + "-dlt")).isEqualTo(3);
			try (KafkaProducer<byte[], byte[]> producer = producer()) {
				ProducerRecord<byte[], byte[]> bad = new ProducerRecord<>(topic, 2, bytes("k-1"), bytes("not json"));
				bad.headers().add(new RecordHeader("trace", bytes("t-1")));
				producer.send(new ProducerRecord<>(topic, 0, null, bytes("{\"id\":1,\"name\":\"ann\"}")))
					.get(30, TimeUnit.SECONDS);
				producer.send(bad).get(30, TimeUnit.SECONDS);
			}
			List<ConsumerRecord<byte[], byte[]>> dead = read(topic + "-dlt", 1, Duration.ofSeconds(60));
			assertThat(dead).hasSize(1);
			ConsumerRecord<byte[], byte[]> record = dead.get(0);
			assertThat(record.partition()).isEqualTo(2);
			assertThat(text(record.key())).isEqualTo("k-1");
			assertThat(text(record.value())).isEqualTo("not json");
			assertThat(header(record, "trace")).isEqualTo("t-1");
			assertThat(header(record, "kafka_dlt-original-topic")).isEqualTo(topic);
			assertThat(header(record, "kafka_dlt-original-partition")).isNotNull();
			assertThat(header(record, DeadLetters.REASON_HEADER)).isEqualTo("malformed");
			assertThat(header(record, DeadLetters.PIPELINE_HEADER)).isEqualTo("people");
			assertThat(header(record, DeadLetters.TABLE_HEADER)).isEqualTo("people");
		});
	}

	@Test
	void aMissingDeadLetterTopicThatMayNotBeCreatedFailsTheStartNamingIt() {
		String topic = unique("nocreate");
		TestKafka.createNamedTopic(this.broker, topic, 1);
		runner().withPropertyValues("paimon.kafka.pipelines.people.topics=" + topic,
				"paimon.kafka.pipelines.people.dead-letter-topic-create=false").run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = rootKafkaPipelineException(context.getStartupFailure());
			assertThat(failure).isInstanceOf(KafkaPipelineException.class)
				.hasMessageContaining("Dead-letter topic '" + topic + "-dlt'")
				.hasMessageContaining("pipeline 'people'")
				.hasMessageContaining("paimon.kafka.pipelines.people.dead-letter-topic-create is false");
			assertThat(topics()).doesNotContain(topic + "-dlt");
		});
	}

	@Test
	void aChosenExistingTopicReceivesTheDeadLettersAndIsNotChanged() throws Exception {
		String topic = unique("source");
		String chosen = unique("chosen");
		TestKafka.createNamedTopic(this.broker, topic, 2);
		TestKafka.createNamedTopic(this.broker, chosen, 1);
		runner().withPropertyValues("paimon.kafka.pipelines.people.topics=" + topic,
				"paimon.kafka.pipelines.people.dead-letter-topic=" + chosen).run((context) -> {
			assertThat(context).hasNotFailed();
			try (KafkaProducer<byte[], byte[]> producer = producer()) {
				producer.send(new ProducerRecord<>(topic, 1, null, bytes("[1,2]"))).get(30, TimeUnit.SECONDS);
			}
			List<ConsumerRecord<byte[], byte[]>> dead = read(chosen, 1, Duration.ofSeconds(60));
			assertThat(dead).hasSize(1);
			assertThat(text(dead.get(0).value())).isEqualTo("[1,2]");
			assertThat(header(dead.get(0), "kafka_dlt-original-topic")).isEqualTo(topic);
			assertThat(header(dead.get(0), DeadLetters.REASON_HEADER)).isEqualTo("malformed");
			assertThat(partitions(chosen)).isEqualTo(1);
			assertThat(topics()).doesNotContain(topic + "-dlt");
		});
	}

	@Test
	void aReplicationFactorTheBrokersCannotHaveFailsTheStartNamingTheTopic() {
		String topic = unique("replicas");
		TestKafka.createNamedTopic(this.broker, topic, 1);
		runner().withPropertyValues("paimon.kafka.pipelines.people.topics=" + topic,
				"paimon.kafka.pipelines.people.dead-letter-topic-replication-factor=3").run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = rootKafkaPipelineException(context.getStartupFailure());
			assertThat(failure).isInstanceOf(KafkaPipelineException.class)
				.hasMessageContaining("Pipeline 'people' could not create its dead-letter topic '" + topic + "-dlt'")
				.hasMessageContaining("replication factor 3")
				.hasMessageContaining("InvalidReplicationFactorException");
			assertThat(topics()).doesNotContain(topic + "-dlt");
		});
	}

	@Test
	void aTopicMatchedByAPatternGetsItsDeadLetterTopicBeforeItsFirstDeadLetter() throws Exception {
		String prefix = unique("pattern");
		String topic = prefix + "-a";
		TestKafka.createNamedTopic(this.broker, topic, 2);
		runner().withPropertyValues("paimon.kafka.pipelines.people.topic-pattern=" + prefix + "-[a-z]")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(topics()).doesNotContain(topic + "-dlt");
				try (KafkaProducer<byte[], byte[]> producer = producer()) {
					producer.send(new ProducerRecord<>(topic, 1, null, bytes("{\"id\":\"one\"}")))
						.get(30, TimeUnit.SECONDS);
				}
				List<ConsumerRecord<byte[], byte[]>> dead = read(topic + "-dlt", 1, Duration.ofSeconds(60));
				assertThat(dead).hasSize(1);
				assertThat(dead.get(0).partition()).isEqualTo(1);
				assertThat(header(dead.get(0), DeadLetters.REASON_HEADER)).isEqualTo("mismatch");
				assertThat(partitions(topic + "-dlt")).isEqualTo(2);
			});
	}

	@Test
	void invalidDeadLetterSettingsAreRefusedNamingTheProperty() {
		String topic = unique("invalid");
		runner().withPropertyValues("paimon.kafka.pipelines.people.topics=" + topic,
				"paimon.kafka.pipelines.people.dead-letter-topic-partitions=0").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(rootKafkaPipelineException(context.getStartupFailure()))
				.hasMessageContaining("paimon.kafka.pipelines.people.dead-letter-topic-partitions must be at least 1");
		});
	}

	@Test
	void withoutAKafkaAdminTheAdminClientTakesTheProducersConnectionSettings() {
		Map<String, Object> producer = new HashMap<>();
		producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "broker:9093");
		producer.put("security.protocol", "SSL");
		producer.put("ssl.truststore.location", "/etc/truststore.p12");
		producer.put("custom.entry", "kept");
		producer.put(ProducerConfig.ACKS_CONFIG, "all");
		producer.put(ProducerConfig.LINGER_MS_CONFIG, 5);
		assertThat(DeadLetterTopics.adminConfig(producer)).containsOnlyKeys(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
				"security.protocol", "ssl.truststore.location", "custom.entry");
	}

	private ApplicationContextRunner runner() {
		return KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("spring.kafka.bootstrap-servers=" + this.broker.getBrokersAsString(),
					"paimon.kafka.pipelines.people.table=people");
	}

	private static String unique(String prefix) {
		return "dlt-" + prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
	}

	private static Throwable rootKafkaPipelineException(Throwable failure) {
		Throwable found = failure;
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof KafkaPipelineException) {
				found = cause;
			}
		}
		return found;
	}

	private Admin admin() {
		return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.broker.getBrokersAsString()));
	}

	private Set<String> topics() throws Exception {
		try (Admin admin = admin()) {
			return admin.listTopics().names().get(30, TimeUnit.SECONDS);
		}
	}

	private int partitions(String topic) throws Exception {
		try (Admin admin = admin()) {
			return admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic)
				.partitions().size();
		}
	}

	private KafkaProducer<byte[], byte[]> producer() {
		Map<String, Object> config = new HashMap<>();
		config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.broker.getBrokersAsString());
		config.put(ProducerConfig.ACKS_CONFIG, "all");
		return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
	}

	/** Reads a topic from its beginning until it has at least the given records, within a bound. */
	private List<ConsumerRecord<byte[], byte[]>> read(String topic, int atLeast, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!topics().contains(topic) && System.nanoTime() < deadline) {
			Thread.sleep(50);
		}
		Map<String, Object> config = new HashMap<>();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.broker.getBrokersAsString());
		config.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
		config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
		try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
				new ByteArrayDeserializer())) {
			consumer.subscribe(List.of(topic));
			while (records.size() < atLeast && System.nanoTime() < deadline) {
				consumer.poll(Duration.ofMillis(200)).forEach(records::add);
			}
		}
		return records;
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private static String text(byte[] bytes) {
		return new String(bytes, StandardCharsets.UTF_8);
	}

	private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
		Header header = record.headers().lastHeader(name);
		return (header != null) ? text(header.value()) : null;
	}

}
