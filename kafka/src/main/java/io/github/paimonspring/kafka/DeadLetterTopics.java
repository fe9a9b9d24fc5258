package io.github.paimonspring.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.KafkaAdmin;

/**
 * The dead-letter topics of a pipeline, made to exist before anything is published to them: {@code <topic>-dlt}
 * of each source topic, or the pipeline's {@code dead-letter-topic}. {@link #prepare()} (at start) checks the
 * dead-letter topics of the listed source topics and creates the missing ones; the dead-letter topic of a
 * source topic seen later (a {@code topic-pattern}, a listed topic created after the start) is checked the
 * same way before its first dead letter ({@link #ensure(String)}). A created topic gets
 * {@code dead-letter-topic-partitions} partitions (by default those of its source topic, the most of its
 * source topics when several share it) and {@code dead-letter-topic-replication-factor} (by default the
 * broker's); an existing topic is never changed. When a dead-letter topic neither exists nor can be created
 * (creation turned off with {@code dead-letter-topic-create=false}, or the broker refused: authorization, an
 * invalid replication factor...), a {@link KafkaPipelineException} names the pipeline, the topic and why.
 * <p>
 * The admin client is configured like Boot's {@link KafkaAdmin} ({@code spring.kafka.admin.*} over the
 * connection, security and SSL settings of {@code spring.kafka.*}), or, without that bean, like the
 * pipeline's producer.
 */
public class DeadLetterTopics {

	private static final Logger logger = LoggerFactory.getLogger(DeadLetterTopics.class);

	private static final String SUFFIX = "-dlt";

	private final String pipeline;

	private final String table;

	private final KafkaPipelineProperties settings;

	private final Map<String, Object> adminConfig;

	private final Duration timeout;

	/** The partitions of the dead-letter topics known to exist. */
	private final Map<String, Integer> existing = new ConcurrentHashMap<>();

	/**
	 * Creates the dead-letter topics of a pipeline (nothing is checked on the broker until {@link #prepare()}).
	 * @param pipeline the pipeline name
	 * @param table the table the pipeline writes
	 * @param settings the pipeline's settings
	 * @param adminConfig the Kafka admin client configuration
	 * @param timeout how long a call to the broker may take
	 * @throws KafkaPipelineException naming the property when a dead-letter setting is invalid
	 */
	public DeadLetterTopics(String pipeline, String table, KafkaPipelineProperties settings,
			Map<String, Object> adminConfig, Duration timeout) {
		this.pipeline = pipeline;
		this.table = table;
		this.settings = settings;
		this.adminConfig = Map.copyOf(adminConfig);
		this.timeout = timeout;
		String prefix = "paimon.kafka.pipelines." + pipeline + ".";
		Integer partitions = settings.getDeadLetterTopicPartitions();
		if (partitions != null && partitions < 1) {
			throw new KafkaPipelineException(table,
					"Property " + prefix + "dead-letter-topic-partitions must be at least 1, got " + partitions);
		}
		Short replicationFactor = settings.getDeadLetterTopicReplicationFactor();
		if (replicationFactor != null && replicationFactor < 1) {
			throw new KafkaPipelineException(table, "Property " + prefix
					+ "dead-letter-topic-replication-factor must be at least 1, got " + replicationFactor);
		}
		String topic = settings.getDeadLetterTopic();
		if (topic != null && topic.isBlank()) {
			throw new KafkaPipelineException(table, "Property " + prefix
					+ "dead-letter-topic is blank: name a topic, or leave it out for '<topic>-dlt'");
		}
	}

	/**
	 * Creates the dead-letter topics of a pipeline with the configuration of Boot's {@link KafkaAdmin} bean,
	 * or, without one, with the pipeline producer's connection settings.
	 * @param pipeline the pipeline name
	 * @param table the table the pipeline writes
	 * @param settings the pipeline's settings
	 * @param admin Boot's Kafka admin, or {@code null}
	 * @param producerConfig the producer configuration of the pipeline's dead letters
	 * @return the dead-letter topics
	 */
	public static DeadLetterTopics of(String pipeline, String table, KafkaPipelineProperties settings,
			@Nullable KafkaAdmin admin, Map<String, Object> producerConfig) {
		if (admin != null) {
			return new DeadLetterTopics(pipeline, table, settings, admin.getConfigurationProperties(),
					Duration.ofSeconds(admin.getOperationTimeout()));
		}
		return new DeadLetterTopics(pipeline, table, settings, adminConfig(producerConfig), Duration.ofSeconds(30));
	}

