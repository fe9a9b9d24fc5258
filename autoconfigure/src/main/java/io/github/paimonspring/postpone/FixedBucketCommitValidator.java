package io.github.paimonspring.postpone;

import java.io.FileNotFoundException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.manifest.FileKind;
import org.apache.paimon.manifest.SimpleFileEntry;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.source.ScanMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commit-time checks for fixed-bucket messages on a postpone table, beyond Paimon's own
 * conflict detection: valid buckets, one writer per (partition, bucket), one bucket count per
 * partition (also against the committed layout), no mixing with {@code bucket-postpone} files, and no
 * concurrent commit into the owned partitions and buckets since the writers started.
 */
final class FixedBucketCommitValidator {

	private static final Logger logger = LoggerFactory.getLogger(FixedBucketCommitValidator.class);

	private record Owned(BinaryRow partition, int bucket) {
	}

	private FixedBucketCommitValidator() {
	}

	static void validate(String table, FileStoreTable fileStoreTable, List<CommitMessage> messages, boolean overwrite,
			long checkFromSnapshot) {
		Map<BinaryRow, Integer> totals = new HashMap<>();
		Set<Owned> owned = new HashSet<>();
		for (CommitMessage message : messages) {
			Integer total = message.totalBuckets();
			int bucket = message.bucket();
			if (total == null || total <= 0 || bucket < 0 || bucket >= total) {
				throw conflict(table, "Invalid fixed bucket " + bucket + " for total_buckets=" + total
						+ "; expected a bucket in [0, " + total + ")");
			}
			if (!owned.add(new Owned(message.partition(), bucket))) {
				throw conflict(table, "Postpone fixed-bucket writer ownership conflict for bucket " + bucket
						+ ": route all rows for one partition and bucket to a single writer");
			}
			Integer previous = totals.putIfAbsent(message.partition(), total);
			if (previous != null && !previous.equals(total)) {
				throw conflict(table, "Fixed-bucket conflict: one partition uses different total bucket counts "
						+ previous + " and " + total);
			}
		}
		if (totals.isEmpty()) {
			return;
		}
		Long latest = fileStoreTable.snapshotManager().latestSnapshotIdFromFileSystem();
		if (latest == null) {
			return;
		}
		List<BinaryRow> partitions = List.copyOf(totals.keySet());
		if (!overwrite) {
			for (SimpleFileEntry entry : fileStoreTable.store().newScan().withSnapshot(latest)
				.withPartitionFilter(partitions).readSimpleEntries()) {
				if (entry.bucket() == BucketMode.POSTPONE_BUCKET) {
					throw conflict(table, "Cannot mix bucket=-2 files and fixed buckets in the same partition; "
							+ "use a complete overwrite to migrate the partition");
				}
				Integer planned = totals.get(entry.partition());
				if (entry.totalBuckets() > 0 && planned != null && entry.totalBuckets() != planned) {
					throw conflict(table, "Fixed-bucket conflict: one partition uses different total bucket counts "
							+ entry.totalBuckets() + " and " + planned + " (the committed layout has "
							+ entry.totalBuckets() + " buckets; the plan has " + planned
							+ "; use an overwrite to rescale the partition)");
				}
			}
		}
		for (long id = checkFromSnapshot + 1; id <= latest; id++) {
			Snapshot snapshot;
			try {
				snapshot = fileStoreTable.snapshotManager().tryGetSnapshot(id);
			}
			catch (FileNotFoundException ex) {
				logger.warn("Snapshot {} of table '{}' expired before the fixed-bucket commit could check it", id,
						table);
				continue;
			}
			if (snapshot.commitKind() == Snapshot.CommitKind.ANALYZE) {
				continue;
			}
			List<SimpleFileEntry> delta = fileStoreTable.store().newScan().withSnapshot(snapshot)
				.withKind(ScanMode.DELTA).withPartitionFilter(partitions).readSimpleEntries();
			if (snapshot.commitKind() == Snapshot.CommitKind.COMPACT) {
				// a compaction rewrites rows a bucket holds already, except a postpone compaction, which
				// moves postponed rows into the buckets (with sequence numbers this writer does not know)
				if (delta.stream().anyMatch((entry) -> entry.kind() == FileKind.DELETE
						&& entry.bucket() == BucketMode.POSTPONE_BUCKET)) {
					throw conflict(table,
							"Postpone fixed-bucket writer conflict: a postpone compaction moved rows into "
							+ "the same partition's buckets after snapshot " + checkFromSnapshot + "; retry the batch");
				}
				continue;
			}
			if (overwrite && !delta.isEmpty()) {
				throw conflict(table,
						"Postpone fixed-bucket overwrite conflict: another commit wrote the same partition after "
								+ "snapshot "
						+ checkFromSnapshot);
			}
			for (SimpleFileEntry entry : delta) {
				if (entry.kind() != FileKind.ADD) {
					continue;
				}
				if (entry.bucket() == BucketMode.POSTPONE_BUCKET) {
					throw conflict(table,
							"Postpone fixed-bucket writer conflict: another commit wrote bucket=-2 files for the same "
									+ "partition after snapshot "
							+ checkFromSnapshot);
				}
				if (owned.contains(new Owned(entry.partition(), entry.bucket()))) {
					throw conflict(table, "Postpone fixed-bucket writer ownership conflict for bucket " + entry.bucket()
							+ ": another commit wrote the same partition and bucket after snapshot "
							+ checkFromSnapshot);
				}
			}
		}
	}

	private static FixedBucketConflictException conflict(String table, String message) {
		return new FixedBucketConflictException(table, message + " (table '" + table + "')");
	}

}
