package io.github.paimonspring.maintenance;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Told about every scheduled maintenance run, for metrics.
 *
 * @since 0.1.0
 */
public interface MaintenanceListener {

	/** A listener that does nothing. */
	MaintenanceListener NONE = (run, state) -> {
	};

	/**
	 * Returns a listener that tells each of the given listeners, in order.
	 * @param listeners the listeners
	 * @return {@link #NONE} for none, the listener itself for one
	 */
	static MaintenanceListener composite(List<? extends MaintenanceListener> listeners) {
		if (listeners.size() < 2) {
			return listeners.isEmpty() ? NONE : listeners.get(0);
		}
		List<MaintenanceListener> all = List.copyOf(listeners);
		return (run, state) -> all.forEach((listener) -> listener.ran(run, state));
	}

	/**
	 * A run of a table ended (also when it failed).
	 * @param run what the run did
	 * @param state the table as the run left it, or {@code null} if it could not be observed
	 */
	void ran(MaintenanceRun run, @Nullable TableState state);

}
