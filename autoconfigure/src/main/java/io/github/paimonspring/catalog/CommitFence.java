package io.github.paimonspring.catalog;

/**
 * Asked before every commit of this process, and again inside the table's commit lock right before
 * the snapshot is written where the lock allows it ({@link FencedCommitLock}): refuses when the process
 * must not commit, for example because the other instances may already treat it as dead and have
 * removed its uncommitted files, or because it lost the claims on what the commit contains. The tables of a
 * {@link PaimonTables} ask the fence it was built with ({@link PaimonTables.Builder#fence}).
 *
 * @since 0.1.0
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

	/**
	 * Returns a fence that asks this one, then {@code other}.
	 * @param other the second fence
	 * @return the combined fence
	 */
	default CommitFence and(CommitFence other) {
		if (other == NONE) {
			return this;
		}
		if (this == NONE) {
			return other;
		}
		return (table) -> {
			check(table);
			other.check(table);
		};
	}

}
