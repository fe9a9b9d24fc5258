package io.github.paimonspring.admin.access;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * Invalid bearer credentials: a token hash, scope, table pattern or credential name that is not valid, a token
 * shared by two credentials, or a credentials file that cannot be read. The message names the property (and the
 * file), and shows a hash but never a token.
 */
public class AdminCredentialsException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param message what is wrong, naming the property
	 */
	public AdminCredentialsException(String message) {
		super(null, message);
	}

	/**
	 * Creates the exception with a cause.
	 * @param message what is wrong, naming the property or file
	 * @param cause the underlying failure, or {@code null}
	 */
	public AdminCredentialsException(String message, @Nullable Throwable cause) {
		super(null, message, cause);
	}

}
