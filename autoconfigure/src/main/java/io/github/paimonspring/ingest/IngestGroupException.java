package io.github.paimonspring.ingest;

import io.github.paimonspring.PaimonCommitException;
import org.jspecify.annotations.Nullable;

/**
 * The group commit that contained a request failed: nothing of the group is visible and its files
 * were deleted. Retrying the request (with the same idempotency key) is safe.
 *
 * @since 0.1.0
 */
public class IngestGroupException extends PaimonCommitException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message what failed
	 * @param cause the failure, or {@code null}
	 */
	public IngestGroupException(String table, String message, @Nullable Throwable cause) {
		super(table, message, cause);
	}

}
