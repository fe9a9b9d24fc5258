package io.github.paimonspring.maintenance;

import java.io.FileNotFoundException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.UnsupportedTableException;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.manifest.FileKind;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.manifest.SimpleFileEntry;
import org.apache.paimon.postpone.BucketFiles;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.reader.RecordReaderIterator;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.PostponeUtils;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ScanMode;
import org.apache.paimon.table.source.TableRead;
import org.apache.paimon.utils.FileStorePathFactory;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compacts a postpone-bucket ({@code bucket = -2}) primary-key table: the rows of the
 * {@code bucket-postpone} files of one snapshot, which no reader sees, are written into real buckets,
 * and the commit messages delete those files and add the new ones in one {@code COMPACT} commit.
 * <p>
 * Rows are replayed partition by partition, file by file in the order the files were written (their
 * creation time, as Paimon's own postpone compaction orders them; ties keep the manifest order, which
 * is the commit order), and within a file in written order. They go through Paimon's ordinary
 * fixed-bucket writer of the partition's bucket count, which continues each bucket's sequence numbers
 * after the highest one already committed: the table's merge engine then sees every postponed row as
 * newer than the rows in real buckets, and later postponed rows as newer than earlier ones. A partition
 * keeps its real-bucket count; a partition without real buckets gets the default count. The writer may
 * compact a bucket as the table's compaction triggers say ({@code full}: into one sorted run), so the
 * messages can also replace real-bucket files.
 * <p>
 * Single-use and not thread-safe.
 */
final class PostponeCompaction {

	private static final Logger logger = LoggerFactory.getLogger(PostponeCompaction.class);

	private final String name;

	private final FileStoreTable table;

	private final String commitUser;

	private final int defaultBuckets;

	private @Nullable Snapshot snapshot;

	/**
	 * Creates the compaction.
	 * @param name the table identifier, for messages
	 * @param table a postpone table ({@link #isPostponeTable})
	 * @param commitUser the commit user of the writers and the commit
	 * @param defaultBuckets bucket count of partitions without real buckets, or 0 for the table's
	 * {@code postpone.default-bucket-num}
	 */
	PostponeCompaction(String name, FileStoreTable table, String commitUser, int defaultBuckets) {
		this.name = name;
		this.table = table;
		this.commitUser = commitUser;
		this.defaultBuckets = (defaultBuckets > 0) ? defaultBuckets
				: Math.max(1, table.coreOptions().postponeDefaultBucketNum());
	}

	/** Whether a table is a primary-key table in postpone-bucket mode. */
	static boolean isPostponeTable(FileStoreTable table) {
		return table.coreOptions().bucket() == BucketMode.POSTPONE_BUCKET && !table.primaryKeys().isEmpty();
	}

	/** The number of {@code bucket-postpone} data files in the latest snapshot; 0 for other tables. */
	static int pendingFiles(FileStoreTable table) {
		if (!isPostponeTable(table)) {
			return 0;
		}
		Snapshot latest = table.snapshotManager().latestSnapshot();
		if (latest == null) {
			return 0;
		}
		return table.store().newScan().withSnapshot(latest).withBucket(BucketMode.POSTPONE_BUCKET).readSimpleEntries()
			.size();
	}

	/** The table to commit the messages with, as Paimon requires for postpone tables. */
	FileStoreTable commitTable() {
		return PostponeUtils.tableForCommit(this.table);
	}

	/**
	 * Reads the latest snapshot's postponed rows and writes them into real buckets.
	 * @param full whether to also compact every real bucket of every partition into one sorted run
	 * @return the messages to commit; empty when there was nothing to do
	 */
	List<CommitMessage> prepare(boolean full) {
		if (!this.table.primaryKeys().containsAll(this.table.partitionKeys())) {
			throw new UnsupportedTableException(this.name, "Table '" + this.name + "' has partition keys "
					+ this.table.partitionKeys() + " outside its primary key " + this.table.primaryKeys()
					+ "; its postpone buckets are not compacted by this starter; compact it with Flink or Spark");
		}
		Snapshot read = this.table.snapshotManager().latestSnapshot();
		if (read == null) {
			return List.of();
		}
		this.snapshot = read;
		Map<BinaryRow, List<ManifestEntry>> postponed = postponedFiles(read);
		Map<BinaryRow, Set<Integer>> realBuckets = new HashMap<>();
		Map<BinaryRow, Integer> bucketCounts = realBucketCounts(read, realBuckets);
		Map<BinaryRow, List<ManifestEntry>> partitions = new LinkedHashMap<>(postponed);
		if (full) {
			realBuckets.keySet().forEach((partition) -> partitions.putIfAbsent(partition, List.of()));
		}
		List<CommitMessage> messages = new ArrayList<>();
		try (IOManager ioManager = IOManager.create(System.getProperty("java.io.tmpdir"))) {
			for (Map.Entry<BinaryRow, List<ManifestEntry>> partition : partitions.entrySet()) {
				int buckets = bucketCounts.getOrDefault(partition.getKey(), this.defaultBuckets);
				Set<Integer> compacted = full ? allBuckets(buckets) : Set.of();
				messages.addAll(rewrite(read.id(), partition.getKey(), partition.getValue(), buckets, compacted,
						ioManager));
				for (ManifestEntry file : partition.getValue()) {
					messages.add(new CommitMessageImpl(file.partition(), file.bucket(), file.totalBuckets(),
							DataIncrement.emptyIncrement(), new CompactIncrement(List.of(file.file()), List.of(),
									List.of())));
				}
			}
		}
		catch (PaimonException ex) {
			discard(messages);
			throw ex;
		}
		catch (Exception ex) {
			discard(messages);
			String message = "Compacting the postpone buckets of table '" + this.name + "' failed: " + ex.getMessage();
			throw PaimonUnavailableException.isUnavailable(ex) ? new PaimonUnavailableException(this.name, message, ex)
					: new PaimonCommitException(this.name, message + "; nothing was committed", ex);
		}
		return messages;
	}

