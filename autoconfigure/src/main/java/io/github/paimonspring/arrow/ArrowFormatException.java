package io.github.paimonspring.arrow;

import io.github.paimonspring.PaimonException;

/**
 * An Arrow IPC stream could not be read: it is truncated, malformed, or not Arrow at all. Batches
 * read before the failure may have been written but nothing was committed.
 */
public class ArrowFormatException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table being written, or {@code null}
	 * @param message what could not be read
	 * @param cause the reader's failure, or {@code null}
	 */
	public ArrowFormatException(String table, String message, Throwable cause) {
		super(table, message, cause);
	}

}
