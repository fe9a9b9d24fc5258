package io.github.paimonspring.autoconfigure;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * Paimon is on the classpath but the Hadoop client classes it needs (even for a local warehouse) are
 * not.
 */
public class HadoopMissingException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param missingClass the Hadoop class that could not be loaded
	 * @param cause the underlying failure, or {@code null}
	 */
	public HadoopMissingException(String missingClass, @Nullable Throwable cause) {
		super(null, "Apache Paimon needs Hadoop classes, even for a local warehouse, but " + missingClass
				+ " is not on the classpath", cause);
	}

}
