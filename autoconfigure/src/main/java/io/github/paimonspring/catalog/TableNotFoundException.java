package io.github.paimonspring.catalog;

import io.github.paimonspring.PaimonException;

/**
 * The requested table does not exist in the catalog, or the name is neither a configured table nor a
 * {@code database.table} identifier.
 *
 * @since 0.1.0
 */
public class TableNotFoundException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the requested name
	 * @param message what was looked up and how to fix it
	 */
	public TableNotFoundException(String table, String message) {
		super(table, message);
	}

}
