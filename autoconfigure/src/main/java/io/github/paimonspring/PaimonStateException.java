package io.github.paimonspring;

/**
 * A handle was used in a state that does not allow the call: it is closed, single-use and already
 * used, or in use by another thread.
 *
 * @since 0.1.0
 */
public class PaimonStateException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message what was wrong
	 */
	public PaimonStateException(String table, String message) {
		super(table, message);
	}

}
