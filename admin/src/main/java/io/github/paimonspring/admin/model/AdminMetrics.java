package io.github.paimonspring.admin.model;

import java.time.Duration;

/**
 * Receives what the admin API writes, commits and aborts, per table; the actuator module records it
 * with Micrometer.
 */
public interface AdminMetrics {

	/** Metrics that record nothing. */
	AdminMetrics NONE = new AdminMetrics() {
	};

	/**
	 * Records rows and bytes written into a table.
	 * @param table the table identifier
	 * @param rows rows written
	 * @param bytes request bytes read
	 */
	default void written(String table, long rows, long bytes) {
	}

	/**
	 * Records a commit attempt.
	 * @param table the table identifier
	 * @param latency how long the commit took
	 * @param committed whether a snapshot was created
	 */
	default void committed(String table, Duration latency, boolean committed) {
	}

	/**
	 * Records an abort (explicit, failed or expired).
	 * @param table the table identifier
	 */
	default void aborted(String table) {
	}

}
