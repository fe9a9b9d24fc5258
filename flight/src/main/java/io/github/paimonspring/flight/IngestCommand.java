package io.github.paimonspring.flight;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * One bulk ingest as the client asked for it: a {@code CommandStatementIngest}, or the ADBC Java driver's prepared
 * {@code INSERT}.
 *
 * @param table the table as named: {@code database.table}, or a configured table name
 * @param ifNotExists what to do when the table does not exist
 * @param ifExists what to do when it exists
 * @param transactionId the Flight SQL transaction, or {@code null} for an ingest committed on its own
 * @param idempotencyKey the key that makes an ingest exactly once, or {@code null}
 * @param options the ingest's options other than the key (refused: none is known)
 */
record IngestCommand(String table, IfNotExists ifNotExists, IfExists ifExists, @Nullable String transactionId,
		@Nullable String idempotencyKey, Map<String, String> options) {

	/** What an ingest does when its table does not exist. */
	enum IfNotExists {

		/** Refuse ({@code NOT_FOUND}). */
		FAIL,

		/** Create the table from the stream's schema. */
		CREATE

	}

	/** What an ingest does when its table exists. */
	enum IfExists {

		/** Refuse ({@code ALREADY_EXISTS}). */
		FAIL,

		/** Add the rows. */
		APPEND,

		/** Replace the table's rows: the partitions that receive data, the whole table when unpartitioned. */
		REPLACE

	}

}
