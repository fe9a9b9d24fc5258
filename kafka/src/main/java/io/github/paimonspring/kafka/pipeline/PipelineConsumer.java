package io.github.paimonspring.kafka.pipeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.ingest.ChannelOverlapException;
import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.KafkaBatchProperties;
import io.github.paimonspring.kafka.KafkaPipelineException;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import io.github.paimonspring.kafka.KafkaPipelineView;
import io.github.paimonspring.kafka.record.RecordConverter;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The work of one consumer of a pipeline, on its consumer thread (a child of the pipeline's listener
 * container): converts the records of each poll, appends them to each partition's channel with the last
 * offset as the offset token, and commits to Kafka the offsets Paimon has committed (never more). On
 * assignment a partition is paused and its channel opened — fencing any older owner —, then it is sought
 * after the channel's committed token and resumed; on revocation the appends in flight get a bounded time
 * to be committed; a failed append makes its partition reopen and resume from the committed token.
 */
final class PipelineConsumer {

	private static final Logger logger = LoggerFactory.getLogger(PipelineConsumer.class);

	private final KafkaPipeline pipeline;

	private final KafkaPipelineProperties settings;

	private final Consumer<?, ?> consumer;

	private final Map<TopicPartition, PartitionChannel> partitions = new ConcurrentHashMap<>();

	private final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();

	private final String resetTo;

	private final RecordConverter converter;

	private long lagAtNanos;

	/**
	 * Creates the work of a consumer; called on its thread.
	 * @param pipeline the pipeline
	 * @param consumer the consumer (used on its own thread only)
	 * @param resetTo where a partition without a committed token starts: earliest or latest
	 */
	PipelineConsumer(KafkaPipeline pipeline, Consumer<?, ?> consumer, String resetTo) {
		this.pipeline = pipeline;
		this.settings = pipeline.settings();
		this.consumer = consumer;
		this.resetTo = resetTo;
		this.converter = new RecordConverter(pipeline.name(), this.settings, pipeline.paimon(), pipeline.allocator());
	}

	/**
	 * Takes the records of one poll, then flushes what is due, takes the answered appends and commits
	 * their offsets to Kafka.
	 * @param records the records (of the assigned partitions)
	 */
	void poll(List<ConsumerRecord<byte[], byte[]>> records) {
		for (ConsumerRecord<byte[], byte[]> record : records) {
			handle(record);
		}
		maintain();
	}

	private void handle(ConsumerRecord<byte[], byte[]> record) {
		PartitionChannel partition = this.partitions.get(new TopicPartition(record.topic(), record.partition()));
		if (partition == null || partition.state != PartitionChannel.State.OPEN
				|| record.offset() <= partition.consumedUpTo) {
			return; // read again once the partition is (re)opened
		}
		long size = (record.value() != null) ? record.value().length : 0;
		RecordConverter.Converted converted;
		try {
			converted = this.converter.convert(record);
		}
		catch (BadRecordException ex) {
			if (!deadLetter(partition, record, ex)) {
				return;
			}
			partition.consumedUpTo = record.offset();
			partition.pending.consumed(record.offset(), size);
			return;
		}
		partition.consumedUpTo = record.offset();
		if (converted == null) {
			this.pipeline.listener().skipped(this.pipeline.name());
			partition.pending.consumed(record.offset(), size);
			return;
		}
		if (converted.row() != null && partition.pending.otherShape(converted.row())) {
			flush(partition); // the table's schema changed: the rows before go in their own batch
		}
		partition.pending.consumed(record.offset(), size);
		if (converted.row() != null) {
			partition.pending.add(converted.row(), this.pipeline.allocator());
		}
		else {
			partition.pending.add(converted.batches());
		}
		flushIfDue(partition);
	}

	/** Publishes a bad record to the dead-letter topic (or stops the pipeline); false if that failed. */
	private boolean deadLetter(PartitionChannel partition, ConsumerRecord<byte[], byte[]> record,
			BadRecordException ex) {
		String where = "Record " + record.topic() + "-" + record.partition() + "@" + record.offset() + " of pipeline '"
				+ this.pipeline.name() + "' cannot be written into table '" + this.converter.shape().identifier()
						+ "': ";
		if (this.settings.getOnError() == KafkaPipelineProperties.OnError.STOP) {
			throw new KafkaPipelineException(this.converter.shape().identifier(),
					where + ex.getMessage() + " (on-error is stop)", ex);
		}
		try {
			this.pipeline.deadLetters().publish(record, new BadRecordException(ex.reason(), where + ex.getMessage(),
					ex));
		}
		catch (RuntimeException failure) {
			fail(partition, failure);
			return false;
		}
		this.pipeline.listener().deadLettered(this.pipeline.name(), ex.reason());
		return true;
	}

