package io.github.paimonspring.write;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Commits, truncates and aborts for one table, commit user and write mode. Only commit messages
 * prepared for the same table, commit user and mode are accepted. Identifier-based calls give
 * idempotent retries: an identifier is committed when the newest snapshot of the commit user has an
 * identifier greater than or equal to it.
 */
public final class TableCommit implements AutoCloseable {

	/** Identifier used by one-shot commits, as Paimon's batch commits do. */
	public static final long ONE_SHOT_IDENTIFIER = TableCommitter.ONE_SHOT_IDENTIFIER;

	private final WriteTarget target;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final TableCommitter committer;

	private volatile boolean closed;

	TableCommit(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition) {
		this.target = target;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		this.committer = new TableCommitter(target.name(), target.table(), target.table(), commitUser,
				overwritePartition, null);
	}

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.target.name();
	}

	/**
	 * Returns the commit user of this committer.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Commits the messages once, with the reserved identifier {@link #ONE_SHOT_IDENTIFIER}; in overwrite
	 * mode it replaces the partitions that receive data (the whole table when unpartitioned, or the
	 * static partition). After such a commit every filtered retry of this commit user counts as
	 * committed, so give batch jobs their own commit user or use identifiers.
	 * @param messages the prepared messages
	 * @return the outcome; not committed when there was nothing to commit
	 * @throws PaimonCommitException if Paimon rejects the commit (for example a conflict)
	 */
	public CommitResult commit(CommitMessages messages) {
		check(messages);
		return this.committer.commit(messages.nonEmptyMessages(), messages.rowCount(), ONE_SHOT_IDENTIFIER, false);
	}

	/**
	 * Commits the messages under an identifier that must grow with every commit of this commit user.
	 * In append mode nothing is filtered; in overwrite mode an identifier that is already committed is
	 * skipped, so that a retried overwrite never wipes data written in between.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult commitWithIdentifier(CommitMessages messages, long identifier) {
		check(messages);
		this.committer.checkIdentifier(identifier);
		return this.committer.commit(messages.nonEmptyMessages(), messages.rowCount(), identifier,
				this.overwritePartition != null);
	}

	/**
	 * Commits the messages unless this commit user already committed {@code identifier} (or a later
	 * one): the idempotent retry after a lost response or a crash.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome; {@code committed} is {@code false} when it was already committed
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult filterAndCommitWithIdentifier(CommitMessages messages, long identifier) {
		check(messages);
		this.committer.checkIdentifier(identifier);
		return this.committer.commit(messages.nonEmptyMessages(), messages.rowCount(), identifier, true);
	}

	/**
	 * Returns the files of these messages that a snapshot of the table already references: all of
	 * them once the messages are committed, none before.
	 * @param messages the messages
	 * @return the committed file names
	 */
	public java.util.Set<String> committedFiles(CommitMessages messages) {
		check(messages);
		return this.committer.committedFileNames(messages.messages());
	}

	/**
	 * Returns the snapshot with which this commit user committed {@code identifier} (or a later one),
	 * without committing anything: lets a caller skip work that is already done.
	 * @param identifier the commit identifier
	 * @return the newest snapshot of the commit user, or empty when the identifier is not committed
	 */
	public java.util.OptionalLong committedSnapshot(long identifier) {
		checkOpen();
		Long snapshot = this.committer.committedSnapshot(identifier);
		return (snapshot != null) ? java.util.OptionalLong.of(snapshot) : java.util.OptionalLong.empty();
	}

	/**
	 * Deletes every row of the table with an overwrite snapshot; nothing happens when the table holds
	 * no data.
	 * @return the outcome
	 */
	public CommitResult truncateTable() {
		checkOpen();
		return this.committer.truncateTable();
	}

	/**
	 * Deletes every row of the table unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	public CommitResult truncateTableWithIdentifier(long identifier) {
		checkOpen();
		return this.committer.truncateTableWithIdentifier(identifier);
	}

	/**
	 * Deletes the given partitions with an overwrite snapshot.
	 * @param partitions partition specs (each maps partition keys to values; a partial spec matches
	 * every partition with those values)
	 * @return the outcome
	 */
	public CommitResult truncatePartitions(List<Map<String, String>> partitions) {
		checkOpen();
		return this.committer.truncatePartitions(partitions);
	}

	/**
	 * Deletes the data files of messages that will not be committed. Best effort, and safe after a
	 * commit: files that a snapshot of the table references are never deleted.
	 * @param messages the prepared messages
	 * @return the number of files deleted
	 */
	public int abort(CommitMessages messages) {
		check(messages);
		return this.committer.abort(messages.messages());
	}

	private void check(CommitMessages messages) {
		checkOpen();
		if (messages == null) {
			throw new PaimonArgumentException(table(), "commit messages must not be null");
		}
		messages.checkProvenance(table(), this.target.location(), this.commitUser, this.overwritePartition);
	}

	private void checkOpen() {
		if (this.closed) {
			throw new PaimonStateException(table(), "TableCommit for table '" + table() + "' is closed");
		}
	}

	/**
	 * Closes the committer. Idempotent; it never deletes files.
	 */
	@Override
	public void close() {
		this.closed = true;
	}

}
