package io.github.paimonspring.kafka.pipeline;

import java.time.Duration;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executor;

import io.github.paimonspring.core.IngestChannel;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.ingest.ChannelStateExpiredException;
import io.github.paimonspring.kafka.KafkaPipelineException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * One assigned topic partition and the table channel {@code <topic>-<partition>} it writes through:
 * the generation this owner opened, the tail (the last offset token sent), the committed token, the
 * appends in flight (oldest first) and the records collected for the next append. Appends are sent in
 * order, one call at a time, on the sender executor, so that the consumer thread never waits for a
 * group commit; each names its predecessor's token ({@code after}). Used by one consumer thread.
 */
final class PartitionChannel {

	/** Where the partition is. */
	enum State {

		/** Its channel is being opened (or reopened after a failure); its records are dropped meanwhile. */
		OPENING,

		/** Open: records are collected and appended. */
		OPEN,

		/** An append failed: waits for the others in flight, then reopens. */
		FAILED

	}

	final TopicPartition partition;

	final String channel;

	final PendingAppend pending = new PendingAppend();

	final Deque<InFlight> inFlight = new ConcurrentLinkedDeque<>();

	volatile State state = State.OPENING;

	volatile long generation = -1;

	/** The generation this owner opened, or {@code null} before the first opening. */
	volatile @Nullable IngestChannel opened;

	/** The last offset token committed to the table, or {@code null}. */
	volatile @Nullable Long committed;

	/** The last offset token sent (or committed), the {@code after} of the next append. */
	@Nullable Long tail;

	/** Records at or below this offset were consumed already (dropped when Kafka returns them again). */
	long consumedUpTo = -1;

	volatile long lag;

	@Nullable CompletableFuture<Opened> opening;

	long reopenAtNanos;

	int failures;

	@Nullable Throwable failure;

	boolean paused;

	private CompletableFuture<?> sendChain = CompletableFuture.completedFuture(null);

	private final Duration retryBackoff;

	PartitionChannel(TopicPartition partition, Duration retryBackoff) {
		this.partition = partition;
		this.retryBackoff = retryBackoff;
		this.channel = channelName(partition);
	}

	/**
	 * The channel of a topic partition.
	 * @param partition the topic partition
	 * @return {@code <topic>-<partition>}
	 */
	static String channelName(TopicPartition partition) {
		return partition.topic() + "-" + partition.partition();
	}

	/**
	 * Opens the channel asynchronously: a new generation that fences every older owner.
	 * @param paimon the operations
	 * @param table the table
	 * @param executor where the opening runs
	 */
	void open(PaimonOperations paimon, String table, Executor executor) {
		this.state = State.OPENING;
		this.opening = CompletableFuture.supplyAsync(() -> {
			IngestChannel opened = paimon.openChannel(WriteRequest.into(table), this.channel);
			// empty when the channel was closed right after the opening: then the opened generation is fenced
			return new Opened(opened, opened.state().map(ChannelState::offsetToken).orElse(null));
		}, executor);
	}

	/**
	 * Takes the opened channel: its generation, and the committed token to resume after.
	 * @param opened the opened channel and its committed token
	 */
	void opened(Opened opened) {
		this.opened = opened.channel();
		this.generation = opened.channel().generation();
		this.committed = (opened.offsetToken() != null) ? Long.valueOf(opened.offsetToken()) : null;
		this.tail = this.committed;
		this.consumedUpTo = (this.committed != null) ? this.committed : -1;
		this.opening = null;
		this.failure = null;
		this.state = State.OPEN;
	}