	private void flushIfDue(PartitionChannel partition) {
		PendingAppend pending = partition.pending;
		KafkaBatchProperties batch = this.settings.getBatch();
		// the deque's size() walks it: asked only when an append is due
		if (partition.state == PartitionChannel.State.OPEN && !pending.isEmpty()
				&& (pending.records() >= batch.getMaxRows() || pending.bytes() >= batch.getMaxBytes().toBytes()
						|| pending.ageNanos() >= batch.getMaxWait().toNanos())
				&& partition.inFlight.size() < batch.getMaxInFlight()) {
			flush(partition);
		}
	}

	private void flush(PartitionChannel partition) {
		PendingAppend pending = partition.pending;
		if (pending.isEmpty()) {
			return;
		}
		long token = pending.lastOffset();
		int records = pending.records();
		int rows = pending.rows();
		List<VectorSchemaRoot> batches = pending.drain();
		partition.send(this.pipeline.paimon(), this.pipeline.table(), batches, token, records, rows,
				this.pipeline.sender());
	}

	/** Flushes what is due, takes the answered appends, (re)opens channels, pauses or resumes partitions. */
	void maintain() {
		for (PartitionChannel partition : this.partitions.values()) {
			flushIfDue(partition);
			completions(partition);
			if (partition.reopen(this.pipeline.paimon(), this.pipeline.table(), this.pipeline.sender(), this.consumer,
					this.resetTo)) {
				logger.warn("Opening channel {} for pipeline '{}' failed; retrying: {}", partition.channel,
						this.pipeline.name(),
						String.valueOf(partition.failure));
			}
			boolean pause = partition.state != PartitionChannel.State.OPEN
					|| partition.inFlight.size() >= this.settings.getBatch().getMaxInFlight();
			if (pause != partition.paused) {
				if (pause) {
					this.consumer.pause(List.of(partition.partition));
				}
				else {
					this.consumer.resume(List.of(partition.partition));
				}
				partition.paused = pause;
			}
		}
		if (!this.offsets.isEmpty()) {
			this.consumer.commitAsync(new HashMap<>(this.offsets), (committed, ex) -> {
				if (ex != null) {
					logger.debug("Committing offsets of pipeline '{}' to Kafka failed (lag monitoring only): {}",
							this.pipeline.name(), ex.toString());
				}
			});
			this.offsets.clear();
		}
		if (System.nanoTime() - this.lagAtNanos > TimeUnit.SECONDS.toNanos(1)) {
			this.lagAtNanos = System.nanoTime();
			for (PartitionChannel partition : this.partitions.values()) {
				lag(partition);
			}
		}
	}

	/** Takes the answered appends at the head of the partition's queue, in order. */
	private void completions(PartitionChannel partition) {
		while (!partition.inFlight.isEmpty() && partition.inFlight.peek().result().isDone()) {
			PartitionChannel.InFlight head = partition.inFlight.peek();
			Throwable failure = head.failure();
			if (failure != null) {
				fail(partition, failure);
				return;
			}
			partition.inFlight.poll();
			partition.committed = head.token();
			partition.failures = 0;
			this.offsets.put(partition.partition, new OffsetAndMetadata(head.token() + 1));
			this.pipeline.listener().appended(this.pipeline.name(), head.records(), head.result().join().rows(),
					System.nanoTime() - head.sentNanos());
		}
	}

	private void fail(PartitionChannel partition, Throwable cause) {
		if (cause instanceof ArrowDataException || cause instanceof PaimonArgumentException
				|| cause instanceof UnsupportedTableException || cause instanceof TableNotFoundException
				|| cause instanceof ChannelOverlapException) {
			throw new KafkaPipelineException(this.converter.shape().identifier(), "Pipeline '" + this.pipeline.name()
					+ "' stopped: table '" + this.converter.shape().identifier() + "' refused an append of "
					+ partition.channel + ": " + cause.getMessage(), cause);
		}
		partition.pending.discard();
		if (partition.state != PartitionChannel.State.FAILED) {
			partition.state = PartitionChannel.State.FAILED;
			partition.failure = cause;
			partition.failures++;
			partition.reopenAtNanos = System.nanoTime() + partition.backoffNanos(this.settings.getRetryBackoff());
			this.pipeline.listener().appendFailed(this.pipeline.name(), cause);
			logger.warn("An append of {} by pipeline '{}' failed; the partition resumes from its committed offset: {}",
					partition.channel, this.pipeline.name(), cause.toString());
		}
	}