	/**
	 * Returns an admin client configuration from a producer configuration: everything but the settings only
	 * a producer knows (so the connection, security, SSL and custom entries stay).
	 * @param producerConfig the producer configuration
	 * @return the admin client configuration
	 */
	public static Map<String, Object> adminConfig(Map<String, Object> producerConfig) {
		Set<String> producerOnly = new LinkedHashSet<>(ProducerConfig.configNames());
		producerOnly.removeAll(AdminClientConfig.configNames());
		Map<String, Object> config = new HashMap<>(producerConfig);
		config.keySet().removeAll(producerOnly);
		return config;
	}

	/**
	 * Returns the dead-letter topic of a source topic.
	 * @param sourceTopic the topic a record came from
	 * @return the pipeline's {@code dead-letter-topic}, or {@code <sourceTopic>-dlt}
	 */
	public String topicFor(String sourceTopic) {
		String topic = this.settings.getDeadLetterTopic();
		return (topic != null) ? topic : sourceTopic + SUFFIX;
	}

	/**
	 * Checks, at the pipeline's start, the dead-letter topics of the listed source topics that exist, and
	 * creates the missing ones. Nothing is done for a pipeline with {@code on-error: stop} or a
	 * {@code topic-pattern} (its topics are checked before their first dead letter). When the broker does not
	 * answer within the timeout, the topics are checked before their first dead letter instead.
	 * @throws KafkaPipelineException naming the pipeline and the topic when a dead-letter topic neither
	 * exists nor can be created
	 */
	public void prepare() {
		if (this.settings.getOnError() != KafkaPipelineProperties.OnError.DEAD_LETTER
				|| this.settings.getTopics().isEmpty()) {
			return;
		}
		try {
			ensure(this.settings.getTopics(), true);
		}
		catch (TimeoutException ex) {
			logger.warn("Pipeline '{}' could not check its dead-letter topics {} within {}: each is checked (and "
					+ "created if missing) before its first dead letter", this.pipeline, deadLetterTopics(),
					this.timeout);
		}
	}

	/**
	 * Makes sure the dead-letter topic of a source topic exists, creating it if missing; returns at once when
	 * it is known to exist.
	 * @param sourceTopic the topic a bad record came from
	 * @return the partitions of its dead-letter topic
	 * @throws KafkaPipelineException naming the pipeline and the topic when it neither exists nor can be
	 * created, or the broker did not answer
	 */
	public int ensure(String sourceTopic) {
		String topic = topicFor(sourceTopic);
		Integer known = this.existing.get(topic);
		if (known != null) {
			return known;
		}
		synchronized (this) {
			try {
				ensure(List.of(sourceTopic), false);
			}
			catch (TimeoutException ex) {
				throw new KafkaPipelineException(this.table, "Pipeline '" + this.pipeline
						+ "' could not check its dead-letter topic '" + topic + "': the broker did not answer within "
						+ this.timeout, ex);
			}
			return this.existing.getOrDefault(topic, 0);
		}
	}

	/**
	 * Returns the partitions of a dead-letter topic known to exist.
	 * @param topic the dead-letter topic
	 * @return its partitions, or 0 when it was not checked
	 */
	public int partitions(String topic) {
		return this.existing.getOrDefault(topic, 0);
	}

	private List<String> deadLetterTopics() {
		return this.settings.getTopics().stream().map(this::topicFor).distinct().toList();
	}

	/**
	 * Checks the dead-letter topics of source topics and creates the missing ones. At start, a dead-letter
	 * topic none of whose source topics exists yet is left for its first dead letter.
	 */
	private void ensure(List<String> sourceTopics, boolean atStart) throws TimeoutException {
		Map<String, List<String>> wanted = new LinkedHashMap<>();
		for (String source : sourceTopics) {
			String topic = topicFor(source);
			if (!this.existing.containsKey(topic)) {
				wanted.computeIfAbsent(topic, (key) -> new ArrayList<>()).add(source);
			}
		}
		if (wanted.isEmpty()) {
			return;
		}
		Set<String> names = new LinkedHashSet<>(wanted.keySet());
		wanted.values().forEach(names::addAll);
		Admin admin;
		try {
			admin = Admin.create(this.adminConfig);
		}
		catch (KafkaException ex) {
			throw new KafkaPipelineException(this.table, "Pipeline '" + this.pipeline
					+ "' could not connect to check its dead-letter topics " + wanted.keySet() + ": " + ex, ex);
		}
		try {
			Map<String, KafkaFuture<TopicDescription>> described = admin.describeTopics(names).topicNameValues();
			for (Map.Entry<String, List<String>> entry : wanted.entrySet()) {
				String topic = entry.getKey();
				Integer partitions = partitionsOf(topic, described.get(topic), true);
				if (partitions != null) {
					this.existing.put(topic, partitions);
					continue;
				}
				Optional<Integer> sourcePartitions = Optional.empty();
				for (String source : entry.getValue()) {
					Integer count = partitionsOf(source, described.get(source), false);
					if (count != null && (sourcePartitions.isEmpty() || count > sourcePartitions.get())) {
						sourcePartitions = Optional.of(count);
					}
				}
				if (atStart && sourcePartitions.isEmpty()) {
					logger.debug("Pipeline '{}': none of {} exists yet; dead-letter topic '{}' is checked before "
							+ "its first dead letter", this.pipeline, entry.getValue(), topic);
					continue;
				}
				this.existing.put(topic, create(admin, topic, sourcePartitions));
			}
		}
		finally {
			admin.close(Duration.ZERO);
		}
	}

