package io.github.paimonspring.ingest;

import io.github.paimonspring.PaimonUnavailableException;

/**
 * A request reached this instance's ingest service after it had stopped (the application is shutting down):
 * nothing of the request was written, and repeating it — against another instance, or this one after its restart,
 * with the same idempotency key or channel offset — is safe. Unavailable, not a conflict: over HTTP it is a 503 with
 * {@code Retry-After}, as every other {@link PaimonUnavailableException}.
 *
 * @since 0.1.0
 */
public class IngestShutDownException extends PaimonUnavailableException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier of the refused request
	 */
	public IngestShutDownException(String table) {
		super(table, "This instance is shutting down and no longer writes table '" + table
				+ "'; nothing was written: retry the same request (another instance answers it)", null);
	}

}
