package io.github.paimonspring.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.operation.FileStoreScan;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * The live data files of one snapshot of a table, by partition and bucket, from Paimon's manifests.
 */
final class BucketFiles {

	private final FileStoreTable table;

	private final @Nullable Snapshot snapshot;

	private BucketFiles(FileStoreTable table, @Nullable Snapshot snapshot) {
		this.table = table;
		this.snapshot = snapshot;
	}

	/** The files of the snapshot the rows read: the pinned one, else the latest. */
	static BucketFiles of(TableRows rows) {
		if (!(rows.table() instanceof FileStoreTable table)) {
			throw new IllegalArgumentException("Table '" + rows.table().fullName() + "' is a "
					+ rows.table().getClass().getSimpleName() + ", which has no data files to count");
		}
		Long pinned = rows.snapshotId();
		Snapshot snapshot = (pinned != null) ? table.snapshot(pinned) : table.latestSnapshot().orElse(null);
		return new BucketFiles(table, snapshot);
	}

	static long snapshotCount(Table table) {
		if (!(table instanceof FileStoreTable fileStoreTable)) {
			throw new IllegalArgumentException("Table '" + table.fullName()
					+ "' is a " + table.getClass().getSimpleName()
					+ ", which has no snapshots to count");
		}
		try {
			return fileStoreTable.snapshotManager().snapshotCount();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot count the snapshots of table '" + table.fullName() + "'", ex);
		}
	}

	/**
	 * Returns a message naming the first bucket with more than {@code max} files, or {@code null}.
	 */
	@Nullable String firstOver(int max) {
		if (this.snapshot == null) {
			return null;
		}
		FileStoreScan scan = this.table.store().newScan().withSnapshot(this.snapshot);
		Map<BinaryRow, Map<Integer, List<ManifestEntry>>> files = FileStoreScan.Plan.groupByPartFiles(scan.plan()
				.files());
		RowType partitionType = this.table.rowType().project(this.table.partitionKeys());
		for (Map.Entry<BinaryRow, Map<Integer, List<ManifestEntry>>> partition : files.entrySet()) {
			for (Map.Entry<Integer, List<ManifestEntry>> bucket : partition.getValue().entrySet()) {
				List<ManifestEntry> entries = bucket.getValue();
				if (entries.size() > max) {
					return "Expected at most " + max + " data file(s) per bucket in table '" + this.table.fullName()
							+ "' (snapshot " + this.snapshot.id() + "), but bucket " + bucket.getKey()
							+ partitionText(partition.getKey(), partitionType) + " has " + entries.size() + ": "
							+ entries.stream().map((e) -> e.file().fileName() + " (level " + e.file().level() + ", "
									+ e.file().rowCount() + " rows)").collect(Collectors.joining(", "));
				}
			}
		}
		return null;
	}

	private static String partitionText(BinaryRow partition, RowType partitionType) {
		if (partitionType.getFieldCount() == 0) {
			return "";
		}
		return " of partition " + RowValues.toMap(partition, partitionType).entrySet().stream()
			.map((e) -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
	}

}
