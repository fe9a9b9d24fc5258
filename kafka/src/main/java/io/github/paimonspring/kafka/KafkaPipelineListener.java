package io.github.paimonspring.kafka;

/**
 * Receives what the Kafka pipelines do, for metrics. Called on the pipelines' threads; implementations
 * must be quick and thread-safe.
 */
public interface KafkaPipelineListener {

	/** A listener that ignores everything. */
	KafkaPipelineListener NONE = new KafkaPipelineListener() {
	};

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