	/**
	 * Opens (or reopens after a failure, once its appends in flight are answered) the channel, then seeks
	 * the partition after the committed token.
	 * @param paimon the operations
	 * @param table the table
	 * @param executor where the opening runs
	 * @param consumer the partition's consumer
	 * @param resetTo where a partition without a committed token starts: earliest or latest
	 * @return whether an opening failed (it is retried after the backoff)
	 */
	boolean reopen(PaimonOperations paimon, String table, Executor executor, Consumer<?, ?> consumer,
			String resetTo) {
		PartitionChannel partition = this;
		if (partition.state == PartitionChannel.State.FAILED) {
			if (partition.inFlight.stream().anyMatch((append) -> !append.result().isDone())) {
				return false;
			}
			partition.inFlight.clear();
			partition.state = PartitionChannel.State.OPENING;
		}
		if (partition.state != PartitionChannel.State.OPENING) {
			return false;
		}
		if (partition.opening == null) {
			if (System.nanoTime() >= partition.reopenAtNanos) {
				partition.open(paimon, table, executor);
			}
			return false;
		}
		if (!partition.opening.isDone()) {
			return false;
		}
		try {
			partition.opened(partition.opening.join());
		}
		catch (RuntimeException ex) {
			Throwable cause = (ex instanceof CompletionException && ex.getCause() != null) ? ex.getCause() : ex;
			if (cause instanceof ChannelStateExpiredException expired) {
				// reopening cannot bring the state back: stop rather than resume from a guess
				throw new KafkaPipelineException(table, "Pipeline stopped: " + expired.getMessage(), expired);
			}
			partition.opening = null;
			partition.failure = cause;
			partition.failures++;
			partition.reopenAtNanos = System.nanoTime() + backoffNanos(this.retryBackoff);
			return true;
		}
		if (partition.committed != null) {
			consumer.seek(partition.partition, partition.committed + 1);
		}
		else if (resetTo.equals("latest")) {
			consumer.seekToEnd(List.of(partition.partition));
		}
		else {
			consumer.seekToBeginning(List.of(partition.partition));
		}
		return false;
	}

	/**
	 * The wait before the next opening after consecutive failures: the backoff, doubling, at most 30 times it.
	 * @param base the configured backoff
	 * @return the wait in nanoseconds
	 */
	long backoffNanos(Duration base) {
		return base.toNanos() * Math.min(30, 1L << Math.min(Math.max(this.failures, 1) - 1, 5));
	}

	/**
	 * Sends the collected records as the next append of the channel.
	 * @param paimon the operations
	 * @param table the table
	 * @param batches the append's batches (closed once sent)
	 * @param records the records it covers
	 * @param rows the rows it writes
	 * @param executor where the send runs
	 */
	void send(PaimonOperations paimon, String table, List<VectorSchemaRoot> batches, long token, int records, int rows,
			Executor executor) {
		String after = (this.tail != null) ? String.valueOf(this.tail) : null;
		IngestChannel channel = this.opened;
		this.tail = token;
		CompletableFuture<Void> called = new CompletableFuture<>();
		CompletableFuture<WriteResult> result = this.sendChain.thenComposeAsync((ignored) -> {
			try {
				if (channel == null) {
					throw new IllegalStateException(
							"Channel '" + this.channel + "' of table '" + table + "' is not open");
				}
				return channel.append(after, String.valueOf(token), batches);
			}
			catch (RuntimeException ex) {
				return CompletableFuture.failedFuture(ex);
			}
			finally {
				batches.forEach(VectorSchemaRoot::close);
				called.complete(null);
			}
		}, executor);
		this.sendChain = called;
		this.inFlight.add(new InFlight(token, records, rows, System.nanoTime(), result));
	}

	/**
	 * Drops the collected records and forgets the appends in flight (the next opening fences them).
	 */
	void abandon() {
		this.pending.discard();
		this.inFlight.clear();
	}

	/**
	 * An opened channel and the offset token committed when it was opened.
	 *
	 * @param channel the channel's new generation
	 * @param offsetToken the token to resume after, or {@code null}
	 */
	record Opened(IngestChannel channel, @Nullable String offsetToken) {
	}

	/**
	 * An append sent and not yet answered.
	 *
	 * @param token its offset token
	 * @param records the records it covers
	 * @param rows the rows it writes
	 * @param sentNanos when it was sent
	 * @param result its outcome
	 */
	record InFlight(long token, int records, int rows, long sentNanos, CompletableFuture<WriteResult> result) {

		/** The failure of a done append, or {@code null} when it succeeded. */
		@Nullable Throwable failure() {
			try {
				this.result.join();
				return null;
			}
			catch (CompletionException ex) {
				return (ex.getCause() != null) ? ex.getCause() : ex;
			}
			catch (RuntimeException ex) {
				return ex;
			}
		}

	}

}
