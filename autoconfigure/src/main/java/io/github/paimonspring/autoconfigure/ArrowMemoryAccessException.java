package io.github.paimonspring.autoconfigure;

import io.github.paimonspring.PaimonException;

/**
 * Apache Arrow cannot access direct memory because the JVM was started without
 * {@code --add-opens=java.base/java.nio=ALL-UNNAMED}.
 */
public class ArrowMemoryAccessException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/** The JVM option Arrow needs on JDK 17 and later. */
	public static final String ADD_OPENS = "--add-opens=java.base/java.nio=ALL-UNNAMED";

	/**
	 * Creates the exception.
	 * @param cause Arrow's failure
	 */
	public ArrowMemoryAccessException(Throwable cause) {
		super(null, "Apache Arrow cannot access direct memory: the JVM was started without " + ADD_OPENS + " ("
				+ cause + ")", cause);
	}

}
