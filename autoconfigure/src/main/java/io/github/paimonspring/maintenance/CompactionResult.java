package io.github.paimonspring.maintenance;

import org.jspecify.annotations.Nullable;

/**
 * What a compaction of one table did.
 *
 * @param table the table identifier
 * @param filesBefore the data files the compaction rewrote
 * @param filesAfter the data files it wrote in their place
 * @param snapshotId the {@code COMPACT} snapshot, or {@code null} when there was nothing to compact
 * @since 0.1.0
 */
public record CompactionResult(String table, int filesBefore, int filesAfter, @Nullable Long snapshotId) {

	/**
	 * Returns whether a compaction was committed.
	 * @return {@code true} when a snapshot was written
	 */
	public boolean compacted() {
		return this.snapshotId != null;
	}

}
