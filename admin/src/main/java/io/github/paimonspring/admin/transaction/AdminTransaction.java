package io.github.paimonspring.admin.transaction;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.LogText;
import io.github.paimonspring.write.CommitResult;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One staged admin transaction and its state machine: a single writer of one write path that
 * uploads feed, then a commit, a prepare for a coordinator, or an abort.
 * <p>
 * States change only through the methods of this class: {@code OPEN → COMMITTING → COMMITTED},
 * {@code OPEN/COMMITTING → FAILED} (keeping a shortened failure message), {@code OPEN → PREPARED},
 * and {@code OPEN/COMMITTING/FAILED/PREPARED → ABORTED/EXPIRED}, which discards what was written.
 * Callers hold the transaction's lock ({@link #lockOrConflict()}) around every change; a second
 * concurrent call is refused, never interleaved into the writer.
 */
public final class AdminTransaction {

	private static final Logger logger = LoggerFactory.getLogger(AdminTransaction.class);

	/** The mode of a transaction on the standard write family. */
	public static final String STANDARD = "standard";

	/** The mode of a transaction that writes a postpone-bucket table into fixed buckets. */
	public static final String POSTPONE_FIXED_BUCKET = "postpone-fixed-bucket";

	/** Longest failure message kept in a transaction view. */
	static final int MAX_FAILURE_LENGTH = 1000;

	/** The transaction id. */
	public final String id;

	/** The table, {@code database.table}. */
	public final String table;

	/** The mode, {@link #STANDARD} or {@link #POSTPONE_FIXED_BUCKET}. */
	public final String mode;

	/** The commit user of the transaction's commit. */
	public final String commitUser;

	final Instant createdAt;

	final @Nullable String instance;

	/** The principal that opened the transaction, or {@code null}. */
	final @Nullable String owner;

	private final ReentrantLock lock = new ReentrantLock();

	private final WritePath path;

	private final WritePath.Writer writer;

	private WritePath.@Nullable Prepared prepared;

	private byte @Nullable [] serialized;

	private volatile TransactionState state = TransactionState.OPEN;

	private volatile Instant lastActivity;

	private volatile long rows;

	private volatile long bytes;

	private volatile long batches;

	private volatile @Nullable String failure;

	private volatile AdminModel.@Nullable CommitResponse result;

	AdminTransaction(String id, String table, String commitUser, WritePath path, @Nullable String instance,
			@Nullable String owner) {
		this.id = id;
		this.instance = instance;
		this.owner = owner;
		this.table = table;
		this.mode = path.mode();
		this.commitUser = commitUser;
		this.path = path;
		this.writer = path.open();
		this.createdAt = Instant.now();
		this.lastActivity = this.createdAt;
	}

	/**
	 * Returns the state.
	 * @return the state
	 */
	public TransactionState state() {
		return this.state;
	}

	/**
	 * Returns the time of the last request.
	 * @return the last activity
	 */
	public Instant lastActivity() {
		return this.lastActivity;
	}

	/**
	 * Returns the request bytes uploaded so far.
	 * @return the bytes
	 */
	public long bytes() {
		return this.bytes;
	}

	// ------------------------------------------------------------------ locking and guards

