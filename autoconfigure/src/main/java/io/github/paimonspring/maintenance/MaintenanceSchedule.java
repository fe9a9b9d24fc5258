package io.github.paimonspring.maintenance;

import java.util.List;

/**
 * What the scheduled maintenance of this instance does for a table: whether its rounds maintain it, whether
 * {@code paimon.maintenance.exclude} keeps it out, and the last runs. The auto-configuration's scheduler
 * (when {@code paimon.maintenance.enabled}) is one.
 *
 * @since 0.1.0
 */
public interface MaintenanceSchedule {

	/**
	 * Returns whether the scheduled rounds maintain a table: it is in the scope and its policy is enabled.
	 * @param table the table identifier
	 * @return {@code true} when its rounds maintain the table
	 */
	boolean maintains(String table);

	/**
	 * Returns whether a table is excluded from the scheduled rounds.
	 * @param table the table identifier
	 * @return {@code true} when {@code paimon.maintenance.exclude} names it
	 */
	boolean excludes(String table);

	/**
	 * Returns the last runs of a table, oldest first.
	 * @param table the table identifier
	 * @return the runs
	 */
	List<MaintenanceRun> runs(String table);

}
