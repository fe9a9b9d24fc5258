package io.github.paimonspring.maintenance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.catalog.PaimonTables;
import org.apache.paimon.append.AppendCompactCoordinator;
import org.apache.paimon.append.AppendCompactTask;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.operation.BaseAppendFileStoreWrite;
import org.apache.paimon.operation.PartitionExpire;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.EndOfScanException;
import org.apache.paimon.table.source.Split;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maintains tables with Paimon's own building blocks, in this process: compaction of append tables
 * (small files binned into files of {@code target-file-size}), compaction of primary-key tables with
 * fixed buckets (full: one sorted run per bucket; minor: as the table's compaction triggers say),
 * compaction of postpone-bucket ({@code bucket = -2}) primary-key tables (the rows of their
 * {@code bucket-postpone} files, which no reader sees, are written into real buckets), and snapshot
 * expiry as the table's {@code snapshot.*} options say — also for {@code write-only} tables, whose
 * writers never expire. A compaction commits one {@code COMPACT} snapshot; one that conflicts with
 * a concurrent commit fails with a {@link PaimonCommitException} and can be repeated — it is never
 * forced, and rows written concurrently are never lost or doubled (compaction only rewrites files a
 * snapshot already holds). Thread-safe; run one maintenance per table at a time.
 *
 * @since 0.1.0
 */
public class TableMaintenance implements PaimonMaintenance {

	private static final Logger logger = LoggerFactory.getLogger(TableMaintenance.class);

	private final PaimonTables tables;

	private final int postponeDefaultBuckets;

	private final @Nullable OrphanFileCleanup orphans;

	/**
	 * Creates the maintenance; postpone-bucket compaction gives partitions without real buckets each
	 * table's {@code postpone.default-bucket-num} buckets.
	 * @param tables the tables to resolve names against
	 */
	public TableMaintenance(PaimonTables tables) {
		this(tables, 0);
	}

	/**
	 * Creates the maintenance.
	 * @param tables the tables to resolve names against
	 * @param postponeDefaultBuckets bucket count that postpone-bucket compaction gives partitions without
	 * real buckets (as the fixed-bucket writers' automatic plan does), or 0 for each table's
	 * {@code postpone.default-bucket-num}
	 */
	public TableMaintenance(PaimonTables tables, int postponeDefaultBuckets) {
		this(tables, postponeDefaultBuckets, null);
	}

	/**
	 * Creates the maintenance with its orphan-file cleanup.
	 * @param tables the tables to resolve names against
	 * @param postponeDefaultBuckets as {@link #TableMaintenance(PaimonTables, int)}
	 * @param orphans the orphan-file cleanup, or {@code null} to refuse {@link #removeOrphanFiles}
	 */
	public TableMaintenance(PaimonTables tables, int postponeDefaultBuckets, @Nullable OrphanFileCleanup orphans) {
		if (postponeDefaultBuckets < 0) {
			throw new IllegalArgumentException(
					"postponeDefaultBuckets must not be negative, got " + postponeDefaultBuckets);
		}
		this.tables = tables;
		this.postponeDefaultBuckets = postponeDefaultBuckets;
		this.orphans = orphans;
	}

	@Override
	public OrphanFilesResult removeOrphanFiles(String table, boolean dryRun) {
		if (this.orphans == null) {
			throw new IllegalStateException("This TableMaintenance has no orphan-file cleanup; create it with an "
					+ "OrphanFiles");
		}
		return this.orphans.remove(table, dryRun);
	}

	/**
	 * Compacts a table: small files of an append table, the sorted runs of a primary-key table's fixed
	 * buckets, or the {@code bucket-postpone} files of a postpone-bucket ({@code bucket = -2})
	 * primary-key table.
	 * <p>
	 * A postpone compaction replays the rows of the latest snapshot's {@code bucket-postpone} files in
	 * the order they were written into real buckets, with sequence numbers above those already in the
	 * buckets, so the table's merge engine decides as if they had been written there (with
	 * {@code deduplicate}, the last write of a key wins). A partition that has real buckets keeps its
	 * bucket count; others get the default ({@link #TableMaintenance(PaimonTables, int)}). One commit
	 * removes the postponed files and adds the new ones; postponed files committed meanwhile stay for the
	 * next compaction. It fails with a {@link PaimonCommitException} when a concurrent commit removed the
	 * postponed files or wrote into a bucket the compaction writes.
	 * @param table a configured table name or {@code database.table}
	 * @param full for primary-key tables, whether to compact every bucket into one sorted run (for a
	 * postpone table: every real bucket of every partition, after the postponed rows are written); append
	 * tables always bin all small files
	 * @return what was compacted; for a postpone table the files before include the postponed files
	 * @throws UnsupportedTableException for tables this maintenance does not compact (dynamic buckets,
	 * postpone tables whose partition keys are not all in the primary key)
	 * @throws PaimonCommitException if the compaction conflicts with a concurrent commit (repeat it)
	 */
	@Override
	public CompactionResult compact(String table, boolean full) {
		FileStoreTable target = resolve(table);
		String name = this.tables.identifier(table).getFullName();
		String commitUser = "maintenance-" + UUID.randomUUID();
		if (PostponeCompaction.isPostponeTable(target)) {
			PostponeCompaction postpone = new PostponeCompaction(name, target, commitUser, this.postponeDefaultBuckets);
			return commitCompaction(name, postpone.commitTable(), commitUser, postpone.prepare(full), postpone);
		}
		List<CommitMessage> messages;
		if (target.primaryKeys().isEmpty() && target.bucketMode() == BucketMode.BUCKET_UNAWARE) {
			messages = compactAppend(name, target, commitUser);
		}
		else if (!target.primaryKeys().isEmpty() && target.bucketMode() == BucketMode.HASH_FIXED) {
			messages = compactBuckets(name, target, full);
		}
		else {
			throw new UnsupportedTableException(name, "Table '" + name + "' (bucket mode " + target.bucketMode()
					+ ") is not compacted by this starter yet; compact it with Flink or Spark");
		}
		return commitCompaction(name, target, commitUser, messages, null);
	}

	/**
	 * Commits prepared compaction messages (package-private for tests that commit concurrently in
	 * between); a failed postpone compaction deletes the files it wrote, unless they were committed.
	 */
	CompactionResult commitCompaction(String name, FileStoreTable commitTable, String commitUser,
			List<CommitMessage> messages, @Nullable PostponeCompaction postpone) {
		int before = 0;
		int after = 0;
		for (CommitMessage message : messages) {
			before += ((CommitMessageImpl) message).compactIncrement().compactBefore().size();
			after += ((CommitMessageImpl) message).compactIncrement().compactAfter().size();
		}
		if (before == 0) {
			return new CompactionResult(name, 0, 0, null);
		}
		Long snapshot;
		if (postpone == null) {
			snapshot = commit(name, commitTable, commitUser, messages);
		}
		else {
			try {
				postpone.checkNoConcurrentWrites(messages);
				snapshot = commit(name, commitTable, commitUser, messages);
			}
			catch (RuntimeException ex) {
				postpone.abandon(messages);
				throw ex;
			}
		}
		logger.info("Compacted table '{}': {} data files rewritten into {} (snapshot {})", name, before, after,
				snapshot);
		return new CompactionResult(name, before, after, snapshot);
	}

	/**
	 * Expires snapshots as the table's {@code snapshot.num-retained.min}, {@code snapshot.num-retained.max}
	 * and {@code snapshot.time-retained} say, with the files only they reference.
	 * @param table a configured table name or {@code database.table}
	 * @return the number of snapshots expired
	 */
	@Override
	public int expireSnapshots(String table) {
		FileStoreTable target = resolve(table);
		// one call expires at most snapshot.expire.limit (50) snapshots
		int expired = 0;
		int round;
		do {
			round = target.newExpireSnapshots().config(target.coreOptions().expireConfig()).expire();
			expired += round;
		}
		while (round > 0);
		if (expired > 0) {
			logger.info("Expired {} snapshot(s) of table '{}'", expired, this.tables.identifier(table).getFullName());
		}
		return expired;
	}

	/**
	 * Drops the partitions whose time ran out, as the table's {@code partition.expiration-time},
	 * {@code partition.expiration-strategy} and {@code partition.timestamp-*} options say (one
	 * {@code OVERWRITE} snapshot); does nothing for tables without them.
	 * @param table a configured table name or {@code database.table}
	 * @return the dropped partitions, as partition specs
	 */
	@Override
	public List<Map<String, String>> expirePartitions(String table) {
		// checked on every call: the schedule is ours, not the expiry's own check interval
		FileStoreTable target = resolve(table).copy(Map.of("partition.expiration-check-interval", "0 s"));
		String name = this.tables.identifier(table).getFullName();
		PartitionExpire expire = target.store()
			.newPartitionExpire("maintenance-" + UUID.randomUUID(), target);
		if (expire == null) {
			return List.of();
		}
		List<Map<String, String>> expired;
		this.tables.fence().check(name);
		try {
			expired = expire.expire(BatchWriteBuilder.COMMIT_IDENTIFIER);
		}
		catch (RuntimeException ex) {
			throw failure(name, "Expiring the partitions of", ex);
		}
		if (expired != null && !expired.isEmpty()) {
			logger.info("Expired {} partition(s) of table '{}': {}", expired.size(), name, expired);
		}
		return (expired != null) ? expired : List.of();
	}

	/**
	 * Observes a table's latest snapshot: its files, their size and spread, its snapshots, and its
	 * pending postpone-bucket files.
	 * @param table a configured table name or {@code database.table}
	 * @return the state
	 */
	@Override
	public TableState observe(String table) {
		FileStoreTable target = resolve(table);
		String name = this.tables.identifier(table).getFullName();
		long files = 0;
		long bytes = 0;
		Map<PartitionBucket, Integer> perBucket = new HashMap<>();
		for (Split split : target.newScan().plan().splits()) {
			if (split instanceof DataSplit data) {
				files += data.dataFiles().size();
				bytes += data.dataFiles().stream().mapToLong(DataFileMeta::fileSize).sum();
				perBucket.merge(new PartitionBucket(data.partition(), data.bucket()), data.dataFiles().size(),
						Integer::sum);
			}
		}
		long maxPerBucket = perBucket.values().stream().mapToLong(Integer::longValue).max().orElse(0);
		return new TableState(name, files, bytes, maxPerBucket, snapshots(table), pendingPostponeFiles(table));
	}

	/**
	 * Returns the number of data files the table's latest snapshot holds.
	 * @param table a configured table name or {@code database.table}
	 * @return the live data files
	 */
	public int liveFiles(String table) {
		int files = 0;
		for (Split split : resolve(table).newScan().plan().splits()) {
			if (split instanceof DataSplit data) {
				files += data.dataFiles().size();
			}
		}
		return files;
	}

	/**
	 * Returns the number of {@code bucket-postpone} data files in the table's latest snapshot: files of a
	 * postpone-bucket ({@code bucket = -2}) primary-key table whose rows no reader sees until a
	 * compaction ({@link #compact}) writes them into real buckets. {@link #liveFiles} does not count
	 * them.
	 * @param table a configured table name or {@code database.table}
	 * @return the postponed data files; 0 for other tables and for tables without snapshots
	 */
	public int pendingPostponeFiles(String table) {
		return PostponeCompaction.pendingFiles(resolve(table));
	}

	/**
	 * Returns the number of retained snapshots of the table.
	 * @param table a configured table name or {@code database.table}
	 * @return the snapshot count
	 */
	public long snapshots(String table) {
		try {
			return resolve(table).snapshotManager().snapshotCount();
		}
		catch (IOException ex) {
			throw failure(this.tables.identifier(table).getFullName(), "Counting the snapshots of", ex);
		}
	}

	private List<CommitMessage> compactAppend(String name, FileStoreTable table, String commitUser) {
		List<CommitMessage> messages = new ArrayList<>();
		AppendCompactCoordinator coordinator = new AppendCompactCoordinator(table, false);
		BaseAppendFileStoreWrite write = (BaseAppendFileStoreWrite) table.store().newWrite(commitUser);
		try {
			do {
				List<AppendCompactTask> tasks;
				try {
					tasks = coordinator.run();
				}
				catch (EndOfScanException ex) {
					break;
				}
				for (AppendCompactTask task : tasks) {
					messages.add(task.doCompact(table, write));
				}
			}
			while (coordinator.batchRemainFiles());
		}
		catch (Exception ex) {
			throw failure(name, "Compacting", ex);
		}
		finally {
			closeQuietly(write);
		}
		return messages;
	}

	private List<CommitMessage> compactBuckets(String name, FileStoreTable table, boolean full) {
		Set<PartitionBucket> buckets = new LinkedHashSet<>();
		for (Split split : table.newScan().plan().splits()) {
			if (split instanceof DataSplit data) {
				buckets.add(new PartitionBucket(data.partition(), data.bucket()));
			}
		}
		BatchWriteBuilder builder = table.newBatchWriteBuilder();
		try (BatchTableWrite write = builder.newWrite()) {
			for (PartitionBucket bucket : buckets) {
				write.compact(bucket.partition(), bucket.bucket(), full);
			}
			return write.prepareCommit();
		}
		catch (Exception ex) {
			throw failure(name, "Compacting", ex);
		}
	}

	private record PartitionBucket(BinaryRow partition, int bucket) {
	}

	private static void closeQuietly(BaseAppendFileStoreWrite write) {
		try {
			write.close();
		}
		catch (Exception ex) {
			logger.debug("Closing a compaction writer failed", ex);
		}
	}

	/** Commits a compaction; a failed one leaves its new files to the orphan cleanup, never deleting a live one. */
	private @Nullable Long commit(String name, FileStoreTable table, String commitUser, List<CommitMessage> messages) {
		Long before = table.snapshotManager().latestSnapshotIdFromFileSystem();
		this.tables.fence().check(name);
		try (TableCommitImpl commit = table.newCommit(commitUser)) {
			commit.commit(BatchWriteBuilder.COMMIT_IDENTIFIER, messages);
		}
		catch (Exception ex) {
			throw failure(name, "Committing the compaction of", ex);
		}
		Long latest = table.snapshotManager().latestSnapshotIdFromFileSystem();
		return (latest != null && !latest.equals(before)) ? latest : before;
	}

	private static PaimonCommitException failure(String table, String what, Exception ex) {
		String message = what + " table '" + table + "' failed: " + ex.getMessage();
		return PaimonUnavailableException.isUnavailable(ex) ? new PaimonUnavailableException(table, message, ex)
				: new PaimonCommitException(table, message + "; nothing was committed, repeat the compaction", ex);
	}

	/** The table, with {@code write-only} off: maintenance is the job a write-only table leaves to others. */
	private FileStoreTable resolve(String table) {
		Table resolved = this.tables.getTable(table);
		if (!(resolved instanceof FileStoreTable fileStoreTable)) {
			String name = this.tables.identifier(table).getFullName();
			throw new UnsupportedTableException(name, "Table '" + name + "' is a " + resolved.getClass().getSimpleName()
					+ "; only Paimon append and primary-key tables can be maintained");
		}
		return fileStoreTable.copy(Map.of("write-only", "false"));
	}

}
