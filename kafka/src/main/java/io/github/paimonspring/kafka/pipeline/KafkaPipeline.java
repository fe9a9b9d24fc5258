package io.github.paimonspring.kafka.pipeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.DeadLetters;
import io.github.paimonspring.kafka.KafkaPipelineListener;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import io.github.paimonspring.kafka.KafkaPipelineView;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.core.ConsumerFactory;

/**
 * One running pipeline: its consumers (one thread each), the executor their appends and channel
 * openings run on, its Arrow allocator and dead-letter publisher, and its state.
 */
final class KafkaPipeline {

	private static final Logger logger = LoggerFactory.getLogger(KafkaPipeline.class);

	private final String name;

	private final String table;

	private final KafkaPipelineProperties settings;

	private final PaimonOperations paimon;

	private final KafkaPipelineListener listener;

	private final ConsumerFactory<byte[], byte[]> consumers;

	private final DeadLetters deadLetters;

	private final String groupId;

	private final String resetTo;

	private final List<PipelineConsumer> running = new ArrayList<>();

	private final List<Thread> threads = new ArrayList<>();

	private final BufferAllocator allocator = new RootAllocator();

	private final ExecutorService sender;

	private volatile boolean active;

	private volatile String state = "created";

	private volatile @Nullable String error;

	KafkaPipeline(String name, KafkaPipelineProperties settings, PaimonOperations paimon,
			KafkaPipelineListener listener,
			ConsumerFactory<byte[], byte[]> consumers, DeadLetters deadLetters, String groupId, String resetTo) {
		this.name = name;
		this.table = Objects.requireNonNull(settings.getTable(),
				"the table of pipeline '" + name + "', checked before");
		this.settings = settings;
		this.paimon = paimon;
		this.listener = listener;
		this.consumers = consumers;
		this.deadLetters = deadLetters;
		this.groupId = groupId;
		this.resetTo = resetTo;
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
		for (int i = 0; i < this.settings.getConcurrency(); i++) {
			PipelineConsumer consumer = new PipelineConsumer(this,
					this.consumers.createConsumer(this.groupId, "paimon-" + this.name, "-" + i), this.resetTo);
			Thread thread = new Thread(consumer, "paimon-kafka-" + this.name + "-" + i);
			this.running.add(consumer);
			this.threads.add(thread);
			thread.start();
		}
		logger.info("Kafka pipeline '{}' consumes {} into table '{}' (group '{}', {} consumer(s))", this.name, topics(),
				this.settings.getTable(), this.groupId, this.settings.getConcurrency());
	}

	synchronized void stop() {
		this.active = false;
		this.running.forEach(PipelineConsumer::wakeup);
		long wait = this.settings.getRevokeTimeout().plus(Duration.ofSeconds(30)).toMillis();
		for (Thread thread : this.threads) {
			try {
				thread.join(wait);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.threads.clear();
		this.running.clear();
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
		synchronized (this) {
			if (this.error == null) {
				this.error = (cause.getMessage() != null) ? cause.getMessage() : cause.toString();
				this.state = "stopped";
				logger.error("Kafka pipeline '{}' stopped: {}", this.name, this.error, cause);
			}
		}
		this.active = false;
		List<PipelineConsumer> consumers;
		synchronized (this) {
			consumers = new ArrayList<>(this.running);
		}
		consumers.forEach(PipelineConsumer::wakeup);
	}

	KafkaPipelineView view() {
		List<KafkaPipelineView.Partition> partitions = new ArrayList<>();
		List<PipelineConsumer> consumers;
		synchronized (this) {
			consumers = new ArrayList<>(this.running);
		}
		consumers.forEach((consumer) -> partitions.addAll(consumer.partitions()));
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
