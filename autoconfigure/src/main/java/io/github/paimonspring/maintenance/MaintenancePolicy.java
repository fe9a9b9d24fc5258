package io.github.paimonspring.maintenance;

/**
 * How the scheduled maintenance treats one table.
 *
 * @param enabled whether the table is maintained on the schedule at all (operations on demand still
 * work)
 * @param minFiles compact once one bucket of one partition holds this many data files (pending
 * postpone-bucket files are always compacted)
 * @since 0.1.0
 */
public record MaintenancePolicy(boolean enabled, int minFiles) {

	/**
	 * Creates the policy.
	 * @param enabled whether the table is maintained on the schedule
	 * @param minFiles at least 1
	 */
	public MaintenancePolicy {
		if (minFiles < 1) {
			throw new IllegalArgumentException("minFiles must be at least 1, got " + minFiles);
		}
	}

}
