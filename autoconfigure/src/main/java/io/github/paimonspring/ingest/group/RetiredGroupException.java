package io.github.paimonspring.ingest.group;

/**
 * Thrown when a request reaches a group commit that was retired after a schema change: the
 * {@link io.github.paimonspring.ingest.Ingester} sends it to the table's current group commit.
 */
final class RetiredGroupException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	RetiredGroupException(String table) {
		super("The group commit of table '" + table + "' was retired after a schema change", null, false, false);
	}

}
