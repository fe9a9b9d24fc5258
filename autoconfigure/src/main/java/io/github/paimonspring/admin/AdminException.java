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

	/**
	 * Creates the exception.
	 * @param status the HTTP status
	 * @param title a short, fixed summary of the problem type
	 * @param table the table involved, or {@code null}
	 * @param message the detail
	 */
	public AdminException(HttpStatus status, String title, String table, String message) {
		super(table, message);
		this.status = status;
		this.title = title;
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
