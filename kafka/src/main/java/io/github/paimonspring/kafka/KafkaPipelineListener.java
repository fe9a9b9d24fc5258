package io.github.paimonspring.kafka;

import java.util.List;

/**
 * Receives what the Kafka pipelines do, for metrics. Called on the pipelines' threads; implementations
 * must be quick and thread-safe.
 */
public interface KafkaPipelineListener {

	/** A listener that ignores everything. */
	KafkaPipelineListener NONE = new KafkaPipelineListener() {
	};

	/**
	 * Returns a listener that tells each of the given listeners, in order.
	 * @param listeners the listeners
	 * @return {@link #NONE} for none, the listener itself for one
	 */
	static KafkaPipelineListener composite(List<? extends KafkaPipelineListener> listeners) {
		if (listeners.size() < 2) {
			return listeners.isEmpty() ? NONE : listeners.get(0);
		}
		List<KafkaPipelineListener> all = List.copyOf(listeners);
		return new KafkaPipelineListener() {

			@Override
			public void appended(String pipeline, int records, long rows, long latencyNanos) {
				all.forEach((listener) -> listener.appended(pipeline, records, rows, latencyNanos));
			}

			@Override
			public void appendFailed(String pipeline, Throwable cause) {
				all.forEach((listener) -> listener.appendFailed(pipeline, cause));
			}

			@Override
			public void deadLettered(String pipeline, BadRecordException.Reason reason) {
				all.forEach((listener) -> listener.deadLettered(pipeline, reason));
			}

			@Override
			public void skipped(String pipeline) {
				all.forEach((listener) -> listener.skipped(pipeline));
			}

		};
	}

	/**
	 * An append was committed (or answered as a duplicate of a committed one).
	 * @param pipeline the pipeline name
	 * @param records the records it covers (bad and skipped ones included)
	 * @param rows the rows it wrote
	 * @param latencyNanos the time from sending it to its commit
	 */
	default void appended(String pipeline, int records, long rows, long latencyNanos) {
	}

	/**
	 * An append failed; its partition resumes from the committed offset token.
	 * @param pipeline the pipeline name
	 * @param cause the failure
	 */
	default void appendFailed(String pipeline, Throwable cause) {
	}

	/**
	 * A record could not be written and was published to the dead-letter topic.
	 * @param pipeline the pipeline name
	 * @param reason why
	 */
	default void deadLettered(String pipeline, BadRecordException.Reason reason) {
	}

	/**
	 * A tombstone was skipped ({@code tombstones = skip}).
	 * @param pipeline the pipeline name
	 */
	default void skipped(String pipeline) {
	}

}
