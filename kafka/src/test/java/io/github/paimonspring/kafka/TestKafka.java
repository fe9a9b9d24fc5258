package io.github.paimonspring.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * A real Kafka broker for the tests: spring-kafka-test's embedded KRaft broker, started once per test JVM
 * on a free port (no Docker), with helpers to create topics, produce records and read a topic back.
 */
public final class TestKafka {

	private static EmbeddedKafkaKraftBroker broker;

	private static EmbeddedKafkaKraftBroker withoutAutoCreate;

	private TestKafka() {
	}

	/**
	 * Returns a second broker that does not create a topic when a client first uses it
	 * ({@code auto.create.topics.enable=false}, as production brokers commonly are), starting it first if
	 * needed (once per test JVM).
	 * @return the broker
	 */
	public static synchronized EmbeddedKafkaKraftBroker brokerWithoutAutoCreate() {
		if (withoutAutoCreate == null) {
			EmbeddedKafkaKraftBroker started = new EmbeddedKafkaKraftBroker(1, 1);
			started.brokerListProperty("paimon.test.kafka.brokers.without-auto-create");
			started.brokerProperty("auto.create.topics.enable", "false");
			started.brokerProperty("log.retention.ms", "-1"); // see bootstrapServers()
			started.brokerProperty("group.initial.rebalance.delay.ms", "0");
			started.brokerProperty("offsets.topic.num.partitions", "4");
			started.afterPropertiesSet();
			Runtime.getRuntime().addShutdownHook(new Thread(started::destroy));
			withoutAutoCreate = started;
		}
		return withoutAutoCreate;
	}

	/**
	 * Returns the broker's bootstrap servers, starting it first if needed.
	 * @return {@code host:port}
	 */
	public static synchronized String bootstrapServers() {
		if (broker == null) {
			EmbeddedKafkaKraftBroker started = new EmbeddedKafkaKraftBroker(1, 1);
			started.brokerProperty("group.initial.rebalance.delay.ms", "0");
			started.brokerProperty("offsets.topic.num.partitions", "4");
			// tests send records with fixed timestamps (2023): with the default 7-day retention the broker deletes
			// their segment as soon as a newer record rolls it, before a pipeline reads them
			started.brokerProperty("log.retention.ms", "-1");
			// the consumer group protocol (KIP-848): the default session timeout stays Kafka's (45 s), but a group
			// may lower it (consumer.session.timeout.ms, consumer.heartbeat.interval.ms; see setGroupConfig)
			started.brokerProperty("group.consumer.min.session.timeout.ms", "2000");
			started.brokerProperty("group.consumer.min.heartbeat.interval.ms", "500");
			started.afterPropertiesSet();
			Runtime.getRuntime().addShutdownHook(new Thread(started::destroy));
			broker = started;
		}
		return broker.getBrokersAsString();
	}

	/**
	 * Creates a topic with a unique name.
	 * @param prefix the name's beginning
	 * @param partitions its partitions
	 * @return the name
	 */
	public static String createTopic(String prefix, int partitions) {
		String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
		createNamedTopic(name, partitions);
		return name;
	}

	/**
	 * Creates a topic.
	 * @param name the name
	 * @param partitions its partitions
	 */
	public static void createNamedTopic(String name, int partitions) {
		bootstrapServers();
		createNamedTopic(broker, name, partitions);
	}

	/**
	 * Creates a topic on a broker and waits until its partitions have leaders that answer for them.
	 * @param on the broker
	 * @param name the name
	 * @param partitions its partitions
	 */
	public static void createNamedTopic(EmbeddedKafkaKraftBroker on, String name, int partitions) {
		on.addTopics(new NewTopic(name, partitions, (short) 1));
		awaitLeaders(on, name, partitions);
	}

	/**
	 * Waits (bounded) until every partition of a new topic has a leader: a producer that writes before
	 * that gets NOT_LEADER_OR_FOLLOWER, and an idempotent one can end in an out-of-order sequence error.
	 */
	private static void awaitLeaders(EmbeddedKafkaKraftBroker on, String name, int partitions) {
		on.doWithAdmin((admin) -> {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
			while (true) {
				try {
					var description = admin.describeTopics(List.of(name)).allTopicNames().get(30,
							TimeUnit.SECONDS).get(name);
					if (description.partitions().size() == partitions
							&& description.partitions().stream().allMatch((partition) -> partition.leader() != null)) {
						// the metadata names a leader before the broker made the partition its own; a produce
						// request in between is answered NOT_LEADER_OR_FOLLOWER, after which an idempotent
						// producer's retries could be refused as out of order until their delivery timeout.
						// Listing offsets is answered by the leader's own replica only.
						Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
						for (int partition = 0; partition < partitions; partition++) {
							latest.put(new TopicPartition(name, partition), OffsetSpec.latest());
						}
						admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS);
						return;
					}
				}
				catch (Exception ex) {
					// not known yet
				}
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("the partitions of topic " + name + " have no leader after 60 s");
				}
				try {
					Thread.sleep(20);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		});
	}

