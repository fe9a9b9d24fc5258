package io.github.paimonspring;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * A commit did not happen because something was unavailable, not because of a conflict: the catalog
 * or the storage could not be reached, the table's commit lock could not be acquired in time, or
 * Paimon gave up after its commit retries while other writers were committing. Nothing was committed;
 * repeating the same commit later (with the same identifier or idempotency key) is safe.
 *
 * @since 0.1.0
 */
public class PaimonUnavailableException extends PaimonCommitException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier, or {@code null} when the failure concerns no single table
	 * @param message what was unavailable
	 * @param cause the underlying failure, or {@code null}
	 */
	public PaimonUnavailableException(@Nullable String table, String message, @Nullable Throwable cause) {
		super(table, message, cause);
	}

	/**
	 * Returns whether a commit failure means "retry later" rather than a conflict: a database,
	 * network or I/O failure anywhere in its causes, a commit lock not acquired, or Paimon's commit
	 * retries exhausted.
	 * @param failure the failure of a commit
	 * @return {@code true} when the commit may simply be repeated later
	 */
	public static boolean isUnavailable(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLException || cause instanceof SocketException
					|| cause instanceof SocketTimeoutException || cause instanceof UnknownHostException
					|| (cause instanceof IOException && !(cause instanceof FileNotFoundException))) {
				return true;
			}
			String message = String.valueOf(cause.getMessage());
			if (message.startsWith("Acquire lock failed") || (message.startsWith("Commit failed after")
					&& message.contains("retries"))) {
				return true;
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return false;
	}

}
