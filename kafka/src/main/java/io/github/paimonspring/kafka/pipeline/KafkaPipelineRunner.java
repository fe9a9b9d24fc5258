package io.github.paimonspring.kafka.pipeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.DeadLetterTopics;
import io.github.paimonspring.kafka.DeadLetters;
import io.github.paimonspring.kafka.KafkaPipelineException;
import io.github.paimonspring.kafka.KafkaPipelineListener;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import io.github.paimonspring.kafka.KafkaPipelineView;
import io.github.paimonspring.kafka.KafkaPipelines;
import io.github.paimonspring.kafka.record.RecordMetadata;
import io.github.paimonspring.kafka.record.TableShape;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;

/**
 * Runs the declared Kafka pipelines from application start to shutdown. Creating it checks every
 * pipeline against its table (refusing a configuration that does not fit, naming the property); the
 * consumers start with the application context and leave their groups when it stops. The listener containers
 * come from a container factory as Boot configures it, the Kafka clients from the application's factories
 * ({@code spring.kafka.*} and their customizers) with byte-array (de)serializers, no auto commit and each
 * pipeline's group.
 */
public class KafkaPipelineRunner implements KafkaPipelines, SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(KafkaPipelineRunner.class);

	private static final Pattern TOPIC = Pattern.compile("[A-Za-z0-9._-]{1,117}");

	private final List<KafkaPipeline> pipelines = new ArrayList<>();

	private final List<ProducerFactory<byte[], byte[]>> producers = new ArrayList<>();

	private final List<DeadLetterTopics> deadLetterTopics = new ArrayList<>();

	private volatile boolean running;

	/**
	 * Creates the pipelines (they start with {@link #start()}).
	 * @param pipelines the settings of the declared pipelines, by name ({@code paimon.kafka.pipelines})
	 * @param paimon the operations the pipelines write with
	 * @param containers the listener container factory the pipelines' containers come from: as Boot's
	 * {@code ConcurrentKafkaListenerContainerFactoryConfigurer} configures one ({@code spring.kafka.listener.*},
	 * the application's consumer factory) with the application's {@code ContainerCustomizer}; each pipeline sets
	 * on its container what exactly-once needs (manual acknowledgement of the offsets its channels committed, its
	 * error handler, rebalance listener, group, concurrency and no Kafka transaction) and its consumers get byte
	 * array deserializers, no auto commit, the pipeline's group and its {@code consumer-properties}
	 * @param producers the application's producer factory ({@code spring.kafka.producer.*}, its customizers, SSL
	 * bundles): each pipeline's dead letters are sent by a copy of it with byte array serializers
	 * @param listener what receives the pipelines' events
	 * @param kafkaAdmin Boot's Kafka admin, whose configuration checks and creates the dead-letter topics, or
	 * {@code null} to use the producer's connection settings
	 * @throws KafkaPipelineException naming the property when a pipeline is misconfigured
	 */
	public KafkaPipelineRunner(Map<String, KafkaPipelineProperties> pipelines, PaimonOperations paimon,
			ConcurrentKafkaListenerContainerFactory<?, ?> containers, ProducerFactory<?, ?> producers,
			KafkaPipelineListener listener, @Nullable KafkaAdmin kafkaAdmin) {
		ConsumerFactory<?, ?> consumerFactory = containers.getConsumerFactory();
		if (consumerFactory == null) {
			throw new KafkaPipelineException(null, "The Kafka pipelines' listener container factory has no "
					+ "ConsumerFactory");
		}
		ConsumerFactory<byte[], byte[]> consumers = bytes(consumerFactory);
		Map<String, Object> consumerConfig = consumers.getConfigurationProperties();
		ConcurrentKafkaListenerContainerFactory<byte[], byte[]> byteContainers = byteArrays(containers);
		ProducerFactory<byte[], byte[]> deadLetterProducers = byteProducers(producers);
		for (Map.Entry<String, KafkaPipelineProperties> entry : pipelines.entrySet()) {
			String name = entry.getKey();
			KafkaPipelineProperties pipeline = entry.getValue();
			if (!pipeline.isEnabled()) {
				continue;
			}
			String table = check(name, pipeline, paimon);
			String groupId = (pipeline.getGroupId() != null && !pipeline.getGroupId().isBlank()) ? pipeline.getGroupId()
					: "paimon-" + name;
			String resetTo = resetTo(name, pipeline, consumerConfig);
			Properties consumer = new Properties();
			consumer.putAll(pipeline.getConsumerProperties());
			consumer.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
			consumer.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, resetTo);
			consumer.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
			consumer.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
			ProducerFactory<byte[], byte[]> producer = deadLetterProducers.copyWithConfigurationOverride(Map.of(
					ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
					ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class));
			this.producers.add(producer);
			DeadLetterTopics topics = DeadLetterTopics.of(name, table, pipeline, kafkaAdmin,
					producer.getConfigurationProperties());
			this.deadLetterTopics.add(topics);
			KafkaTemplate<byte[], byte[]> template = new KafkaTemplate<>(producer);
			// a transactional producer factory (spring.kafka.producer.transaction-id-prefix) sends a dead letter
			// with a producer outside any transaction, as before: it is no part of a Kafka transaction
			template.setAllowNonTransactional(true);
			DeadLetters deadLetters = new DeadLetters(template, name, table, topics, Duration.ofSeconds(30));
			this.pipelines.add(new KafkaPipeline(name, pipeline, paimon, listener, byteContainers, consumer,
					deadLetters, groupId, resetTo));
		}
	}

	@SuppressWarnings("unchecked")
	private static ConcurrentKafkaListenerContainerFactory<byte[], byte[]> byteArrays(
			ConcurrentKafkaListenerContainerFactory<?, ?> containers) {
		// the consumers' types are checked by bytes(ConsumerFactory)
		return (ConcurrentKafkaListenerContainerFactory<byte[], byte[]>) containers;
	}

	/**
	 * The consumer factory for byte array records: the application's, whose consumers get byte array
	 * deserializers through the pipeline's consumer properties — unless it was given deserializer instances,
	 * which win over properties.
	 */
	@SuppressWarnings("unchecked")
	private static ConsumerFactory<byte[], byte[]> bytes(ConsumerFactory<?, ?> factory) {
		requireByteArrays("ConsumerFactory", "deserializer", "read records", "spring.kafka.consumer",
				factory.getKeyDeserializer(), factory.getValueDeserializer(), ByteArrayDeserializer.class);
		return (ConsumerFactory<byte[], byte[]>) factory;
	}

	/**
	 * The producer factory for dead letters: the application's, whose copies get byte array serializers through
	 * properties — unless it was given serializer instances, which win over properties.
	 */
	@SuppressWarnings("unchecked")
	private static ProducerFactory<byte[], byte[]> byteProducers(ProducerFactory<?, ?> factory) {
		requireByteArrays("ProducerFactory", "serializer", "send dead letters", "spring.kafka.producer",
				factory.getKeySerializer(), factory.getValueSerializer(), ByteArraySerializer.class);
		return (ProducerFactory<byte[], byte[]>) factory;
	}

	/** Refuses a factory given (de)serializer instances other than the byte array ones the pipelines set. */
	private static void requireByteArrays(String factory, String kind, String what, String prefix,
			@Nullable Object key, @Nullable Object value, Class<?> byteArrays) {
		if ((key != null && !byteArrays.isInstance(key)) || (value != null && !byteArrays.isInstance(value))) {
			throw new KafkaPipelineException(null, "The application's Kafka " + factory + " has " + kind
					+ " instances (" + ((key != null) ? key.getClass().getName() : "none") + ", "
					+ ((value != null) ? value.getClass().getName() : "none") + "); the Kafka pipelines " + what
					+ " as byte arrays and set " + byteArrays.getSimpleName() + " by property, which such instances "
					+ "override: configure " + kind + "s with " + prefix + ".key-" + kind + " and value-" + kind
					+ " instead");
		}
	}

	/** Checks the properties of a pipeline; returns the table it writes. */
	private static String check(String name, KafkaPipelineProperties pipeline, PaimonOperations paimon) {
		String prefix = "paimon.kafka.pipelines." + name + ".";
		String table = pipeline.getTable();
		if (table == null || table.isBlank()) {
			throw new KafkaPipelineException(null,
					"Property " + prefix + "table is required: the table pipeline '" + name
					+ "' writes (a paimon.tables name or database.table)");
		}
		boolean pattern = pipeline.getTopicPattern() != null && !pipeline.getTopicPattern().isBlank();
		if (pattern == !pipeline.getTopics().isEmpty()) {
			throw new KafkaPipelineException(pipeline.getTable(), "Pipeline '" + name + "' needs either " + prefix
					+ "topics or " + prefix + "topic-pattern" + (pattern ? ", not both" : ""));
		}
		if (pattern) {
			try {
				Pattern.compile(pipeline.getTopicPattern());
			}
			catch (PatternSyntaxException ex) {
				throw new KafkaPipelineException(pipeline.getTable(),
						"Property " + prefix + "topic-pattern is not a regular expression: " + ex.getMessage());
			}
		}
		for (String topic : pipeline.getTopics()) {
			if (!TOPIC.matcher(topic).matches()) {
				throw new KafkaPipelineException(pipeline.getTable(), "Property " + prefix + "topics has '" + topic
						+ "': a topic of a pipeline has 1 to 117 letters, digits, '.', '_' or '-' (its partitions "
								+ "write "
						+ "through the channels '<topic>-<partition>', at most 128 characters)");
			}
		}
		positive(prefix + "concurrency", pipeline.getConcurrency());
		positive(prefix + "batch.max-rows", pipeline.getBatch().getMaxRows());
		positive(prefix + "batch.max-in-flight", pipeline.getBatch().getMaxInFlight());
		positive(prefix + "batch.max-bytes", pipeline.getBatch().getMaxBytes().toBytes());
		positive(prefix + "max-record-size", pipeline.getMaxRecordSize().toBytes());
		TableShape shape = TableShape.load(paimon, table);
		RecordMetadata.resolve(name, pipeline.getColumns(),
				pipeline.getKeyFormat() == KafkaPipelineProperties.KeyFormat.STRING, shape);
		return table;
	}

	private static void positive(String property, long value) {
		if (value < 1) {
			throw new KafkaPipelineException(null, "Property " + property + " must be at least 1, got " + value);
		}
	}

	private static String resetTo(String name, KafkaPipelineProperties pipeline, Map<String, Object> consumerConfig) {
		Object configured = (pipeline.getAutoOffsetReset() != null) ? pipeline.getAutoOffsetReset()
				: consumerConfig.getOrDefault(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		String value = String.valueOf(configured).trim().toLowerCase(Locale.ROOT);
		if (!value.equals("earliest") && !value.equals("latest")) {
			throw new KafkaPipelineException(pipeline.getTable(), "Property paimon.kafka.pipelines." + name
					+ ".auto-offset-reset (or spring.kafka.consumer.auto-offset-reset) is '" + configured
					+ "'; a pipeline starts a partition without a committed offset token at earliest or latest");
		}
		return value;
	}

	@Override
	public List<KafkaPipelineView> pipelines() {
		return this.pipelines.stream().map(KafkaPipeline::view).toList();
	}

	@Override
	public void start() {
		this.deadLetterTopics.forEach(DeadLetterTopics::prepare);
		this.pipelines.forEach(KafkaPipeline::start);
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		this.pipelines.parallelStream().forEach(KafkaPipeline::stop);
		for (ProducerFactory<byte[], byte[]> producer : this.producers) {
			if (producer instanceof DisposableBean disposable) {
				try {
					disposable.destroy();
				}
				catch (Exception ex) {
					logger.debug("Closing a dead-letter producer factory: {}", ex.toString());
				}
			}
			else {
				producer.reset();
			}
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
