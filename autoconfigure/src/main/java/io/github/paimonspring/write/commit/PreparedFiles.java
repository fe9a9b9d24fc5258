package io.github.paimonspring.write.commit;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.source.ScanMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data files of prepared commit messages against the table's snapshots: which of them a snapshot
 * references (the latest snapshot's live files and the files added by snapshots since the oldest of
 * them was written), and the safe abort that deletes only the others.
 */
public final class PreparedFiles {

	private static final Logger logger = LoggerFactory.getLogger(PreparedFiles.class);

	/** How far before the oldest file's creation time abort looks for snapshots that added it. */
	private static final long ABORT_CLOCK_SKEW_MILLIS = 10 * 60 * 1000L;

	private static final int ABORT_MAX_SNAPSHOTS_CHECKED = 2000;

	private final String name;

	private final FileStoreTable table;

	/**
	 * Creates the view of one table.
	 * @param name the table identifier used in messages
	 * @param table the table
	 */
	PreparedFiles(String name, FileStoreTable table) {
		this.name = name;
		this.table = table;
	}

	/**
	 * Returns the names of the data files a message adds (new, changelog and compacted files).
	 * @param message the message
	 * @return the file names
	 */
	public static Set<String> fileNames(CommitMessageImpl message) {
		Set<String> names = new HashSet<>();
		message.newFilesIncrement().newFiles().forEach((f) -> names.add(f.fileName()));
		message.newFilesIncrement().changelogFiles().forEach((f) -> names.add(f.fileName()));
		message.compactIncrement().compactAfter().forEach((f) -> names.add(f.fileName()));
		message.compactIncrement().changelogFiles().forEach((f) -> names.add(f.fileName()));
		return names;
	}

	/**
	 * Deletes the data files of messages that will not be committed. Best effort, and safe after a
	 * commit: files that a snapshot of the table references are never deleted.
	 * @param all the prepared messages
	 * @return the number of files deleted
	 */
	int abort(List<CommitMessage> all) {
		FileStoreTable table = this.table;
		Set<String> candidates = new HashSet<>();
		for (CommitMessage message : all) {
			candidates.addAll(fileNames((CommitMessageImpl) message));
		}
		if (candidates.isEmpty()) {
			return 0;
		}
		Set<String> committed = committedFiles(table, all, candidates);
		FileIO fileIO = table.fileIO();
		int deleted = 0;
		for (CommitMessage message : all) {
			CommitMessageImpl impl = (CommitMessageImpl) message;
			DataFilePathFactory paths = table.store().pathFactory().createDataFilePathFactory(impl.partition(),
					impl.bucket());
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
				catch (IOException | RuntimeException ex) {
					logger.warn("Abort on table '{}' could not delete {}: {}", this.name, file.fileName(),
							ex.getMessage());
				}
			}
		}
		if (!committed.isEmpty()) {
			logger.info("Abort on table '{}' kept {} file(s) that committed snapshots reference", this.name,
					committed.size());
		}
		return deleted;
	}

	/**
	 * Returns the files of these messages that a snapshot of the table references, so a caller can
	 * tell whether messages were already committed.
	 * @param messages the messages
	 * @return the names of their files that are committed
	 */
	Set<String> committedFileNames(List<CommitMessage> messages) {
		Set<String> candidates = new HashSet<>();
		for (CommitMessage message : messages) {
			candidates.addAll(fileNames((CommitMessageImpl) message));
		}
		return candidates.isEmpty() ? candidates : committedFiles(this.table, messages, candidates);
	}

	/**
	 * Finds which candidate files a snapshot of the table references: the latest snapshot's live files
	 * and the files added by snapshots created since the oldest candidate was written.
	 */
	private Set<String> committedFiles(FileStoreTable table, List<CommitMessage> messages, Set<String> candidates) {
		Set<String> found = new HashSet<>();
		Long latest = table.snapshotManager().latestSnapshotIdFromFileSystem();
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
				logger.warn("Abort on table '{}' could not check all snapshots; keeping every file to be safe",
						this.name);
				return candidates;
			}
			table.store().newScan().withSnapshot(snapshot).withKind(ScanMode.DELTA).withPartitionFilter(partitions)
				.withDataFileNameFilter(candidates::contains).readFileIterator()
				.forEachRemaining((entry) -> found.add(entry.file().fileName()));
		}
		return found;
	}

}
