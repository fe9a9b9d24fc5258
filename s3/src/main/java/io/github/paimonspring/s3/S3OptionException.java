package io.github.paimonspring.s3;

import org.jspecify.annotations.Nullable;

/**
 * An {@code s3.*} catalog option ({@code paimon.catalog.options.s3.*}) that the S3 FileIO cannot use: an unknown
 * key, a value it cannot read, only one of {@code s3.access-key}/{@code s3.secret-key}, no region. Its message
 * names the option.
 *
 * @since 0.1.0
 */
public class S3OptionException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param message the message, naming the option
	 */
	public S3OptionException(String message) {
		super(message);
	}

	/**
	 * Creates the exception with a cause.
	 * @param message the message, naming the option
	 * @param cause the failure to read the value, or {@code null}
	 */
	public S3OptionException(String message, @Nullable Throwable cause) {
		super(message, cause);
	}

}
