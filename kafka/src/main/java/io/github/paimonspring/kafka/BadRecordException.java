package io.github.paimonspring.kafka;

import java.util.Locale;

import io.github.paimonspring.PaimonException;

/**
 * A Kafka record that cannot be written into its table: it goes to the dead-letter topic with this
 * message as its reason, or stops the pipeline. The message names the topic, partition, offset and,
 * where it is about one, the column.
 */
public class BadRecordException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/** Why a record is bad, as counted in the metrics ({@code reason} tag) and set in a header. */
	public enum Reason {

		/** The value is not a JSON object or an Arrow IPC stream. */
		MALFORMED,

		/** The value does not fit the table: a wrong type, a NOT NULL column without a value, an unknown field. */
		MISMATCH,

		/** The value is larger than {@code max-record-size}. */
		TOO_LARGE,

		/** A tombstone (null value) that the pipeline does not take. */
		TOMBSTONE;

		/**
		 * Returns the reason as a tag value, such as {@code too-large}.
		 * @return the lower-case value
		 */
		public String value() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

	}

	private final Reason reason;

	/**
	 * Creates the exception.
	 * @param reason why the record is bad
	 * @param message the message, naming the column where there is one
	 */
	public BadRecordException(Reason reason, String message) {
		super(null, message);
		this.reason = reason;
	}

	/**
	 * Creates the exception with a cause.
	 * @param reason why the record is bad
	 * @param message the message
	 * @param cause the cause
	 */
	public BadRecordException(Reason reason, String message, Throwable cause) {
		super(null, message, cause);
		this.reason = reason;
	}

	/**
	 * Returns why the record is bad.
	 * @return the reason
	 */
	public Reason reason() {
		return this.reason;
	}

}
