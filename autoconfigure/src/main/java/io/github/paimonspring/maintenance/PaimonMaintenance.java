package io.github.paimonspring.maintenance;

import java.util.List;
import java.util.Map;

/**
 * Maintains Paimon tables from Java, in this process and without a second engine: what the scheduled
 * maintenance and the admin endpoints do, on demand. Every operation names a table by its
 * {@code paimon.tables} name or as {@code database.table}; none of them loses or duplicates a row
 * written concurrently, and one that conflicts with a concurrent commit fails with a
 * {@link io.github.paimonspring.PaimonCommitException} and can be repeated.
 *
 * @since 0.1.0
 */
public interface PaimonMaintenance {

	/**
	 * Compacts a table: small files of an append table, the sorted runs of a primary-key table's fixed
	 * buckets, or the pending rows of a postpone-bucket table into real buckets.
	 * @param table the table
	 * @param full for primary-key tables, whether every bucket becomes one sorted run
	 * @return what was compacted
	 */
	CompactionResult compact(String table, boolean full);

	/**
	 * Expires snapshots as the table's {@code snapshot.*} options say, also for {@code write-only}
	 * tables.
	 * @param table the table
	 * @return the number of snapshots expired
	 */
	int expireSnapshots(String table);

	/**
	 * Drops the partitions whose time ran out, as the table's {@code partition.expiration-*} options say.
	 * @param table the table
	 * @return the dropped partitions
	 */
	List<Map<String, String>> expirePartitions(String table);

	/**
	 * Removes (or lists) the files no snapshot references, keeping everything a live transaction on any
	 * instance may still commit.
	 * @param table the table
	 * @param dryRun whether to only report what would be removed
	 * @return what was removed
	 */
	OrphanFilesResult removeOrphanFiles(String table, boolean dryRun);

	/**
	 * Observes the table's latest snapshot: files, bytes, spread, snapshots and pending postpone files.
	 * @param table the table
	 * @return the state
	 */
	TableState observe(String table);

}
