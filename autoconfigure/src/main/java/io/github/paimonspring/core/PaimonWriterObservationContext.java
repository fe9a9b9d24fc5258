package io.github.paimonspring.core;

import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * The context of a {@link PaimonWriterObservation#WRITER} observation: the table and operation when it
 * starts, and once the call succeeded the rows written, whether a snapshot was created and its id.
 * When the call failed these stay {@code null} and {@link #getError()} holds the failure.
 *
 * @since 0.1.0
 */
public class PaimonWriterObservationContext extends Observation.Context {

	private final String table;

	private final Operation operation;

	private @Nullable Long rows;

	private @Nullable Boolean committed;

	private @Nullable Long snapshotId;

	/**
	 * Creates a context.
	 * @param table the table as {@code database.table}, or the name as given when it does not resolve
	 * @param operation the template operation
	 */
	public PaimonWriterObservationContext(String table, Operation operation) {
		this.table = table;
		this.operation = operation;
	}

	/**
	 * Returns the table.
	 * @return the table as {@code database.table}, or the name as given when it does not resolve
	 */
	public String getTable() {
		return this.table;
	}

	/**
	 * Returns the template operation observed.
	 * @return the operation
	 */
	public Operation getOperation() {
		return this.operation;
	}

	/**
	 * Returns the number of rows written.
	 * @return the rows, or {@code null} before the call succeeded
	 */
	public @Nullable Long getRows() {
		return this.rows;
	}

	/**
	 * Returns whether the commit created a snapshot.
	 * @return whether it committed, or {@code null} before the call succeeded
	 */
	public @Nullable Boolean getCommitted() {
		return this.committed;
	}

	/**
	 * Returns the id of the snapshot created.
	 * @return the snapshot id, or {@code null} when nothing was committed (yet)
	 */
	public @Nullable Long getSnapshotId() {
		return this.snapshotId;
	}

	/**
	 * Records the outcome of a call that succeeded.
	 * @param rows the rows written
	 * @param committed whether a snapshot was created
	 * @param snapshotId the snapshot created, or {@code null}
	 */
	public void setResult(long rows, boolean committed, @Nullable Long snapshotId) {
		this.rows = rows;
		this.committed = committed;
		this.snapshotId = committed ? snapshotId : null;
	}

	/**
	 * The template operations that are observed, with their {@code paimon.operation} value.
	 */
	public enum Operation {

		/** {@code write(...)}. */
		WRITE("write"),

		/** {@code overwrite(...)}. */
		OVERWRITE("overwrite"),

		/** {@code execute(builder, ...)} with a fixed-bucket plan: a one-shot write into real buckets. */
		WRITE_FIXED_BUCKETS("write-fixed-buckets"),

		/** {@code execute(...)} without a fixed-bucket plan. */
		EXECUTE("execute"),

		/** {@code truncate(table)}. */
		TRUNCATE("truncate"),

		/** {@code ingest(...)}: until the group commit completed the future. */
		INGEST("ingest"),

		/** {@code IngestChannel.append(...)}: until the group commit completed the future. */
		CHANNEL_APPEND("channel-append");

		private final String value;

		Operation(String value) {
			this.value = value;
		}

		/**
		 * Returns the value of the {@code paimon.operation} key.
		 * @return the value, such as {@code write}
		 */
		public String value() {
			return this.value;
		}

	}

}