	/**
	 * Returns how many records a topic holds: the sum of its partitions' end offsets.
	 * @param topic the topic
	 * @return the records
	 */
	public static long records(String topic) {
		Map<String, Object> config = new HashMap<>();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
		try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
				new ByteArrayDeserializer())) {
			List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
				.map((info) -> new TopicPartition(topic, info.partition())).toList();
			return consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
		}
	}

	/**
	 * Returns a producer of byte arrays that waits for every write to be acknowledged by the broker.
	 * @return a new producer, to close
	 */
	public static KafkaProducer<byte[], byte[]> producer() {
		Map<String, Object> config = new HashMap<>();
		config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
		config.put(ProducerConfig.ACKS_CONFIG, "all");
		config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
		return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
	}

	/**
	 * Sends a record to a partition and waits for it.
	 * @param producer the producer
	 * @param topic the topic
	 * @param partition the partition
	 * @param key the key, or {@code null}
	 * @param value the value, or {@code null} (a tombstone)
	 */
	public static void send(KafkaProducer<byte[], byte[]> producer, String topic, int partition, String key,
			String value)
			throws Exception {
		producer.send(new ProducerRecord<>(topic, partition,
				(key != null) ? key.getBytes(StandardCharsets.UTF_8) : null,
				(value != null) ? value.getBytes(StandardCharsets.UTF_8) : null)).get(30, TimeUnit.SECONDS);
	}

	/**
	 * Reads a topic from its beginning until it has at least the given number of records, within a bound.
	 * @param topic the topic
	 * @param atLeast the records to wait for
	 * @param timeout the bound
	 * @return the records read
	 */
	public static List<ConsumerRecord<byte[], byte[]>> read(String topic, int atLeast, Duration timeout) {
		Map<String, Object> config = new HashMap<>();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
		config.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
		config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
		try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
				new ByteArrayDeserializer())) {
			consumer.subscribe(List.of(topic));
			long deadline = System.nanoTime() + timeout.toNanos();
			while (records.size() < atLeast && System.nanoTime() < deadline) {
				consumer.poll(Duration.ofMillis(200)).forEach(records::add);
			}
		}
		return records;
	}

	/**
	 * Sets dynamic configurations of a consumer group (a {@code GROUP} config resource, for example
	 * {@code consumer.session.timeout.ms} of the consumer group protocol); the group need not exist yet.
	 * @param groupId the group
	 * @param settings the configurations
	 */
	public static void setGroupConfig(String groupId, Map<String, String> settings) {
		bootstrapServers();
		broker.doWithAdmin((admin) -> {
			List<AlterConfigOp> ops = settings.entrySet().stream()
				.map((entry) -> new AlterConfigOp(new ConfigEntry(entry.getKey(), entry.getValue()),
						AlterConfigOp.OpType.SET))
				.toList();
			try {
				admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.GROUP, groupId), ops))
					.all().get(30, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				throw new IllegalStateException("setting " + settings + " on group " + groupId + " failed", ex);
			}
		});
	}

	/**
	 * Returns the protocol type of a consumer group as the broker describes it.
	 * @param groupId the group
	 * @return {@code CONSUMER} (KIP-848) or {@code CLASSIC}
	 */
	public static String groupType(String groupId) {
		bootstrapServers();
		return broker.doWithAdminFunction((admin) -> {
			try {
				return admin.describeConsumerGroups(List.of(groupId)).all().get(30, TimeUnit.SECONDS).get(groupId)
					.type().name();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
	}

	/**
	 * Returns how many members of a consumer group have partitions assigned now.
	 * @param groupId the group
	 * @return the members with at least one partition
	 */
	public static long membersWithPartitions(String groupId) {
		bootstrapServers();
		return broker.doWithAdminFunction((admin) -> {
			try {
				return admin.describeConsumerGroups(List.of(groupId)).all().get(30, TimeUnit.SECONDS).get(groupId)
					.members().stream().filter((member) -> !member.assignment().topicPartitions().isEmpty()).count();
			}
			catch (ExecutionException ex) {
				if (ex.getCause() instanceof GroupIdNotFoundException) {
					return 0L; // no member joined yet
				}
				throw new IllegalStateException(ex);
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
	}

	/**
	 * Returns the committed offset of a consumer group on a partition.
	 * @param groupId the group
	 * @param partition the partition
	 * @return the committed offset, or {@code -1}
	 */
	public static long committedOffset(String groupId, TopicPartition partition) {
		bootstrapServers();
		return broker.doWithAdminFunction((admin) -> {
			try {
				var offsets = admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata().get(30,
						TimeUnit.SECONDS);
				var offset = offsets.get(partition);
				return (offset != null) ? offset.offset() : -1L;
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
	}

}
