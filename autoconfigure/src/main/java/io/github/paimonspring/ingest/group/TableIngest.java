package io.github.paimonspring.ingest.group;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.ingest.IngestBusyException;
import io.github.paimonspring.ingest.IngestGroupException;
import io.github.paimonspring.ingest.IngestShutDownException;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.ingest.snapshot.ChannelUpdate;
import io.github.paimonspring.ingest.snapshot.SnapshotIndex;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.family.AbstractCommitMessages;
import io.github.paimonspring.write.family.AbstractTableCommit;
import io.github.paimonspring.write.family.AbstractTableWrite;
import io.github.paimonspring.write.family.AbstractWriteBuilder;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group commit of one table: requests write their (already validated) rows into one shared
 * writer, and one commit per interval makes the rows of every request in the group visible together,
 * with the group's idempotency keys recorded in the same snapshot. At most one commit of the table
 * runs at a time. A writer that cannot be reused after a commit (the postpone fixed-bucket writer) is
 * replaced for the next group only when the commit is done, so that two groups never overlap.
 * <p>
 * A group commit writes the schema it was created on. When the table's schema changes, the ingester
 * {@link #retire() retires} it (its waiting group is committed on the old schema) and creates a new one
 * on the new schema; a request that reaches a retired group commit is told to go to the new one.
 *
 * @param <M> the commit messages of the table's write family
 */
public final class TableIngest<M extends AbstractCommitMessages<M>> implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(TableIngest.class);

	private final String table;

	private final AbstractWriteBuilder<? extends AbstractTableWrite<M>, M, ? extends AbstractTableCommit<M>> builder;

	private final AbstractTableCommit<M> commit;

	private final boolean reusableWriter;

	private final IngestSettings settings;

	private final ScheduledExecutorService scheduler;

	private final IngestListener listener;

	private final SnapshotIndex index;

	private final KeyClaims claims;

	private final long schemaId;

	private final RowType rowType;

	private volatile boolean retired;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition idle = this.lock.newCondition();

	private RequestGroup<M> group = new RequestGroup<>();

	private long identifier;

	private long lastCommitStart = Long.MIN_VALUE / 2;

	private boolean scheduled;

	private boolean committing;

	private boolean closed;

	private final AtomicInteger consecutiveFailures = new AtomicInteger();

	/**
	 * Creates the group commit of one table.
	 * @param table the table identifier
	 * @param builder the write family's builder of the table
	 * @param reusableWriter whether one writer serves every group (else one per group)
	 * @param settings the group commit's settings
	 * @param scheduler runs the commits
	 * @param listener told about queued and committed groups
	 * @param index the table's key and channel index
	 * @param claims the key claims a commit must still hold
	 * @param schema the table's schema the writer was created for
	 */
	public TableIngest(String table,
			AbstractWriteBuilder<? extends AbstractTableWrite<M>, M, ? extends AbstractTableCommit<M>> builder,
			boolean reusableWriter, IngestSettings settings, ScheduledExecutorService scheduler,
					IngestListener listener,
			SnapshotIndex index, KeyClaims claims, TableSchema schema) {
		this.index = index;
		this.claims = claims;
		this.schemaId = schema.id();
		this.rowType = schema.logicalRowType();
		this.table = table;
		this.builder = builder;
		this.commit = builder.newCommit();
		this.reusableWriter = reusableWriter;
		this.settings = settings;
		this.scheduler = scheduler;
		this.listener = listener;
	}

	/** The table identifier. */
	public String table() {
		return this.table;
	}

	/** The id of the table schema this group commit writes. */
	public long schemaId() {
		return this.schemaId;
	}

	/** The row type this group commit writes; requests are validated against it. */
	public RowType rowType() {
		return this.rowType;
	}

	/**
	 * Commits what is waiting on this schema and stops taking requests: later ones fail with
	 * {@link RetiredGroupException} so that the ingester sends them to the group commit of the new schema.
	 */
	public void retire() {
		this.retired = true;
		close();
	}

	/** The number of group commits that failed since the last one that succeeded. */
	public int consecutiveFailures() {
		return this.consecutiveFailures.get();
	}

	/**
	 * Writes a request's batches into the current group; the future completes when the group is
	 * committed. The batches must be validated already; the caller keeps ownership of them.
	 * @param batches the batches
	 * @param key the idempotency key to record with the rows, or {@code null}
	 * @return the outcome of the group commit, with this request's row count
	 */
	public CompletableFuture<CommitResult> submit(List<ValidatedBatch> batches, @Nullable String key) {
		return submit(batches, key, null, -1).orElseThrow().result();
	}

	/** Where a request joined: its group's sequence number and the outcome of its commit. */
	public record Joined(long group, CompletableFuture<CommitResult> result) {
	}

	/**
	 * Like {@link #submit(List, String)}, and records a channel update with the group's commit.
	 * @param batches the batches (none for a channel opening)
	 * @param key the idempotency key, or {@code null}
	 * @param channel the channel update, or {@code null}
	 * @param requiredGroup the sequence number of the group the request must join, or {@code -1} for
	 * the current one
	 * @return where it joined; empty (nothing written) when the required group is not the current one any
	 * more: it is being committed, so the caller waits for that commit before it submits again
	 */
	public Optional<Joined> submit(List<ValidatedBatch> batches, @Nullable String key,
			@Nullable ChannelUpdate channel, long requiredGroup) {
		CompletableFuture<CommitResult> result = new CompletableFuture<>();
		long start = System.nanoTime();
		long bytes = 0;
		for (ValidatedBatch batch : batches) {
			bytes += batch.root().getFieldVectors().stream().mapToLong((vector) -> vector.getBufferSize()).sum();
		}
		this.lock.lock();
		try {
			if (this.closed && this.retired) {
				throw new RetiredGroupException(this.table);
			}
			if (this.closed) {
				throw new IngestShutDownException(this.table);
			}
			RequestGroup<M> current = this.group;
			if (requiredGroup >= 0 && current.sequence != requiredGroup) {
				return Optional.empty();
			}
			if (current.bytes() + bytes > this.settings.maxBufferedBytes()) {
				throw new IngestBusyException(this.table, "Table '" + this.table + "' buffers " + current.bytes()
						+ " bytes waiting for a commit (paimon.ingest.max-buffered-size is "
						+ this.settings.maxBufferedBytes() + "); retry later");
			}
			if (current.writer == null) {
				current.writer = this.builder.newWrite();
			}
			long rows = 0;
			try {
				for (ValidatedBatch batch : batches) {
					// validated alone, against this group's rowType: written through the columns of that validation
					rows += current.writer.writeValidated(batch.root(), batch.columns());
				}
			}
			catch (RuntimeException ex) {
				// the batches were validated, so a failure here broke the shared writer: the group is lost
				failGroup(current, ex);
				throw ex;
			}
			current.add(key, channel, rows, bytes, start, result);
			this.listener.queued(this.table, current.size(), current.bytes());
			schedule();
			return Optional.of(new Joined(current.sequence, result));
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Schedules the next commit (holding the lock): at once when the group is full or the table was idle. */
	@SuppressWarnings("FutureReturnValueIgnored") // commitGroup reports its outcome through the group's requests
	private void schedule() {
		if (this.scheduled || this.committing || this.group.isEmpty()) {
			return;
		}
		boolean full = this.group.rows() >= this.settings.maxGroupRows()
				|| this.group.bytes() >= this.settings.maxGroupBytes();
		long wait = full ? 0
				: Math.max(0, this.lastCommitStart + this.settings.commitInterval().toNanos() - System.nanoTime());
		this.scheduled = true;
		this.scheduler.schedule(this::commitGroup, wait, TimeUnit.NANOSECONDS);
	}

	private void commitGroup() {
		this.lock.lock();
		boolean holding = true;
		try {
			this.scheduled = false;
			RequestGroup<M> committed = this.group;
			if (committed.isEmpty() || committed.writer == null) {
				return;
			}
			this.committing = true;
			this.lastCommitStart = System.nanoTime();
			this.group = new RequestGroup<>();
			this.listener.queued(this.table, 0, 0);
			AbstractTableWrite<M> writer = committed.writer;
			M messages;
			try {
				messages = writer.prepareCommit();
			}
			catch (RuntimeException ex) {
				failGroup(committed, ex);
				this.committing = false;
				this.idle.signalAll();
				schedule();
				return;
			}
			if (this.reusableWriter) {
				// the next group writes on while this one commits
				this.group.writer = writer;
				this.lock.unlock();
				holding = false;
			}
			try {
				commitMessages(committed, messages);
			}
			finally {
				if (!this.reusableWriter) {
					writer.close();
				}
				if (!holding) {
					this.lock.lock();
					holding = true;
				}
				this.committing = false;
				this.idle.signalAll();
				schedule();
			}
		}
		finally {
			if (holding) {
				this.lock.unlock();
			}
		}
	}

	private void commitMessages(RequestGroup<M> committed, M messages) {
		Map<String, String> properties = this.index.groupProperties(committed.size(), committed.keys(),
				committed.channelUpdates());
		long started = System.nanoTime();
		CommitResult result;
		try {
			// the group commits only while this instance still holds the claims on its keys and channels
			result = this.commit.commitWithProperties(messages, ++this.identifier, properties,
					this.claims.holding(this.table, committed.claimed()));
		}
		catch (RuntimeException ex) {
			abortQuietly(messages, ex);
			this.consecutiveFailures.incrementAndGet();
			this.listener.failed(this.table, ex);
			committed.completeExceptionally(new IngestGroupException(this.table, "The group commit of "
					+ committed.size() + " request(s) to table '" + this.table + "' failed: " + ex.getMessage()
					+ "; nothing of the group is visible; retry the request (with the same Idempotency-Key)", ex));
			return;
		}
		this.consecutiveFailures.set(0);
		this.listener.committed(this.table, committed.size(), committed.rows(), System.nanoTime() - started);
		committed.complete(result, this.table, this.listener);
	}

	private void abortQuietly(M messages, RuntimeException failure) {
		try {
			this.commit.abort(messages);
		}
		catch (RuntimeException ex) {
			failure.addSuppressed(ex);
		}
	}

	/** Fails every request of a group whose writer broke, and discards the writer and its files. */
	private void failGroup(RequestGroup<M> failed, RuntimeException cause) {
		if (failed == this.group) {
			this.group = new RequestGroup<>();
		}
		if (failed.writer != null) {
			try {
				failed.writer.close();
			}
			catch (RuntimeException ex) {
				cause.addSuppressed(ex);
			}
		}
		this.consecutiveFailures.incrementAndGet();
		this.listener.failed(this.table, cause);
		failed.completeExceptionally(new IngestGroupException(this.table, "Writing the group of "
				+ failed.size() + " request(s) to table '" + this.table + "' failed: " + cause.getMessage()
				+ "; nothing of the group is visible; retry the request (with the same Idempotency-Key)", cause));
	}

	/**
	 * Commits what is waiting, then refuses new requests; waits for a commit in progress.
	 */
	@Override
	public void close() {
		this.lock.lock();
		try {
			this.closed = true;
			while (this.committing) {
				this.idle.awaitUninterruptibly();
			}
		}
		finally {
			this.lock.unlock();
		}
		commitGroup();
		this.lock.lock();
		try {
			if (this.group.writer != null) {
				this.group.writer.close();
				this.group.writer = null;
			}
			this.commit.close();
		}
		finally {
			this.lock.unlock();
		}
		logger.debug("Ingest of table '{}' closed", this.table);
	}

}
