package io.github.paimonspring.kafka;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * A Kafka pipeline that cannot run: a configuration that does not fit its table (naming the property),
 * or the reason it stopped.
 */
public class KafkaPipelineException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier, or {@code null}
	 * @param message the message
	 */
	public KafkaPipelineException(@Nullable String table, String message) {
		super(table, message);
	}

	/**
	 * Creates the exception with a cause.
	 * @param table the table identifier, or {@code null}
	 * @param message the message
	 * @param cause the cause
	 */
	public KafkaPipelineException(@Nullable String table, String message, @Nullable Throwable cause) {
		super(table, message, cause);
	}

}
