package io.github.paimonspring.maintenance;

/**
 * What a table's latest snapshot looks like to the maintenance: what triggers a compaction, and what
 * the actuator and metrics report.
 *
 * @param table the table identifier
 * @param files the live data files
 * @param bytes their total size
 * @param maxFilesPerBucket the most data files in one bucket of one partition
 * @param snapshots the retained snapshots
 * @param pendingPostponeFiles data files in {@code bucket-postpone} directories, which readers do not
 * see until a compaction moves them into real buckets
 * @since 0.1.0
 */
public record TableState(String table, long files, long bytes, long maxFilesPerBucket, long snapshots,
		long pendingPostponeFiles) {
}
