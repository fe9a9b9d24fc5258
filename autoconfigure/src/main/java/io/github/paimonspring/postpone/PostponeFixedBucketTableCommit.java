package io.github.paimonspring.postpone;

import java.util.List;
import java.util.Map;

import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.PaimonArgumentException;
import io.github.paimonspring.write.PaimonCommitException;
import io.github.paimonspring.write.PaimonStateException;
import io.github.paimonspring.write.TableCommitter;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.PostponeUtils;
import org.apache.paimon.table.sink.CommitMessage;
import org.jspecify.annotations.Nullable;

/**
 * Commits fixed-bucket messages of a postpone table through Paimon's commit path for postpone tables
 * with append conflict checks, after the fixed-bucket checks (one writer per partition and bucket,
 * one bucket count per partition, no mixing with {@code bucket-postpone} files, no concurrent commit
 * into the owned partitions). In overwrite mode a partition may change its bucket count and
 * {@code bucket-postpone} files are replaced. Only messages of the same table, commit user and mode are
 * accepted.
 */
public final class PostponeFixedBucketTableCommit implements AutoCloseable {

	private final String table;

	private final FileStoreTable fileStoreTable;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final TableCommitter committer;

	private volatile boolean closed;

	PostponeFixedBucketTableCommit(String table, FileStoreTable fileStoreTable, String commitUser,
			@Nullable Map<String, String> overwritePartition) {
		this.table = table;
		this.fileStoreTable = fileStoreTable;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		this.committer = new TableCommitter(table, fileStoreTable, PostponeUtils.tableForCommit(fileStoreTable),
				commitUser, overwritePartition, (commit) -> commit.appendCommitCheckConflict(true));
	}

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.table;
	}

	/**
	 * Returns the commit user.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Commits the messages once with the reserved one-shot identifier; never filtered, also in
	 * overwrite mode, so an overwrite is never silently skipped.
	 * @param messages the prepared messages
	 * @return the outcome
	 * @throws FixedBucketConflictException if a fixed-bucket check fails
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult commit(PostponeFixedBucketCommitMessages messages) {
		return commit(messages, TableCommitter.ONE_SHOT_IDENTIFIER, false);
	}

	/**
	 * Commits the messages under an identifier; in overwrite mode an already committed identifier is
	 * skipped.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	public CommitResult commitWithIdentifier(PostponeFixedBucketCommitMessages messages, long identifier) {
		this.committer.checkIdentifier(identifier);
		return commit(messages, identifier, this.overwritePartition != null);
	}

	/**
	 * Commits the messages unless this commit user already committed {@code identifier}.
	 * @param messages the prepared messages
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome; not committed when the identifier was already committed
	 */
	public CommitResult filterAndCommitWithIdentifier(PostponeFixedBucketCommitMessages messages, long identifier) {
		this.committer.checkIdentifier(identifier);
		return commit(messages, identifier, true);
	}

	private CommitResult commit(PostponeFixedBucketCommitMessages messages, long identifier, boolean filter) {
		check(messages);
		if (filter) {
			Long committed = this.committer.committedSnapshot(identifier);
			if (committed != null) {
				return new CommitResult(false, committed, 0);
			}
		}
		List<CommitMessage> files = messages.delegate().nonEmptyMessages();
		FixedBucketCommitValidator.validate(this.table, this.fileStoreTable, files, this.overwritePartition != null,
				messages.checkFromSnapshot());
		try {
			return this.committer.commit(files, messages.rowCount(), identifier, filter);
		}
		catch (PaimonCommitException ex) {
			if (String.valueOf(ex.getMessage()).contains("Total buckets of partition")) {
				throw new FixedBucketConflictException(this.table,
						"Fixed-bucket conflict: " + ex.getMessage() + " (table '" + this.table + "')");
			}
			throw ex;
		}
	}

	/**
	 * Returns the files of these messages that a snapshot of the table already references: all of
	 * them once the messages are committed, none before.
	 * @param messages the messages
	 * @return the committed file names
	 */
	public java.util.Set<String> committedFiles(PostponeFixedBucketCommitMessages messages) {
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
	 * Deletes every row of the table; nothing happens when it holds no data.
	 * @return the outcome
	 */
	public CommitResult truncateTable() {
		checkOpen();
		return this.committer.truncateTable();
	}

	/**
	 * Deletes every row unless this commit user already committed {@code identifier}.
	 * @param identifier the commit identifier
	 * @return the outcome
	 */
	public CommitResult truncateTableWithIdentifier(long identifier) {
		checkOpen();
		return this.committer.truncateTableWithIdentifier(identifier);
	}

	/**
	 * Deletes the given partitions.
	 * @param partitions partition specs
	 * @return the outcome
	 */
	public CommitResult truncatePartitions(List<Map<String, String>> partitions) {
		checkOpen();
		return this.committer.truncatePartitions(partitions);
	}

	/**
	 * Deletes the data files of messages that will not be committed; files a snapshot references are
	 * never deleted.
	 * @param messages the prepared messages
	 * @return the number of files deleted
	 */
	public int abort(PostponeFixedBucketCommitMessages messages) {
		check(messages);
		return this.committer.abort(messages.messages());
	}

	private void check(PostponeFixedBucketCommitMessages messages) {
		checkOpen();
		if (messages == null) {
			throw new PaimonArgumentException(this.table, "commit messages must not be null");
		}
		messages.delegate().checkProvenance(this.table, this.fileStoreTable.location().toString(), this.commitUser,
				this.overwritePartition);
	}

	private void checkOpen() {
		if (this.closed) {
			throw new PaimonStateException(this.table, "PostponeFixedBucketTableCommit for table '" + this.table + "' is closed");
		}
	}

	/**
	 * Closes the committer; it never deletes files.
	 */
	@Override
	public void close() {
		this.closed = true;
	}

}
