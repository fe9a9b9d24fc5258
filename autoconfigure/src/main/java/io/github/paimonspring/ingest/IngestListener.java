package io.github.paimonspring.ingest;

import java.util.List;

/**
 * Receives what the group commits do, for metrics and health. Called on the committing or requesting
 * thread; implementations must be quick and thread-safe.
 *
 * @since 0.1.0
 */
public interface IngestListener {

	/** A listener that ignores everything. */
	IngestListener NONE = new IngestListener() {
	};

	/**
	 * Returns a listener that tells each of the given listeners, in order.
	 * @param listeners the listeners
	 * @return {@link #NONE} for none, the listener itself for one
	 */
	static IngestListener composite(List<? extends IngestListener> listeners) {
		if (listeners.size() < 2) {
			return listeners.isEmpty() ? NONE : listeners.get(0);
		}
		List<IngestListener> all = List.copyOf(listeners);
		return new IngestListener() {

			@Override
			public void queued(String table, int requests, long bytes) {
				all.forEach((listener) -> listener.queued(table, requests, bytes));
			}

			@Override
			public void committed(String table, int requests, long rows, long commitNanos) {
				all.forEach((listener) -> listener.committed(table, requests, rows, commitNanos));
			}

			@Override
			public void acknowledged(String table, long latencyNanos) {
				all.forEach((listener) -> listener.acknowledged(table, latencyNanos));
			}

			@Override
			public void failed(String table, Throwable cause) {
				all.forEach((listener) -> listener.failed(table, cause));
			}

		};
	}

	/**
	 * A request joined a group.
	 * @param table the table identifier
	 * @param requests the requests in the group now
	 * @param bytes the Arrow bytes in the group now
	 */
	default void queued(String table, int requests, long bytes) {
	}

	/**
	 * A group was committed.
	 * @param table the table identifier
	 * @param requests the requests in the group
	 * @param rows the rows in the group
	 * @param commitNanos how long the commit took
	 */
	default void committed(String table, int requests, long rows, long commitNanos) {
	}

	/**
	 * A request was acknowledged.
	 * @param table the table identifier
	 * @param latencyNanos the time from its arrival at the group to its acknowledgement
	 */
	default void acknowledged(String table, long latencyNanos) {
	}

	/**
	 * A group failed; its requests get a retryable failure.
	 * @param table the table identifier
	 * @param cause the failure
	 */
	default void failed(String table, Throwable cause) {
	}

}
