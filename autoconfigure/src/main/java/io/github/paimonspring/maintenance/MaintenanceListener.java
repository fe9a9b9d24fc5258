package io.github.paimonspring.maintenance;

import org.jspecify.annotations.Nullable;

/**
 * Told about every scheduled maintenance run, for metrics.
 */
public interface MaintenanceListener {

	/** A listener that does nothing. */
	MaintenanceListener NONE = (run, state) -> {
	};

	/**
	 * A run of a table ended (also when it failed).
	 * @param run what the run did
	 * @param state the table as the run left it, or {@code null} if it could not be observed
	 */
	void ran(MaintenanceRun run, @Nullable TableState state);

}
