package io.github.paimonspring;

import org.jspecify.annotations.Nullable;

/**
 * Root of every unchecked exception thrown by the Paimon starter. Messages name the table, column or
 * option involved so that they can be shown to an operator as they are.
 *
 * @since 0.1.0
 */
public class PaimonException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final @Nullable String table;

	/**
	 * Creates an exception about the given table (may be {@code null} when no table is involved).
	 * @param table the table identifier or bean name, or {@code null}
	 * @param message the message, already naming what went wrong
	 */
	public PaimonException(@Nullable String table, String message) {
		this(table, message, null);
	}

	/**
	 * Creates an exception about the given table with a cause.
	 * @param table the table identifier or bean name, or {@code null}
	 * @param message the message, already naming what went wrong
	 * @param cause the underlying failure, or {@code null}
	 */
	public PaimonException(@Nullable String table, String message, @Nullable Throwable cause) {
		super(message, cause);
		this.table = table;
	}

	/**
	 * Returns the message every constructor takes.
	 * @return the message, naming what went wrong
	 */
	@Override
	public String getMessage() {
		String message = super.getMessage();
		return (message != null) ? message : getClass().getSimpleName();
	}

	/**
	 * Returns the table this failure is about.
	 * @return the table identifier ({@code db.table}) or bean name, or {@code null}
	 */
	public @Nullable String getTable() {
		return this.table;
	}

}
