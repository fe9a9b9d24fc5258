package io.github.paimonspring.arrow.ipc;

import java.io.IOException;

/**
 * The input is larger than its limit of bytes, or one of its batches needs more Arrow memory than it may
 * ever have: sending it again does not help, smaller batches do.
 *
 * @since 0.1.0
 */
public class ArrowIpcLimitException extends IOException {

	private static final long serialVersionUID = 1L;

	private final long limit;

	/**
	 * Creates the exception.
	 * @param message what is too large, naming the limit
	 * @param limit the limit, in bytes
	 */
	public ArrowIpcLimitException(String message, long limit) {
		super(message);
		this.limit = limit;
	}

	/**
	 * Returns the limit that was exceeded.
	 * @return bytes
	 */
	public long limit() {
		return this.limit;
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
