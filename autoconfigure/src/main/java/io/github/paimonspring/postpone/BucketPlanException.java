package io.github.paimonspring.postpone;

import io.github.paimonspring.PaimonException;

/**
 * A bucket plan is invalid, or data was written for a partition the plan does not contain.
 *
 * @since 0.1.0
 */
public class BucketPlanException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 * @param table the table identifier
	 * @param message what is wrong with the plan
	 */
	public BucketPlanException(String table, String message) {
		super(table, message);
	}

}
