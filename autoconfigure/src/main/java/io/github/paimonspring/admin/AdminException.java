package io.github.paimonspring.admin;

import io.github.paimonspring.PaimonException;

import org.springframework.http.HttpStatus;

/**
 * An admin request that is refused with a specific HTTP status (404 unknown transaction, 409 wrong
 * state, 413 too large, 429 too many transactions); rendered as {@code application/problem+json}.
 */
public class AdminException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final HttpStatus status;

	private final String title;

	private final Integer retryAfterSeconds;

	/**
	 * Creates the exception.
	 * @param status the HTTP status
	 * @param title a short, fixed summary of the problem type
	 * @param table the table involved, or {@code null}
	 * @param message the detail
	 */
	public AdminException(HttpStatus status, String title, String table, String message) {
		this(status, title, table, message, null);
	}

	private AdminException(HttpStatus status, String title, String table, String message, Integer retryAfterSeconds) {
		super(table, message);
		this.status = status;
		this.title = title;
		this.retryAfterSeconds = retryAfterSeconds;
	}

	/**
	 * Creates the exception for a request refused because the service is momentarily at a limit;
	 * the client may repeat it after the suggested delay.
	 * @param table the table, or {@code null}
	 * @param message what is exhausted and which property limits it
	 * @return a 503 with a retry delay
	 */
	public static AdminException busy(String table, String message) {
		return new AdminException(HttpStatus.SERVICE_UNAVAILABLE, "Server busy", table, message, 1);
	}

	/**
	 * Returns the delay after which the client may repeat the request.
	 * @return seconds, or {@code null} when a repeat will not help
	 */
	public Integer getRetryAfterSeconds() {
		return this.retryAfterSeconds;
	}

	/**
	 * Returns the HTTP status.
	 * @return the status
	 */
	public HttpStatus getStatus() {
		return this.status;
	}

	/**
	 * Returns the problem title.
	 * @return the title
	 */
	public String getTitle() {
		return this.title;
	}

}
