package io.github.paimonspring.write.commit;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.catalog.FencedCommitLock;
import io.github.paimonspring.write.CommitResult;
import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.operation.FileStoreCommit;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.jspecify.annotations.Nullable;

/**
 * The engine behind {@link io.github.paimonspring.write.ArrowTableCommit} and the postpone fixed-bucket
 * committer: runs Paimon commits, truncates and safe aborts for one table, commit user and mode, and
 * reports what was committed. Callers check the provenance of messages first.
 */
public final class TableCommitter {

	/** Identifier used by one-shot commits, as Paimon's batch commits do. */
	public static final long ONE_SHOT_IDENTIFIER = Long.MAX_VALUE;

	private final String name;

	private final FileStoreTable table;

	private final FileStoreTable commitTable;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final @Nullable Consumer<TableCommitImpl> configure;

	private final CommitFence fence;

	private final PreparedFiles preparedFiles;

	/**
	 * Creates a committer engine.
	 * @param name the table identifier used in messages
	 * @param table the table
	 * @param commitTable the table to create Paimon commits from (usually {@code table})
	 * @param commitUser the commit user
	 * @param overwritePartition {@code null} for append mode, empty for dynamic overwrite, or the static
	 * partition
	 * @param configure applied to every Paimon commit before it runs, or {@code null}
	 * @param fence asked before every commit
	 */
	public TableCommitter(String name, FileStoreTable table, FileStoreTable commitTable, String commitUser,
			@Nullable Map<String, String> overwritePartition, @Nullable Consumer<TableCommitImpl> configure,
			CommitFence fence) {
		this.name = name;
		this.table = table;
		this.commitTable = commitTable;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		this.configure = configure;
		this.fence = fence;
		this.preparedFiles = new PreparedFiles(name, table);
	}

	private String table() {
		return this.name;
	}

	/**
	 * Commits messages.
	 * @param messages the non-empty Paimon messages
	 * @param rows the number of rows in their new files, for the result
	 * @param identifier the commit identifier ({@link #ONE_SHOT_IDENTIFIER} for one-shot commits)
	 * @param filter whether to skip an identifier this commit user already committed
	 * @param properties snapshot properties; when present a snapshot is written even without files
	 * @param fence what this commit must still pass inside the table's commit lock, besides the
	 * committer's own fence
	 * @return the outcome
	 * @throws PaimonCommitException if Paimon rejects the commit
	 */
	public CommitResult commit(List<CommitMessage> messages, long rows, long identifier, boolean filter,
			Map<String, String> properties, CommitFence fence) {
		if (!properties.isEmpty()) {
			ManifestCommittable committable = new ManifestCommittable(identifier, null, messages, properties);
			return run(rows, identifier, fence, (commit) -> {
				commit.ignoreEmptyCommit(false);
				if (filter) {
					commit.filterAndCommitMultiple(List.of(committable));
				}
				else {
					commit.commit(committable);
				}
			});
		}
		if (filter) {
			return run(rows, identifier, fence, (commit) -> commit.filterAndCommit(Map.of(identifier, messages)));
		}
		return run(rows, identifier, fence, (commit) -> commit.commit(identifier, messages));
	}

	/**
	 * Deletes every row of the table with an overwrite snapshot; nothing happens when the table holds
	 * no data.
	 * @return the outcome
	 */
	public CommitResult truncateTable() {
		Long latest = latestSnapshotId();
		if (latest == null || !this.table.store().newScan().withSnapshot(latest).readFileIterator().hasNext()) {
			return new CommitResult(0, false, latestSnapshotIdOfUser());
		}
		return run(0, ONE_SHOT_IDENTIFIER, CommitFence.NONE, TableCommitImpl::truncateTable);
	}

	/**
	 * Deletes every row of the table unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	public CommitResult truncateTableWithIdentifier(long identifier) {
		return overwriteOnce(identifier, (commit) -> commit.truncateTable(identifier));
	}

	/** Runs an overwrite once per identifier of this commit user: a repeat commits nothing. */
	private CommitResult overwriteOnce(long identifier, Consumer<FileStoreCommit> overwrite) {
		checkIdentifier(identifier);
		Snapshot latestOfUser = this.table.snapshotManager().latestSnapshotOfUserFromFilesystem(this.commitUser)
				.orElse(null);
		if (latestOfUser != null && latestOfUser.commitIdentifier() >= identifier) {
			return new CommitResult(0, false, latestOfUser.id());
		}
		FileStoreTable table = this.commitTable;
		Long before = latestSnapshotId();
		this.fence.check(this.name);
		try (FileStoreCommit commit = table.store().newCommit(this.commitUser, table)) {
			holdingLock(this.fence, () -> {
				overwrite.accept(commit);
				return null;
			});
		}
		catch (PaimonCommitException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw commitFailed(ex);
		}
		return result(before, identifier, 0);
	}

	/**
	 * Deletes the given partitions with an overwrite snapshot.
	 * @param partitions partition specs (each maps partition keys to values; a partial spec matches
	 * every partition with those values)
	 * @return the outcome
	 */
	public CommitResult truncatePartitions(List<Map<String, String>> partitions) {
		checkPartitions(partitions);
		return run(0, ONE_SHOT_IDENTIFIER, CommitFence.NONE, (commit) -> commit.truncatePartitions(partitions));
	}