	/** Takes the lock of this transaction, or refuses a concurrent call (409). */
	public void lockOrConflict() {
		if (!this.lock.tryLock()) {
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction busy", this.table, "Transaction "
					+ this.id + " is busy with another upload or commit; requests of one transaction are serialized");
		}
	}

	/**
	 * Takes the lock of this transaction if it is free.
	 * @return whether the lock was taken
	 */
	public boolean tryLock() {
		return this.lock.tryLock();
	}

	/** Takes the lock of this transaction, waiting for it. */
	public void lock() {
		this.lock.lock();
	}

	/** Releases the lock of this transaction. */
	public void unlock() {
		this.lock.unlock();
	}

	/** Refuses (409) unless the transaction is OPEN. */
	public void requireOpen() {
		if (this.state != TransactionState.OPEN) {
			String reason = (this.failure != null) ? ": " + this.failure : "";
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", this.table,
					"Transaction " + this.id + " is " + this.state
							+ ((this.state == TransactionState.FAILED) ? "; abort it" : "") + reason);
		}
	}

	// ------------------------------------------------------------------ uploads

	/**
	 * Writes one uploaded batch.
	 * @param root the batch
	 * @param dictionaries its dictionaries
	 * @return the rows written
	 */
	public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		return this.writer.write(root, dictionaries);
	}

	/** Adds a finished upload to the totals; the caller holds the transaction's lock. */
	@SuppressWarnings("NonAtomicVolatileUpdate") // under the lock; volatile for the reads without it
	public void uploaded(long rows, long bytes, long batches) {
		this.rows += rows;
		this.bytes += bytes;
		this.batches += batches;
	}

	/** An upload failed; once batches went into the writer the transaction can only be aborted. */
	public void uploadFailed(RuntimeException ex, long batchesWritten) {
		if (batchesWritten > 0) {
			fail(ex);
			logger.warn("Transaction {} failed after {} batch(es): {}", this.id, batchesWritten, ex.getMessage());
		}
	}

	/** Records activity, which postpones the idle timeout. */
	public void touch() {
		this.lastActivity = Instant.now();
	}

	/**
	 * Returns the rows uploaded so far.
	 * @return the rows
	 */
	public long rows() {
		return this.rows;
	}

	// ------------------------------------------------------------------ commit and prepare

	/** Returns the result of an earlier commit, or {@code null} if the transaction is not committed. */
	public AdminModel.@Nullable CommitResponse committedResult() {
		return (this.state == TransactionState.COMMITTED) ? this.result : null;
	}

	/**
	 * Commits what was uploaded ({@code OPEN → COMMITTING → COMMITTED}, or {@code FAILED}). Messages
	 * that end up not committed (a failure, or an identifier that was already committed) are aborted;
	 * the abort never deletes committed files. {@code committing} runs once the state is COMMITTING,
	 * before anything is committed.
	 */
	public AdminModel.CommitResponse commit(@Nullable Long identifier, boolean filter, Runnable committing) {
		requireOpen();
		this.state = TransactionState.COMMITTING;
		committing.run();
		CommitResult committed;
		try {
			committed = commitMessages(identifier, filter);
		}
		catch (RuntimeException ex) {
			fail(ex);
			throw ex;
		}
		this.result = new AdminModel.CommitResponse(committed.committed(), committed.snapshotId(),
				committed.committed() ? committed.rows() : 0);
		this.state = TransactionState.COMMITTED;
		touch();
		logger.info("Committed transaction {} on table '{}': {}", this.id, this.table, this.result);
		return this.result;
	}

	private CommitResult commitMessages(@Nullable Long identifier, boolean filter) {
		WritePath.Prepared messages = this.writer.prepare();
		try {
			CommitResult committed = messages.commit(identifier, filter);
			if (!committed.committed()) {
				messages.abort();
			}
			return committed;
		}
		catch (RuntimeException ex) {
			try {
				messages.abort();
			}
			catch (RuntimeException abortFailure) {
				ex.addSuppressed(abortFailure);
			}
			throw ex;
		}
		finally {
			this.path.close();
		}
	}

	/**
	 * Prepares what was uploaded for a commit by another process ({@code OPEN → PREPARED}, or
	 * {@code FAILED}) and returns the serialized messages; repeating it returns the same bytes. The
	 * files now belong to whoever commits (or aborts) them.
	 */
	public byte[] prepare() {
		if (this.state != TransactionState.PREPARED) {
			requireOpen();
		}
		try {
			if (this.serialized == null) {
				this.prepared = this.writer.prepare();
				this.serialized = this.prepared.serialize();
			}
		}
		catch (RuntimeException ex) {
			fail(ex);
			throw ex;
		}
		this.state = TransactionState.PREPARED;
		touch();
		return this.serialized;
	}

	private void fail(RuntimeException ex) {
		this.state = TransactionState.FAILED;
		this.failure = LogText.abbreviate(ex.getMessage(), MAX_FAILURE_LENGTH);
	}

	// ------------------------------------------------------------------ ending

	/**
	 * Aborts the transaction unless it has ended already; refuses (409) a committed one.
	 * @return whether it was aborted now (and its files discarded)
	 */
	public boolean abort() {
		if (this.state == TransactionState.COMMITTED) {
			throw new AdminException(AdminException.Kind.CONFLICT, "Transaction state conflict", this.table,
					"Transaction " + this.id + " is already committed and cannot be aborted");
		}
		if (this.state.isActive() || this.state == TransactionState.PREPARED) {
			end(TransactionState.ABORTED);
			return true;
		}
		return false;
	}

	/** Aborts the transaction at shutdown if it is still active; returns whether it was. */
	public boolean abortIfActive() {
		if (this.state.isActive()) {
			end(TransactionState.ABORTED);
			return true;
		}
		return false;
	}

	/** Whether an OPEN or FAILED transaction has been idle or alive too long. */
	public boolean isDue(Instant now, Duration idleTimeout, Duration maxLifetime) {
		boolean idle = this.lastActivity.plus(idleTimeout).isBefore(now);
		boolean old = this.createdAt.plus(maxLifetime).isBefore(now);
		return isExpirable() && (idle || old);
	}

	/** Expires an OPEN or FAILED transaction; returns whether it did. */
	public boolean expire() {
		if (isExpirable()) {
			end(TransactionState.EXPIRED);
			return true;
		}
		return false;
	}

	private boolean isExpirable() {
		return this.state == TransactionState.OPEN || this.state == TransactionState.FAILED;
	}

	/** Discards what was written (logging a failure to) and ends in the given state. */
	private void end(TransactionState ended) {
		try {
			discard();
		}
		catch (RuntimeException ex) {
			logger.warn("Discarding transaction {} on '{}' failed: {}", this.id, this.table, ex.getMessage());
		}
		this.state = ended;
		touch();
		logger.info("Transaction {} on table '{}' {}", this.id, this.table, ended);
	}

	/** Deletes what this transaction wrote: unprepared data, or prepared (never committed) files. */
	private void discard() {
		try {
			if (this.prepared != null) {
				this.prepared.abort();
			}
			else {
				this.writer.close();
			}
		}
		finally {
			this.path.close();
		}
	}

	/** Describes the transaction; it expires at the earlier of idle timeout and lifetime. */
	public AdminModel.TransactionView view(Duration idleTimeout, Duration maxLifetime) {
		Instant now = Instant.now();
		Instant idle = this.lastActivity.plus(idleTimeout);
		Instant life = this.createdAt.plus(maxLifetime);
		return new AdminModel.TransactionView(this.id, this.table, this.mode, this.commitUser, this.state.name(),
				this.rows, this.bytes, this.batches, this.createdAt, idle.isBefore(life) ? idle : life,
				Duration.between(this.createdAt, now).toMillis(), this.failure,
				(this.result != null) ? this.result.snapshotId() : null, this.instance, this.owner);
	}

	/** The names of the prepared files, which a coordinator may still commit; empty unless PREPARED. */
	Set<String> preparedFiles() {
		WritePath.Prepared done = this.prepared;
		return (this.state == TransactionState.PREPARED && done != null) ? done.fileNames() : Set.of();
	}

}
