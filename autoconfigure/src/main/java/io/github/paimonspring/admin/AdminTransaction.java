package io.github.paimonspring.admin;

import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.postpone.PostponeFixedBucketCommitMessages;
import io.github.paimonspring.postpone.PostponeFixedBucketTableCommit;
import io.github.paimonspring.postpone.PostponeFixedBucketTableWrite;
import io.github.paimonspring.write.CommitMessages;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.TableCommit;
import io.github.paimonspring.write.TableWrite;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * One staged admin transaction: a single writer (standard or fixed-bucket) that uploads feed, and
 * the committer that commits or aborts it. Uploads and commits of one transaction are serialized by
 * its lock; a second concurrent call is refused, never interleaved into the writer.
 */
final class AdminTransaction {

	static final String STANDARD = "standard";

	static final String POSTPONE_FIXED_BUCKET = "postpone-fixed-bucket";

	final String id;

	final String table;

	final String mode;

	final String commitUser;

	final Instant createdAt;

	final ReentrantLock lock = new ReentrantLock();

	private final TableWrite write;

	private final TableCommit commit;

	private final PostponeFixedBucketTableWrite fixedWrite;

	private final PostponeFixedBucketTableCommit fixedCommit;

	volatile TransactionState state = TransactionState.OPEN;

	volatile Instant lastActivity;

	volatile long rows;

	volatile long bytes;

	volatile long batches;

	volatile String failure;

	volatile AdminModel.CommitResponse result;

	private volatile byte[] prepared;

	private volatile CommitMessages preparedMessages;

	private volatile PostponeFixedBucketCommitMessages preparedFixedMessages;

	AdminTransaction(String id, String table, String commitUser, TableWrite write, TableCommit commit) {
		this(id, table, STANDARD, commitUser, write, commit, null, null);
	}

	AdminTransaction(String id, String table, String commitUser, PostponeFixedBucketTableWrite write,
			PostponeFixedBucketTableCommit commit) {
		this(id, table, POSTPONE_FIXED_BUCKET, commitUser, null, null, write, commit);
	}

	private AdminTransaction(String id, String table, String mode, String commitUser, TableWrite write,
			TableCommit commit, PostponeFixedBucketTableWrite fixedWrite, PostponeFixedBucketTableCommit fixedCommit) {
		this.id = id;
		this.table = table;
		this.mode = mode;
		this.commitUser = commitUser;
		this.write = write;
		this.commit = commit;
		this.fixedWrite = fixedWrite;
		this.fixedCommit = fixedCommit;
		this.createdAt = Instant.now();
		this.lastActivity = this.createdAt;
	}

	long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		return (this.write != null) ? this.write.write(root, dictionaries) : this.fixedWrite.write(root, dictionaries);
	}

	/**
	 * Prepares and commits what was uploaded. Messages that end up not committed (a failure, or an
	 * identifier that was already committed) are aborted; the abort never deletes committed files.
	 */
	CommitResult commit(Long identifier, boolean filter) {
		if (this.write != null) {
			CommitMessages messages = this.write.prepareCommit();
			try {
				CommitResult result = (identifier == null) ? this.commit.commit(messages)
						: filter ? this.commit.filterAndCommitWithIdentifier(messages, identifier)
								: this.commit.commitWithIdentifier(messages, identifier);
				if (!result.committed()) {
					this.commit.abort(messages);
				}
				return result;
			}
			catch (RuntimeException ex) {
				abortQuietly(() -> this.commit.abort(messages), ex);
				throw ex;
			}
			finally {
				this.write.close();
			}
		}
		PostponeFixedBucketCommitMessages messages = this.fixedWrite.prepareCommit();
		try {
			CommitResult result = (identifier == null) ? this.fixedCommit.commit(messages)
					: filter ? this.fixedCommit.filterAndCommitWithIdentifier(messages, identifier)
							: this.fixedCommit.commitWithIdentifier(messages, identifier);
			if (!result.committed()) {
				this.fixedCommit.abort(messages);
			}
			return result;
		}
		catch (RuntimeException ex) {
			abortQuietly(() -> this.fixedCommit.abort(messages), ex);
			throw ex;
		}
		finally {
			this.fixedWrite.close();
		}
	}

	/**
	 * Prepares what was uploaded for a commit by another process and returns the serialized messages;
	 * repeating it returns the same bytes. The writer is closed; the files now belong to whoever commits
	 * (or aborts) the messages.
	 */
	byte[] prepare() {
		if (this.prepared != null) {
			return this.prepared;
		}
		if (this.write != null) {
			try {
				this.preparedMessages = this.write.prepareCommit();
				this.prepared = this.preparedMessages.serialize();
			}
			finally {
				this.write.close();
			}
		}
		else {
			try {
				this.preparedFixedMessages = this.fixedWrite.prepareCommit();
				this.prepared = this.preparedFixedMessages.serialize();
			}
			finally {
				this.fixedWrite.close();
			}
		}
		return this.prepared;
	}

	/** Closes the writer, which deletes every file it wrote that was not prepared, and aborts prepared messages. */
	void discard() {
		if (this.preparedMessages != null) {
			this.commit.abort(this.preparedMessages);
			return;
		}
		if (this.preparedFixedMessages != null) {
			this.fixedCommit.abort(this.preparedFixedMessages);
			return;
		}
		if (this.write != null) {
			this.write.close();
		}
		else {
			this.fixedWrite.close();
		}
	}

	private static void abortQuietly(Runnable abort, RuntimeException failure) {
		try {
			abort.run();
		}
		catch (RuntimeException ex) {
			failure.addSuppressed(ex);
		}
	}

}
