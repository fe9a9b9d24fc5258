package io.github.paimonspring.admin.transaction;

/**
 * The life cycle of an admin transaction.
 */
public enum TransactionState {

	/** Accepting uploads. */
	OPEN,
	/** Prepared for a coordinator: its files are committed elsewhere (or aborted here). */
	PREPARED,
	/** A commit is running. */
	COMMITTING,
	/** Committed; repeating the commit returns the same result. */
	COMMITTED,
	/** Aborted by the client; its files are deleted. */
	ABORTED,
	/** Aborted because it was idle or too old; its files are deleted. */
	EXPIRED,
	/** An upload or commit failed after data was written; it can only be aborted. */
	FAILED;

	/**
	 * Returns whether the transaction still holds a writer or uncommitted files.
	 * @return {@code true} for OPEN, COMMITTING and FAILED
	 */
	public boolean isActive() {
		return this == OPEN || this == COMMITTING || this == FAILED;
	}

}
