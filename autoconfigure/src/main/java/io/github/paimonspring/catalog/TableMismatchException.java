package io.github.paimonspring.catalog;

/**
 * The table configured under {@code paimon.tables} exists with a schema other than the declared one
 * (a field's type, a missing or extra field, the primary or partition keys). Either the declaration or
 * the table must change.
 *
 * @since 0.1.0
 */
public class TableMismatchException extends TableDefinitionException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message every difference, naming the table and fields
	 */
	public TableMismatchException(String table, String message) {
		super(table, message, null);
	}

}