	/** The postponed files per partition, in the order their rows were written. */
	private Map<BinaryRow, List<ManifestEntry>> postponedFiles(Snapshot read) {
		Map<BinaryRow, List<ManifestEntry>> files = new LinkedHashMap<>();
		for (ManifestEntry entry : this.table.store().newScan().withSnapshot(read)
			.withBucket(BucketMode.POSTPONE_BUCKET).plan().files()) {
			files.computeIfAbsent(entry.partition(), (p) -> new ArrayList<>()).add(entry);
		}
		// a stable sort: files created in the same millisecond keep their manifest (commit) order
		files.values().forEach((list) -> list.sort(Comparator.comparing((ManifestEntry e) -> e.file().creationTime())));
		return files;
	}

	/** The real-bucket count of each partition that has real buckets, and which buckets hold files. */
	private Map<BinaryRow, Integer> realBucketCounts(Snapshot read, Map<BinaryRow, Set<Integer>> buckets) {
		Map<BinaryRow, Integer> counts = new HashMap<>();
		for (SimpleFileEntry entry : this.table.store().newScan().withSnapshot(read).onlyReadRealBuckets()
			.readSimpleEntries()) {
			buckets.computeIfAbsent(entry.partition(), (p) -> new TreeSet<>()).add(entry.bucket());
			if (entry.totalBuckets() <= 0) {
				continue;
			}
			Integer previous = counts.putIfAbsent(entry.partition(), entry.totalBuckets());
			if (previous != null && previous != entry.totalBuckets()) {
				throw new PaimonStateException(this.name, "Table '" + this.name + "' has a partition with "
						+ "inconsistent bucket counts " + previous + " and " + entry.totalBuckets()
						+ "; overwrite the partition to fix it");
			}
		}
		return counts;
	}

	private static Set<Integer> allBuckets(int buckets) {
		Set<Integer> all = new TreeSet<>();
		for (int bucket = 0; bucket < buckets; bucket++) {
			all.add(bucket);
		}
		return all;
	}

	/**
	 * Writes one partition's postponed rows into its real buckets with a writer of the table as a
	 * fixed-bucket table, and turns what it wrote into compaction results.
	 */
	private List<CommitMessage> rewrite(long snapshotId, BinaryRow partition, List<ManifestEntry> files, int buckets,
			Set<Integer> compacted, IOManager ioManager) throws Exception {
		FileStoreTable real = this.table.copy(Map.of("bucket", String.valueOf(buckets)));
		List<CommitMessage> written;
		try (TableWriteImpl<?> write = real.newWrite(this.commitUser)) {
			write.withIOManager(ioManager);
			TableRead read = this.table.newRead();
			FileStorePathFactory paths = this.table.store().pathFactory();
			String bucketPath = paths.bucketPath(partition, BucketMode.POSTPONE_BUCKET).toString();
			for (ManifestEntry file : files) {
				DataSplit split = DataSplit.builder().withSnapshot(snapshotId).withPartition(partition)
					.withBucket(BucketMode.POSTPONE_BUCKET).withBucketPath(bucketPath)
					.withTotalBuckets(file.totalBuckets()).withDataFiles(List.of(file.file())).isStreaming(false)
					.build();
				try (RecordReader<InternalRow> reader = read.createReader(split);
						RecordReaderIterator<InternalRow> rows = new RecordReaderIterator<>(reader)) {
					while (rows.hasNext()) {
						write.write(rows.next());
					}
				}
			}
			for (int bucket : compacted) {
				write.compact(partition, bucket, true);
			}
			written = write.prepareCommit(true, BatchWriteBuilder.COMMIT_IDENTIFIER);
		}
		// new files become compaction results: the commit is a COMPACT commit that only rewrites rows
		Map<Integer, BucketFiles> perBucket = new LinkedHashMap<>();
		for (CommitMessage message : written) {
			perBucket.computeIfAbsent(message.bucket(), (bucket) -> new BucketFiles(
					this.table.store().pathFactory().createDataFilePathFactory(partition, bucket), this.table.fileIO()))
				.update((CommitMessageImpl) message);
		}
		List<CommitMessage> messages = new ArrayList<>();
		perBucket.forEach((bucket, bucketFiles) -> messages.add(bucketFiles.makeMessage(partition, bucket)));
		return messages;
	}

