package io.github.paimonspring.arrow;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * Arrow data that cannot be written into a Paimon table: a schema that does not match the table,
 * or a value the table does not accept (such as a null in a {@code NOT NULL} column). Nothing has
 * been written when this is thrown for a batch.
 *
 * @since 0.1.0
 */
public class ArrowDataException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final @Nullable String column;

	private final @Nullable String expectedType;

	private final @Nullable String actualType;

	private final long row;

	/**
	 * Creates an exception about a column.
	 * @param table the table identifier
	 * @param column the column name (dotted path for nested fields), or {@code null}
	 * @param expectedType the Paimon type the table declares, or {@code null}
	 * @param actualType the Arrow type that was supplied, or {@code null}
	 * @param row the first offending row in the batch, or {@code -1}
	 * @param message the full message
	 */
	public ArrowDataException(@Nullable String table, @Nullable String column, @Nullable String expectedType,
			@Nullable String actualType, long row,
			String message) {
		super(table, message);
		this.column = column;
		this.expectedType = expectedType;
		this.actualType = actualType;
		this.row = row;
	}

	/**
	 * Returns the offending column.
	 * @return the column name, or {@code null} when the problem is not about one column
	 */
	public @Nullable String getColumn() {
		return this.column;
	}

	/**
	 * Returns the type the table declares for the column.
	 * @return the Paimon type, or {@code null}
	 */
	public @Nullable String getExpectedType() {
		return this.expectedType;
	}

	/**
	 * Returns the Arrow type that was supplied for the column.
	 * @return the Arrow type, or {@code null}
	 */
	public @Nullable String getActualType() {
		return this.actualType;
	}

	/**
	 * Returns the first offending row inside the batch.
	 * @return the zero-based row index, or {@code -1} when not about a row
	 */
	public long getRow() {
		return this.row;
	}

}
