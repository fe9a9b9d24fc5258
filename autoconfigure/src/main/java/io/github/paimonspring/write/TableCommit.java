package io.github.paimonspring.write;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.operation.FileStoreCommit;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.source.ScanMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits, truncates and aborts for one table, commit user and write mode. Only commit messages
 * prepared for the same table, commit user and mode are accepted. Identifier-based calls give
 * idempotent retries: an identifier is committed when the newest snapshot of the commit user has an
 * identifier greater than or equal to it.
 */
public final class TableCommit implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(TableCommit.class);

	/** Identifier used by one-shot commits, as Paimon's batch commits do. */
	public static final long ONE_SHOT_IDENTIFIER = Long.MAX_VALUE;

	/** How far before the oldest file's creation time abort looks for snapshots that added it. */
	private static final long ABORT_CLOCK_SKEW_MILLIS = 10 * 60 * 1000L;

	private static final int ABORT_MAX_SNAPSHOTS_CHECKED = 2000;

	private final WriteTarget target;

	private final String commitUser;

	private final Map<String, String> overwritePartition;

	private volatile boolean closed;

	TableCommit(WriteTarget target, String commitUser, Map<String, String> overwritePartition) {
		this.target = target;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
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
		return run(messages, ONE_SHOT_IDENTIFIER, (commit) -> commit.commit(ONE_SHOT_IDENTIFIER, messages.nonEmptyMessages()));
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
		checkIdentifier(identifier);
		if (this.overwritePartition != null) {
			return filterAndCommitWithIdentifier(messages, identifier);
		}
		return run(messages, identifier, (commit) -> commit.commit(identifier, messages.nonEmptyMessages()));
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
		checkIdentifier(identifier);
		return run(messages, identifier, (commit) -> commit.filterAndCommit(Map.of(identifier, messages.nonEmptyMessages())));
	}

	/**
	 * Deletes every row of the table with an overwrite snapshot; nothing happens when the table holds
	 * no data.
	 * @return the outcome
	 */
	public CommitResult truncateTable() {
		checkOpen();
		Long latest = this.target.latestSnapshotId();
		if (latest == null || !this.target.table().store().newScan().withSnapshot(latest).readFileIterator().hasNext()) {
			return new CommitResult(false, this.target.latestSnapshotIdOfUser(this.commitUser), 0);
		}
		return run(null, ONE_SHOT_IDENTIFIER, TableCommitImpl::truncateTable);
	}

	/**
	 * Deletes every row of the table unless this commit user already committed {@code identifier};
	 * otherwise always writes a snapshot so that the identifier is recorded.
	 * @param identifier the commit identifier, from 0 to {@code Long.MAX_VALUE - 1}
	 * @return the outcome
	 */
	public CommitResult truncateTableWithIdentifier(long identifier) {
		checkOpen();
		checkIdentifier(identifier);
		Snapshot latestOfUser = this.target.latestSnapshotOfUser(this.commitUser);
		if (latestOfUser != null && latestOfUser.commitIdentifier() >= identifier) {
			return new CommitResult(false, latestOfUser.id(), 0);
		}
		FileStoreTable table = this.target.table();
		Long before = this.target.latestSnapshotId();
		try (FileStoreCommit commit = table.store().newCommit(this.commitUser, table)) {
			commit.truncateTable(identifier);
		}
		catch (RuntimeException ex) {
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
		checkOpen();
		if (partitions == null || partitions.isEmpty()) {
			throw new PaimonArgumentException(table(), "partitions to truncate must not be empty");
		}
		for (Map<String, String> spec : partitions) {
			for (String key : spec.keySet()) {
				if (!this.target.table().partitionKeys().contains(key)) {
					throw new PaimonArgumentException(table(), "'" + key + "' is not a partition key of table '" + table()
							+ "'; partition keys are " + this.target.table().partitionKeys());
				}
			}
		}
		return run(null, ONE_SHOT_IDENTIFIER, (commit) -> commit.truncatePartitions(partitions));
	}

	/**
	 * Deletes the data files of messages that will not be committed. Best effort, and safe after a
	 * commit: files that a snapshot of the table references are never deleted.
	 * @param messages the prepared messages
	 * @return the number of files deleted
	 */
	public int abort(CommitMessages messages) {
		check(messages);
		FileStoreTable table = this.target.table();
		List<CommitMessage> all = messages.messages();
		Set<String> candidates = messages.fileNames();
		if (candidates.isEmpty()) {
			return 0;
		}
		Set<String> committed = committedFiles(table, all, candidates);
		FileIO fileIO = table.fileIO();
		int deleted = 0;
		for (CommitMessage message : all) {
			CommitMessageImpl impl = (CommitMessageImpl) message;
			DataFilePathFactory paths = table.store().pathFactory().createDataFilePathFactory(impl.partition(), impl.bucket());
			List<DataFileMeta> files = new ArrayList<>();
			files.addAll(impl.newFilesIncrement().newFiles());
			files.addAll(impl.newFilesIncrement().changelogFiles());
			files.addAll(impl.compactIncrement().compactAfter());
			files.addAll(impl.compactIncrement().changelogFiles());
			for (DataFileMeta file : files) {
				if (committed.contains(file.fileName())) {
					continue;
				}
				try {
					if (fileIO.delete(paths.toPath(file), false)) {
						deleted++;
					}
				}
				catch (java.io.IOException | RuntimeException ex) {
					logger.warn("Abort on table '{}' could not delete {}: {}", table(), file.fileName(), ex.getMessage());
				}
			}
		}
		if (!committed.isEmpty()) {
			logger.info("Abort on table '{}' kept {} file(s) that committed snapshots reference", table(), committed.size());
		}
		return deleted;
	}

	/**
	 * Finds which candidate files a snapshot of the table references: the latest snapshot's live files
	 * and the files added by snapshots created since the oldest candidate was written.
	 */
	private Set<String> committedFiles(FileStoreTable table, List<CommitMessage> messages, Set<String> candidates) {
		Set<String> found = new HashSet<>();
		Long latest = this.target.latestSnapshotId();
		if (latest == null) {
			return found;
		}
		List<BinaryRow> partitions = new ArrayList<>();
		long oldestCreation = Long.MAX_VALUE;
		for (CommitMessage message : messages) {
			if (!partitions.contains(message.partition())) {
				partitions.add(message.partition());
			}
			for (DataFileMeta file : ((CommitMessageImpl) message).newFilesIncrement().newFiles()) {
				oldestCreation = Math.min(oldestCreation, file.creationTimeEpochMillis());
			}
		}
		Iterator<ManifestEntry> live = table.store().newScan().withSnapshot(latest).withPartitionFilter(partitions)
			.withDataFileNameFilter(candidates::contains).readFileIterator();
		live.forEachRemaining((entry) -> found.add(entry.file().fileName()));
		Long earliest = table.snapshotManager().earliestSnapshotId();
		int checked = 0;
		for (long id = latest; earliest != null && id >= earliest; id--) {
			Snapshot snapshot = table.snapshotManager().snapshot(id);
			if (snapshot.timeMillis() < oldestCreation - ABORT_CLOCK_SKEW_MILLIS) {
				break;
			}
			if (++checked > ABORT_MAX_SNAPSHOTS_CHECKED) {
				logger.warn("Abort on table '{}' could not check all snapshots; keeping every file to be safe", table());
				return candidates;
			}
			table.store().newScan().withSnapshot(snapshot).withKind(ScanMode.DELTA).withPartitionFilter(partitions)
				.withDataFileNameFilter(candidates::contains).readFileIterator()
				.forEachRemaining((entry) -> found.add(entry.file().fileName()));
		}
		return found;
	}

	@FunctionalInterface
	private interface CommitAction {

		void apply(TableCommitImpl commit) throws Exception;

	}

	private CommitResult run(CommitMessages messages, long identifier, CommitAction action) {
		FileStoreTable table = this.target.table();
		Long before = this.target.latestSnapshotId();
		try (TableCommitImpl commit = table.newCommit(this.commitUser)) {
			commit.ignoreEmptyCommit(true);
			if (this.overwritePartition != null) {
				commit.withOverwrite(this.overwritePartition);
			}
			action.apply(commit);
		}
		catch (PaimonCommitException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw commitFailed(ex);
		}
		return result(before, identifier, (messages != null) ? messages.rowCount() : 0);
	}

	private PaimonCommitException commitFailed(Exception ex) {
		return new PaimonCommitException(table(), "Commit to table '" + table() + "' by commit user '" + this.commitUser
				+ "' failed: " + ex.getMessage(), ex);
	}

	private CommitResult result(Long before, long identifier, long rows) {
		Long latest = this.target.latestSnapshotId();
		long from = (before != null) ? before + 1 : 1;
		if (latest != null) {
			for (long id = latest; id >= from; id--) {
				Snapshot snapshot = this.target.snapshot(id);
				if (snapshot.commitUser().equals(this.commitUser) && snapshot.commitIdentifier() == identifier) {
					return new CommitResult(true, id, rows);
				}
			}
		}
		return new CommitResult(false, this.target.latestSnapshotIdOfUser(this.commitUser), 0);
	}

	private void check(CommitMessages messages) {
		checkOpen();
		if (messages == null) {
			throw new PaimonArgumentException(table(), "commit messages must not be null");
		}
		if (!messages.tableLocation().equals(this.target.location())) {
			throw new PaimonArgumentException(table(), "commit messages were prepared for a different table (message table '"
					+ messages.table() + "', committer table '" + table() + "')");
		}
		if (!messages.commitUser().equals(this.commitUser)) {
			throw new PaimonArgumentException(table(), "commit messages were prepared with a different commit_user ('"
					+ messages.commitUser() + "', committer uses '" + this.commitUser + "')");
		}
		if (!Objects.equals(messages.rawOverwritePartition(), this.overwritePartition)) {
			throw new PaimonArgumentException(table(), "commit messages were prepared with a different overwrite mode (messages: "
					+ mode(messages.rawOverwritePartition()) + ", committer: " + mode(this.overwritePartition) + ")");
		}
	}

	private static String mode(Map<String, String> overwrite) {
		if (overwrite == null) {
			return "append";
		}
		return overwrite.isEmpty() ? "overwrite" : "overwrite " + overwrite;
	}

	private void checkIdentifier(long identifier) {
		if (identifier < 0 || identifier == ONE_SHOT_IDENTIFIER) {
			throw new PaimonArgumentException(table(), "commit identifier must be between 0 and " + (Long.MAX_VALUE - 1)
					+ " (Long.MAX_VALUE is reserved for one-shot commits), got " + identifier);
		}
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
