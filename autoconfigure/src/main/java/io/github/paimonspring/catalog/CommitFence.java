package io.github.paimonspring.catalog;

/**
 * Asked before every commit of this process: refuses when the process must not commit, for example
 * because the other instances may already treat it as dead and have removed its uncommitted files.
 */
@FunctionalInterface
public interface CommitFence {

	/** A fence that never refuses. */
	CommitFence NONE = (table) -> {
	};

	/**
	 * Checks that a commit may happen now.
	 * @param table the table identifier the commit is for
	 * @throws io.github.paimonspring.PaimonException (unchecked) naming the reason, if it may not
	 */
	void check(String table);

}
