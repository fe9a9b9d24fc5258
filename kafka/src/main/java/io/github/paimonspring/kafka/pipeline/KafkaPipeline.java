package io.github.paimonspring.kafka.pipeline;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.DeadLetters;
import io.github.paimonspring.kafka.KafkaPipelineException;
import io.github.paimonspring.kafka.KafkaPipelineListener;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import io.github.paimonspring.kafka.KafkaPipelineView;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * One running pipeline: its listener container (spring-kafka's {@link ConcurrentMessageListenerContainer}
 * from the application's container factory, one consumer thread per {@code concurrency}),
 * the executor its appends and channel openings run on, its Arrow allocator and dead-letter publisher,
 * and its state.
 */
final class KafkaPipeline {

	private static final Logger logger = LoggerFactory.getLogger(KafkaPipeline.class);

	private final String name;

	private final String table;

	private final KafkaPipelineProperties settings;

	private final PaimonOperations paimon;

	private final KafkaPipelineListener listener;

	private final ConcurrentKafkaListenerContainerFactory<byte[], byte[]> containers;

	private final Properties consumerOverrides;

	private final DeadLetters deadLetters;

	private final String groupId;

	private final PipelineListener records;

	private final BufferAllocator allocator = new RootAllocator();

	private final ExecutorService sender;

	private @Nullable ConcurrentMessageListenerContainer<byte[], byte[]> container;

	private volatile boolean active;

	private volatile String state = "created";

	private volatile @Nullable String error;

	/**
	 * Creates a pipeline (started with {@link #start()}).
	 * @param name its name
	 * @param settings its settings (checked)
	 * @param paimon the operations it writes with
	 * @param listener what receives its events
	 * @param containers the factory of its listener container, whose consumers have byte array keys and values
	 * @param consumerOverrides the consumer properties that override the factory's
	 * @param deadLetters its dead-letter publisher
	 * @param groupId its consumer group
	 * @param resetTo where a partition without a committed token starts: earliest or latest
	 */
	KafkaPipeline(String name, KafkaPipelineProperties settings, PaimonOperations paimon,
			KafkaPipelineListener listener, ConcurrentKafkaListenerContainerFactory<byte[], byte[]> containers,
			Properties consumerOverrides,
			DeadLetters deadLetters, String groupId, String resetTo) {
		this.name = name;
		this.table = Objects.requireNonNull(settings.getTable(),
				"the table of pipeline '" + name + "', checked before");
		this.settings = settings;
		this.paimon = paimon;
		this.listener = listener;
		this.containers = containers;
		this.consumerOverrides = consumerOverrides;
		this.deadLetters = deadLetters;
		this.groupId = groupId;
		this.records = new PipelineListener(this, resetTo);
		AtomicInteger count = new AtomicInteger();
		this.sender = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, "paimon-kafka-" + name + "-send-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	synchronized void start() {
		this.active = true;
		this.state = "running";
		// the factory applies spring.kafka.listener.* (observation, virtual threads, monitor and stop settings, ...)
		// and the application's ContainerCustomizer; what exactly-once needs is set over it
		ConcurrentMessageListenerContainer<byte[], byte[]> created = (this.settings.getTopicPattern() != null)
				? this.containers.createContainer(Pattern.compile(this.settings.getTopicPattern()))
				: this.containers.createContainer(this.settings.getTopics().toArray(String[]::new));
		ContainerProperties properties = created.getContainerProperties();
		properties.setGroupId(this.groupId);
		properties.setClientId("paimon-" + this.name);
		// the pipeline commits to Kafka the offsets its channels committed, never a poll's records (docs/kafka.md)
		properties.setAckMode(ContainerProperties.AckMode.MANUAL);
		properties.setKafkaAwareTransactionManager(null);
		properties.setKafkaConsumerProperties(this.consumerOverrides);
		properties.setMessageListener(this.records);
		properties.setConsumerRebalanceListener(this.records);
		long wait = this.settings.getBatch().getMaxWait().toMillis();
		long pollTimeout = Math.max(10, Math.min(100, wait / 2));
		properties.setPollTimeout(pollTimeout);
		properties.setIdleEventInterval(pollTimeout);
		properties.setIdleBeforeDataMultiplier(1.0);
		properties.setShutdownTimeout(this.settings.getRevokeTimeout().plus(Duration.ofSeconds(30)).toMillis());
		created.setConcurrency(this.settings.getConcurrency());
		created.setBeanName("paimon-kafka-" + this.name);
		created.setApplicationEventPublisher(this.records);
		created.setCommonErrorHandler(errorHandler());
		// an application's record interceptor is for its own listeners: the pipeline's records are the table's rows
		created.setRecordInterceptor(null);
		this.container = created;
		created.start();
		logger.info("Kafka pipeline '{}' consumes {} into table '{}' (group '{}', {} consumer(s))", this.name, topics(),
				this.settings.getTable(), this.groupId, this.settings.getConcurrency());
	}

	/**
	 * What handles an exception the listener throws (one it cannot handle itself: a failure of the Kafka
	 * client or of the catalog): the same records again after a backoff that doubles up to 30 times the
	 * retry backoff, without end and without committing anything to Kafka — no record is skipped.
	 */
	private DefaultErrorHandler errorHandler() {
		long base = Math.max(1, this.settings.getRetryBackoff().toMillis());
		ExponentialBackOff backOff = new ExponentialBackOff(base, 2.0);
		backOff.setMaxInterval(base * 30);
		DefaultErrorHandler handler = new DefaultErrorHandler((record, ex) -> {
			throw new KafkaPipelineException(this.table, "Pipeline '" + this.name + "' does not skip record "
					+ record.topic() + "-" + record.partition() + "@" + record.offset(), ex);
		}, backOff);
		handler.setAckAfterHandle(false);
		return handler;
	}

	void stop() {
		ConcurrentMessageListenerContainer<byte[], byte[]> running;
		synchronized (this) {
			this.active = false;
			running = this.container;
		}
		if (running != null) {
			running.stop();
		}
		this.sender.shutdownNow();
		if (this.error == null) {
			this.state = "closed";
		}
		try {
			this.allocator.close();
		}
		catch (RuntimeException ex) {
			logger.debug("Closing the Arrow allocator of pipeline '{}': {}", this.name, ex.toString());
		}
	}

	/**
	 * Stops the pipeline on an error: every consumer leaves, the health goes DOWN.
	 * @param cause why
	 */
	void failed(Throwable cause) {
		ConcurrentMessageListenerContainer<byte[], byte[]> running;
		synchronized (this) {
			if (this.error == null) {
				this.error = (cause.getMessage() != null) ? cause.getMessage() : cause.toString();
				this.state = "stopped";
				logger.error("Kafka pipeline '{}' stopped: {}", this.name, this.error, cause);
			}
			this.active = false;
			running = this.container;
		}
		if (running != null) {
			// not on a consumer thread: stopping waits for the consumer threads to end
			Thread stopper = new Thread(running::stop, "paimon-kafka-" + this.name + "-stop");
			stopper.setDaemon(true);
			stopper.start();
		}
	}

	KafkaPipelineView view() {
		List<KafkaPipelineView.Partition> partitions = this.records.partitions();
		long lag = partitions.stream().mapToLong(KafkaPipelineView.Partition::lag).sum();
		return new KafkaPipelineView(this.name, this.table, topics(), this.groupId,
				this.state, this.error, lag, partitions);
	}

	private String topics() {
		return (this.settings.getTopicPattern() != null) ? this.settings.getTopicPattern()
				: String.join(",", this.settings.getTopics());
	}

	boolean isRunning() {
		return this.active;
	}

	String name() {
		return this.name;
	}

	String table() {
		return this.table;
	}

	KafkaPipelineProperties settings() {
		return this.settings;
	}

	PaimonOperations paimon() {
		return this.paimon;
	}

	KafkaPipelineListener listener() {
		return this.listener;
	}

	DeadLetters deadLetters() {
		return this.deadLetters;
	}

	BufferAllocator allocator() {
		return this.allocator;
	}

	ExecutorService sender() {
		return this.sender;
	}

}