	/**
	 * Fails when a commit after the snapshot this compaction read added files to a bucket it writes:
	 * both would continue the bucket's sequence numbers from the same point, so neither could be
	 * ordered after the other.
	 * @param messages the prepared messages
	 * @throws PaimonCommitException on such a commit (nothing is committed; repeat the compaction)
	 */
	void checkNoConcurrentWrites(List<CommitMessage> messages) {
		if (this.snapshot == null) {
			return;
		}
		Set<PartitionBucket> written = new HashSet<>();
		Set<BinaryRow> partitions = new HashSet<>();
		for (CommitMessage message : messages) {
			if (message.bucket() >= 0) {
				written.add(new PartitionBucket(message.partition(), message.bucket()));
				partitions.add(message.partition());
			}
		}
		Long latest = this.table.snapshotManager().latestSnapshotIdFromFileSystem();
		if (written.isEmpty() || latest == null) {
			return;
		}
		for (long id = this.snapshot.id() + 1; id <= latest; id++) {
			Snapshot later;
			try {
				later = this.table.snapshotManager().tryGetSnapshot(id);
			}
			catch (FileNotFoundException ex) {
				throw conflict("snapshot " + id + " expired before the compaction could check it", ex);
			}
			for (SimpleFileEntry entry : this.table.store().newScan().withSnapshot(later).withKind(ScanMode.DELTA)
				.withPartitionFilter(List.copyOf(partitions)).readSimpleEntries()) {
				if (entry.kind() == FileKind.ADD && written.contains(new PartitionBucket(entry.partition(),
						entry.bucket()))) {
					throw conflict("snapshot " + id + " (" + later.commitKind() + " by '" + later.commitUser()
							+ "') wrote bucket " + entry.bucket() + " of a partition the compaction writes", null);
				}
			}
		}
	}

	private record PartitionBucket(BinaryRow partition, int bucket) {
	}

	private PaimonCommitException conflict(String reason, @Nullable Exception cause) {
		return new PaimonCommitException(this.name, "Compacting the postpone buckets of table '" + this.name
				+ "' conflicts with a concurrent commit: " + reason + "; nothing was committed, repeat the compaction",
				cause);
	}

	/**
	 * Deletes the files this compaction wrote, after a commit failed, unless a snapshot of this
	 * compaction's commit user exists (then the commit went through after all and the files are live).
	 * Files the messages only remove or move to another level are never deleted.
	 * @param messages the prepared messages
	 */
	void abandon(List<CommitMessage> messages) {
		try {
			Long latest = this.table.snapshotManager().latestSnapshotIdFromFileSystem();
			long from = (this.snapshot != null) ? this.snapshot.id() + 1 : 1;
			for (long id = from; latest != null && id <= latest; id++) {
				Snapshot later = this.table.snapshotManager().tryGetSnapshot(id);
				if (this.commitUser.equals(later.commitUser())) {
					return;
				}
			}
		}
		catch (Exception ex) {
			logger.warn("Could not tell whether the failed compaction of table '{}' was committed; its files are "
					+ "left to the orphan-file cleanup", this.name, ex);
			return;
		}
		discard(messages);
	}

	/** Deletes files the messages add, which no snapshot references. */
	private void discard(List<CommitMessage> messages) {
		for (CommitMessage message : messages) {
			CommitMessageImpl impl = (CommitMessageImpl) message;
			Set<String> existing = new HashSet<>();
			impl.compactIncrement().compactBefore().forEach((file) -> existing.add(file.fileName()));
			DataFilePathFactory paths = this.table.store().pathFactory()
				.createDataFilePathFactory(impl.partition(), impl.bucket());
			List<DataFileMeta> added = new ArrayList<>(impl.compactIncrement().compactAfter());
			added.addAll(impl.compactIncrement().changelogFiles());
			for (DataFileMeta file : added) {
				if (!existing.contains(file.fileName())) {
					this.table.fileIO().deleteQuietly(paths.toPath(file));
				}
			}
		}
	}

}
