package io.github.paimonspring;

import org.jspecify.annotations.Nullable;

/**
 * Writing data files failed (storage or Paimon writer error). The data of the failed call was not
 * committed; the caller should abort or discard the writer.
 *
 * @since 0.1.0
 */
public class PaimonWriteException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message what failed
	 * @param cause the underlying failure, or {@code null} if none
	 */
	public PaimonWriteException(String table, String message, @Nullable Throwable cause) {
		super(table, message, cause);
	}

}
