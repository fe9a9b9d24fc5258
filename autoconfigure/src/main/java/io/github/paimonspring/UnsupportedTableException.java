package io.github.paimonspring;

/**
 * The table cannot be written by this path, for example a format table, a table with a
 * time-travel option, or a cross-partition dynamic-bucket table.
 *
 * @since 0.1.0
 */
public class UnsupportedTableException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message why the table is not supported and what to do instead
	 */
	public UnsupportedTableException(String table, String message) {
		super(table, message);
	}

}
