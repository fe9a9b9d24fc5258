package io.github.paimonspring;

import org.jspecify.annotations.Nullable;

/**
 * A commit was rejected or failed, for example because of a conflict with a concurrent commit. The
 * commit messages stay valid: they can be retried with an identifier or aborted.
 *
 * @since 0.1.0
 */
public class PaimonCommitException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message what failed
	 * @param cause the underlying failure, or {@code null}
	 */
	public PaimonCommitException(@Nullable String table, String message, @Nullable Throwable cause) {
		super(table, message, cause);
	}

}
