package io.github.paimonspring.ingest.group;

/**
 * Thrown when a request must join a given group of a table's group commit (the group of its channel's
 * previous append) and that group is being committed already: the request waits for that commit.
 */
public final class GroupMovedOnException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	GroupMovedOnException() {
		super("the group is being committed", null, false, false);
	}

}
