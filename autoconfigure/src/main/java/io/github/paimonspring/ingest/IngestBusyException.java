package io.github.paimonspring.ingest;

import java.time.Duration;

import io.github.paimonspring.PaimonException;

/**
 * A request was refused because the table buffers too much data waiting for commits, or its
 * idempotency key is being committed by another instance; nothing was written. Retry later.
 *
 * @since 0.1.0
 */
public class IngestBusyException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final Duration retryAfter;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message why the request was refused
	 */
	public IngestBusyException(String table, String message) {
		this(table, message, Duration.ofSeconds(1));
	}

	/**
	 * Creates the exception with the time after which a retry can succeed.
	 * @param table the table identifier
	 * @param message why the request was refused
	 * @param retryAfter when to retry: the longest the holder of a claim can keep it
	 */
	public IngestBusyException(String table, String message, Duration retryAfter) {
		super(table, message);
		this.retryAfter = retryAfter;
	}

	/**
	 * Returns when a retry can succeed.
	 * @return the time to wait before retrying
	 */
	public Duration getRetryAfter() {
		return this.retryAfter;
	}

}
