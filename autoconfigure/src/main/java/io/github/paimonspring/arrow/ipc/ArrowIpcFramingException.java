package io.github.paimonspring.arrow.ipc;

import java.io.EOFException;

/**
 * The input is not a well-formed Arrow IPC stream, or one of its messages is beyond the
 * {@link ArrowIpcLimits}: refused before Arrow read it.
 *
 * @since 0.1.0
 */
public class ArrowIpcFramingException extends EOFException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param message what is wrong, naming the message and the limit
	 */
	public ArrowIpcFramingException(String message) {
		super(message);
	}

}