	/**
	 * Deletes the given partitions unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded (a repeat is a no-op).
	 * @param partitions partition specs
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	public CommitResult truncatePartitionsWithIdentifier(List<Map<String, String>> partitions, long identifier) {
		checkPartitions(partitions);
		return overwriteOnce(identifier, (commit) -> commit.dropPartitions(partitions, identifier));
	}

	private void checkPartitions(List<Map<String, String>> partitions) {
		if (partitions == null || partitions.isEmpty()) {
			throw new PaimonArgumentException(table(), "partitions to truncate must not be empty");
		}
		for (Map<String, String> spec : partitions) {
			for (String key : spec.keySet()) {
				if (!this.table.partitionKeys().contains(key)) {
					throw new PaimonArgumentException(table(),
							"'" + key + "' is not a partition key of table '" + table()
							+ "'; partition keys are " + this.table.partitionKeys());
				}
			}
		}
	}

	/**
	 * Deletes the data files of messages that will not be committed. Best effort, and safe after a
	 * commit: files that a snapshot of the table references are never deleted.
	 * @param messages the prepared messages
	 * @return the number of files deleted
	 */
	public int abort(List<CommitMessage> messages) {
		return this.preparedFiles.abort(messages);
	}

	/**
	 * Returns the files of these messages that a snapshot of the table references, so a caller can
	 * tell whether messages were already committed.
	 * @param messages the messages
	 * @return the names of their files that are committed
	 */
	public Set<String> committedFileNames(List<CommitMessage> messages) {
		return this.preparedFiles.committedFileNames(messages);
	}

	@FunctionalInterface
	private interface CommitAction {

		void apply(TableCommitImpl commit) throws Exception;

	}

	private CommitResult run(long rows, long identifier, CommitFence extra, CommitAction action) {
		Long before = latestSnapshotId();
		CommitFence fence = this.fence.and(extra);
		fence.check(this.name);
		try (TableCommitImpl commit = this.commitTable.newCommit(this.commitUser)) {
			commit.ignoreEmptyCommit(true);
			if (this.overwritePartition != null) {
				commit.withOverwrite(this.overwritePartition);
			}
			if (this.configure != null) {
				this.configure.accept(commit);
			}
			holdingLock(fence, () -> {
				action.apply(commit);
				return null;
			});
		}
		catch (PaimonCommitException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw commitFailed(ex);
		}
		return result(before, identifier, rows);
	}

	/**
	 * Runs a commit holding the table's commit lock when its catalog's lock is a fenced one, so that
	 * the fence is asked again inside the lock right before the snapshot is written; otherwise the
	 * fence was asked before the commit and the commit takes Paimon's own lock.
	 */
	private void holdingLock(CommitFence fence, Callable<Void> commit) throws Exception {
		FencedCommitLock lock = FencedCommitLock.of(this.commitTable);
		Identifier identifier = this.commitTable.catalogEnvironment().identifier();
		if (lock == null || identifier == null) {
			commit.call();
			return;
		}
		lock.callHolding(identifier.getDatabaseName(), identifier.getObjectName(), fence, commit);
	}

	private PaimonCommitException commitFailed(Exception ex) {
		String message = "Commit to table '" + table() + "' by commit user '" + this.commitUser + "' failed: "
				+ ex.getMessage();
		String storage = storageFailure(ex);
		if (storage != null && !message.contains(storage)) {
			// Paimon reports a snapshot it could not write as exhausted commit retries: name the storage's failure
			message += " (storage: " + storage + ")";
		}
		if (PaimonUnavailableException.isUnavailable(ex)) {
			return new PaimonUnavailableException(table(), message + "; nothing was committed, retry later", ex);
		}
		return new PaimonCommitException(table(), message, ex);
	}

	/** The message of the first I/O failure among the causes (the storage request that failed), if any. */
	private static @Nullable String storageFailure(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			if (cause instanceof IOException && !(cause instanceof FileNotFoundException)
					&& cause.getMessage() != null) {
				return cause.getMessage();
			}
		}
		return null;
	}

	private @Nullable Long latestSnapshotId() {
		return this.table.snapshotManager().latestSnapshotIdFromFileSystem();
	}

	private @Nullable Long latestSnapshotIdOfUser() {
		return this.table.snapshotManager().latestSnapshotOfUserFromFilesystem(this.commitUser).map(Snapshot::id)
				.orElse(null);
	}

	private CommitResult result(@Nullable Long before, long identifier, long rows) {
		Long latest = latestSnapshotId();
		long from = (before != null) ? before + 1 : 1;
		if (latest != null) {
			for (long id = latest; id >= from; id--) {
				Snapshot snapshot = this.table.snapshotManager().snapshot(id);
				if (snapshot.commitUser().equals(this.commitUser) && snapshot.commitIdentifier() == identifier) {
					return new CommitResult(rows, true, id);
				}
			}
		}
		return new CommitResult(0, false, latestSnapshotIdOfUser());
	}

	/**
	 * Returns the newest snapshot of this commit user when it already committed {@code identifier} (or
	 * a later one).
	 * @param identifier the identifier
	 * @return the snapshot id, or {@code null} when the identifier is not committed
	 */
	public @Nullable Long committedSnapshot(long identifier) {
		Snapshot latestOfUser = this.table.snapshotManager().latestSnapshotOfUserFromFilesystem(this.commitUser)
				.orElse(null);
		return (latestOfUser != null && latestOfUser.commitIdentifier() >= identifier) ? latestOfUser.id() : null;
	}

	/**
	 * Rejects identifiers that cannot be used with identifier-based commits.
	 * @param identifier the identifier
	 * @throws PaimonArgumentException if it is negative or {@link #ONE_SHOT_IDENTIFIER}
	 */
	public void checkIdentifier(long identifier) {
		if (identifier < 0 || identifier == ONE_SHOT_IDENTIFIER) {
			throw new PaimonArgumentException(table(), "commit identifier must be between 0 and " + (Long.MAX_VALUE - 1)
					+ " (Long.MAX_VALUE is reserved for one-shot commits), got " + identifier);
		}
	}

}
