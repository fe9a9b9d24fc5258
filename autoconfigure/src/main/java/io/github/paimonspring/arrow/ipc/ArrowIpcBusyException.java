package io.github.paimonspring.arrow.ipc;

import java.io.IOException;

/**
 * The Arrow memory a batch needs is in use now: the same input may be sent again later.
 *
 * @since 0.1.0
 */
public class ArrowIpcBusyException extends IOException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param message what is busy, naming the budget
	 */
	public ArrowIpcBusyException(String message) {
		super(message);
	}

	/**
	 * Returns the message, never {@code null}.
	 * @return the message given, or the class's name
	 */
	@Override
	public String getMessage() {
		String message = super.getMessage();
		return (message != null) ? message : getClass().getSimpleName();
	}

}
