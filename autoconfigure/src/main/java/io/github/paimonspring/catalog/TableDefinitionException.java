package io.github.paimonspring.catalog;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * A table configured under {@code paimon.tables} cannot be used: its declaration is invalid (for
 * example a bad type string) or the existing table differs from the declared schema.
 *
 * @since 0.1.0
 */
public class TableDefinitionException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message the problem, naming the table and field
	 * @param cause the underlying failure, or {@code null}
	 */
	public TableDefinitionException(String table, String message, @Nullable Throwable cause) {
		super(table, message, cause);
	}

}
