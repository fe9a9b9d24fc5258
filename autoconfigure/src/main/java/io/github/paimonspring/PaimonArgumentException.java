package io.github.paimonspring;

import org.jspecify.annotations.Nullable;

/**
 * An argument was rejected before anything was written or committed: an invalid commit user or
 * identifier, commit messages from another table, user or mode, or unreadable serialized messages.
 *
 * @since 0.1.0
 */
public class PaimonArgumentException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier, or {@code null}
	 * @param message what was wrong
	 */
	public PaimonArgumentException(@Nullable String table, String message) {
		super(table, message);
	}

	/**
	 * Creates the exception with a cause.
	 * @param table the table identifier, or {@code null}
	 * @param message what was wrong
	 * @param cause the underlying failure
	 */
	public PaimonArgumentException(@Nullable String table, String message, Throwable cause) {
		super(table, message, cause);
	}

}
