package io.github.paimonspring.arrow;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * Arrow input that is not well formed: a malformed or truncated IPC stream, or a record batch whose
 * buffers are inconsistent with its row count (offsets out of range, buffers too short). Nothing has
 * been written from the offending batch when this is thrown.
 *
 * @since 0.1.0
 */
public class ArrowFormatException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final @Nullable String column;

	/**
	 * Creates an exception about the stream as a whole.
	 * @param table the table identifier
	 * @param message the full message
	 * @param cause the cause, or {@code null}
	 */
	public ArrowFormatException(String table, String message, @Nullable Throwable cause) {
		this(table, null, message, cause);
	}

	/**
	 * Creates an exception about one column's buffers.
	 * @param table the table identifier
	 * @param column the column path, or {@code null}
	 * @param message the full message
	 * @param cause the cause, or {@code null}
	 */
	public ArrowFormatException(String table, @Nullable String column, String message, @Nullable Throwable cause) {
		super(table, message, cause);
		this.column = column;
	}

	/**
	 * Returns the column whose buffers are malformed.
	 * @return the column path, or {@code null} when the problem is not about one column
	 */
	public @Nullable String getColumn() {
		return this.column;
	}

}
