package io.github.paimonspring.admin;

import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.write.CommitResult;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * One staged admin transaction: a single writer of one write path that uploads feed, then a commit,
 * a prepare for a coordinator, or an abort. Uploads and commits of one transaction are serialized by
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

	private final WritePath path;

	private final WritePath.Writer writer;

	private WritePath.Prepared prepared;

	private byte[] serialized;

	volatile TransactionState state = TransactionState.OPEN;

	volatile Instant lastActivity;

	volatile long rows;

	volatile long bytes;

	volatile long batches;

	volatile String failure;

	volatile AdminModel.CommitResponse result;

	AdminTransaction(String id, String table, String commitUser, WritePath path) {
		this.id = id;
		this.table = table;
		this.mode = path.mode();
		this.commitUser = commitUser;
		this.path = path;
		this.writer = path.open();
		this.createdAt = Instant.now();
		this.lastActivity = this.createdAt;
	}

	long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		return this.writer.write(root, dictionaries);
	}

	/**
	 * Prepares and commits what was uploaded. Messages that end up not committed (a failure, or an
	 * identifier that was already committed) are aborted; the abort never deletes committed files.
	 */
	CommitResult commit(Long identifier, boolean filter) {
		WritePath.Prepared messages = this.writer.prepare();
		try {
			CommitResult result = messages.commit(identifier, filter);
			if (!result.committed()) {
				messages.abort();
			}
			return result;
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
	 * Prepares what was uploaded for a commit by another process and returns the serialized messages;
	 * repeating it returns the same bytes. The files now belong to whoever commits (or aborts) them.
	 */
	byte[] prepare() {
		if (this.serialized == null) {
			this.prepared = this.writer.prepare();
			this.serialized = this.prepared.serialize();
		}
		return this.serialized;
	}

	/** Deletes what this transaction wrote: unprepared data, or prepared (never committed) files. */
	void discard() {
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

}
