package io.github.paimonspring.kafka.bench;

import java.nio.file.Files;

import org.apache.paimon.Snapshot;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;

/**
 * Reads, from outside the writing JVM, how many rows a Paimon table on the local file system has committed: the
 * {@code totalRecordCount} of its latest snapshot, through Paimon's own snapshot manager.
 */
final class SnapshotProbe {

	private final String tableDirectory;

	private FileStoreTable table;

	/**
	 * Creates a probe of a table that may not exist yet.
	 * @param tableDirectory the table's directory (for example {@code <warehouse>/default.db/events})
	 */
	SnapshotProbe(java.nio.file.Path tableDirectory) {
		this.tableDirectory = tableDirectory.toAbsolutePath().toString();
	}

	/**
	 * Returns the rows of the latest snapshot.
	 * @return the latest snapshot's total record count; 0 while the table or its first snapshot does not exist
	 */
	long committedRecords() {
		if (this.table == null) {
			if (!Files.isDirectory(java.nio.file.Path.of(this.tableDirectory, "snapshot"))) {
				return 0;
			}
			this.table = FileStoreTableFactory.create(LocalFileIO.create(), new Path(this.tableDirectory));
		}
		Snapshot latest = this.table.snapshotManager().latestSnapshot();
		return (latest != null) ? latest.totalRecordCount() : 0;
	}

}