	/**
	 * Returns the partitions of a described topic, or {@code null} when it does not exist (or, for a source
	 * topic, cannot be described).
	 */
	private @Nullable Integer partitionsOf(String topic, @Nullable KafkaFuture<TopicDescription> description,
			boolean deadLetterTopic) throws TimeoutException {
		if (description == null) {
			return null;
		}
		try {
			return description.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS).partitions().size();
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			if (cause instanceof UnknownTopicOrPartitionException || !deadLetterTopic) {
				return null;
			}
			if (cause instanceof TopicAuthorizationException) {
				throw new KafkaPipelineException(this.table, "Pipeline '" + this.pipeline
						+ "' may not describe its dead-letter topic '" + topic + "' (" + cause.getMessage()
						+ "): its Kafka principal needs Describe and Create on the topic, and Write to publish to it",
						cause);
			}
			throw new KafkaPipelineException(this.table, "Pipeline '" + this.pipeline
					+ "' could not check its dead-letter topic '" + topic + "': " + cause, cause);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new KafkaPipelineException(this.table, "Pipeline '" + this.pipeline
					+ "' was interrupted checking its dead-letter topic '" + topic + "'", ex);
		}
	}

	/** Creates a missing dead-letter topic; returns its partitions. */
	private int create(Admin admin, String topic, Optional<Integer> sourcePartitions) throws TimeoutException {
		String prefix = "paimon.kafka.pipelines." + this.pipeline + ".";
		Optional<Integer> partitions = Optional.ofNullable(this.settings.getDeadLetterTopicPartitions())
			.or(() -> sourcePartitions);
		Optional<Short> replicationFactor = Optional.ofNullable(this.settings.getDeadLetterTopicReplicationFactor());
		String shape = partitions.map((count) -> count + " partition(s)").orElse("the broker's default partitions")
				+ ", " + replicationFactor.map((factor) -> "replication factor " + factor)
					.orElse("the broker's default replication factor");
		if (!this.settings.isDeadLetterTopicCreate()) {
			throw new KafkaPipelineException(this.table, "Dead-letter topic '" + topic + "' of pipeline '"
					+ this.pipeline + "' does not exist and " + prefix
					+ "dead-letter-topic-create is false: create it (" + shape + "), or let the pipeline create it");
		}
		try {
			NewTopic newTopic = new NewTopic(topic, partitions, replicationFactor);
			CreateTopicsResult result = admin.createTopics(List.of(newTopic));
			result.all().get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			int created = result.numPartitions(topic).get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			logger.info("Pipeline '{}' created its dead-letter topic '{}' ({} partition(s), {})", this.pipeline,
					topic, created, replicationFactor.map((factor) -> "replication factor " + factor)
						.orElse("the broker's default replication factor"));
			return created;
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			if (!(cause instanceof TopicExistsException)) {
				throw new KafkaPipelineException(this.table, "Pipeline '" + this.pipeline
						+ "' could not create its dead-letter topic '" + topic + "' (" + shape + "): " + cause
						+ ". Create the topic, or grant the pipeline's Kafka principal Create and Describe on it, "
						+ "or fix " + prefix + "dead-letter-topic-partitions / dead-letter-topic-replication-factor",
						cause);
			}
			// created meanwhile by another instance
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new KafkaPipelineException(this.table, "Pipeline '" + this.pipeline
					+ "' was interrupted creating its dead-letter topic '" + topic + "'", ex);
		}
		Integer found = partitionsOf(topic, admin.describeTopics(List.of(topic)).topicNameValues().get(topic),
				true);
		return (found != null) ? found : 0;
	}

}
