package io.github.paimonspring.maintenance;

/**
 * Removes a table's orphan files: data files no snapshot references and no writer will commit. The
 * auto-configuration's cleanup keeps the files of live instances and of staged transactions, and only removes
 * files older than {@code paimon.maintenance.orphan-files-older-than}; {@link TableMaintenance#removeOrphanFiles}
 * runs it.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface OrphanFileCleanup {

	/**
	 * Removes (or, in a dry run, lists) a table's orphan files.
	 * @param table the table identifier
	 * @param dryRun whether to list them without removing them
	 * @return what was found and removed
	 */
	OrphanFilesResult remove(String table, boolean dryRun);

}
