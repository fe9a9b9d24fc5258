package io.github.paimonspring.ingest;

import io.github.paimonspring.PaimonException;

/**
 * A request was refused because the table buffers too much data waiting for commits, or its
 * idempotency key is being committed by another instance; nothing was written. Retry later.
 */
public class IngestBusyException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message why the request was refused
	 */
	public IngestBusyException(String table, String message) {
		super(table, message);
	}

}
