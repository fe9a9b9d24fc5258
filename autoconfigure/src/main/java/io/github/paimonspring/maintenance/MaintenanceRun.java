package io.github.paimonspring.maintenance;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One scheduled maintenance run of a table.
 *
 * @param table the table identifier
 * @param instance the instance that ran it
 * @param started when it started
 * @param finished when it finished
 * @param compaction what the compaction did, or {@code null} when none was due or it failed
 * @param expiredSnapshots the snapshots expired
 * @param expiredPartitions the partitions dropped because their time ran out
 * @param orphanFiles what the orphan-file cleanup removed, or {@code null} when none was due
 * @param error why the run failed, or {@code null}
 * @since 0.1.0
 */
public record MaintenanceRun(String table, String instance, Instant started, Instant finished,
		@Nullable CompactionResult compaction, int expiredSnapshots, int expiredPartitions,
		@Nullable OrphanFilesResult orphanFiles,
		@Nullable String error) {
}