	private void lag(PartitionChannel partition) {
		try {
			OptionalLong behind = this.consumer.currentLag(partition.partition);
			if (behind.isEmpty() || partition.state != PartitionChannel.State.OPEN) {
				return;
			}
			long position = this.consumer.position(partition.partition, Duration.ZERO);
			long end = position + behind.getAsLong();
			long next = (partition.committed != null) ? partition.committed + 1 : position;
			partition.lag = Math.max(0, end - next);
		}
		catch (RuntimeException ex) {
			// the position is not known yet
		}
	}

	/**
	 * Pauses newly assigned partitions and opens their channels.
	 * @param assigned the partitions
	 */
	void assigned(Collection<TopicPartition> assigned) {
		for (TopicPartition topicPartition : assigned) {
			PartitionChannel partition = new PartitionChannel(topicPartition, this.settings.getRetryBackoff());
			this.partitions.put(topicPartition, partition);
			this.consumer.pause(List.of(topicPartition));
			partition.paused = true;
			partition.open(this.pipeline.paimon(), this.pipeline.table(), this.pipeline.sender());
		}
		if (!assigned.isEmpty()) {
			logger.info("Pipeline '{}' was assigned {}", this.pipeline.name(), assigned);
		}
	}

	/**
	 * Gives up revoked partitions: their appends in flight get a bounded time, then the committed offsets
	 * go to Kafka.
	 * @param revoked the partitions
	 */
	void revoked(Collection<TopicPartition> revoked) {
		List<PartitionChannel> leaving = new ArrayList<>();
		for (TopicPartition topicPartition : revoked) {
			PartitionChannel partition = this.partitions.remove(topicPartition);
			if (partition != null) {
				partition.pending.discard();
				leaving.add(partition);
			}
		}
		settle(leaving, this.settings.getRevokeTimeout());
		commitSync();
		if (!revoked.isEmpty()) {
			logger.info("Pipeline '{}' gave up {}", this.pipeline.name(), revoked);
		}
	}

	/**
	 * Forgets lost partitions (their new owner fences the appends in flight).
	 * @param lost the partitions
	 */
	void lost(Collection<TopicPartition> lost) {
		for (TopicPartition topicPartition : lost) {
			PartitionChannel partition = this.partitions.remove(topicPartition);
			if (partition != null) {
				partition.abandon();
			}
		}
		logger.info("Pipeline '{}' lost {}; their appends in flight are fenced by the new owner", this.pipeline.name(),
				lost);
	}

	/** Waits (bounded) for the appends in flight of leaving partitions and takes their committed offsets. */
	private void settle(List<PartitionChannel> leaving, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (PartitionChannel partition : leaving) {
			for (PartitionChannel.InFlight append : partition.inFlight) {
				try {
					append.result().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					break;
				}
				catch (ExecutionException | TimeoutException ex) {
					break;
				}
			}
			try {
				completions(partition);
			}
			catch (KafkaPipelineException ex) {
				// the pipeline stops anyway: keep what was committed
			}
			partition.abandon();
		}
	}

	private void commitSync() {
		if (this.offsets.isEmpty()) {
			return;
		}
		try {
			this.consumer.commitSync(new HashMap<>(this.offsets));
		}
		catch (RuntimeException ex) {
			logger.debug("Committing offsets of pipeline '{}' to Kafka failed (lag monitoring only): {}",
					this.pipeline.name(), ex.toString());
		}
		this.offsets.clear();
	}

	/** Gives up every partition, as on revocation (the container closes the consumer). */
	void close() {
		try {
			List<PartitionChannel> all = new ArrayList<>(this.partitions.values());
			all.forEach((partition) -> partition.pending.discard());
			settle(all, this.settings.getRevokeTimeout());
			commitSync();
		}
		finally {
			this.partitions.clear();
		}
	}

	/**
	 * Describes this consumer's partitions.
	 * @return the partitions now
	 */
	List<KafkaPipelineView.Partition> partitions() {
		List<KafkaPipelineView.Partition> views = new ArrayList<>();
		for (PartitionChannel partition : this.partitions.values()) {
			views.add(new KafkaPipelineView.Partition(partition.partition.topic(), partition.partition.partition(),
					partition.channel, partition.generation, partition.committed, partition.lag,
					partition.inFlight.size()));
		}
		return views;
	}


}
