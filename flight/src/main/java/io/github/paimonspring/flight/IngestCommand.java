package io.github.paimonspring.flight;

import java.util.HashMap;
import java.util.Map;

import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
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

	/**
	 * The ingest a {@code CommandStatementIngest} asks for. Its {@code idempotency-key} option is the key (ADBC
	 * clients set ingest options, not headers), else the call's header; its table definition options map onto
	 * {@link IfNotExists} and {@link IfExists} (unset: fail if missing, append if present).
	 * @param command the command as sent
	 * @param table the table it names, resolved
	 * @param headerKey the call's {@code idempotency-key} header, or {@code null}
	 * @return the ingest
	 */
	static IngestCommand of(FlightSql.CommandStatementIngest command, String table, @Nullable String headerKey) {
		Map<String, String> options = new HashMap<>(command.getOptionsMap());
		String key = options.remove(FlightCallPrincipal.IDEMPOTENCY_KEY);
		TableDefinitionOptions definition = command.getTableDefinitionOptions();
		return new IngestCommand(table, ifNotExists(definition), ifExists(definition),
				FlightTransactions.id(command.hasTransactionId() ? command.getTransactionId() : null),
				(key != null) ? key : headerKey, options);
	}

	private static IfNotExists ifNotExists(TableDefinitionOptions definition) {
		return switch (definition.getIfNotExist()) {
			case TABLE_NOT_EXIST_OPTION_CREATE -> IfNotExists.CREATE;
			default -> IfNotExists.FAIL;
		};
	}

	private static IfExists ifExists(TableDefinitionOptions definition) {
		return switch (definition.getIfExists()) {
			case TABLE_EXISTS_OPTION_REPLACE -> IfExists.REPLACE;
			case TABLE_EXISTS_OPTION_FAIL -> IfExists.FAIL;
			default -> IfExists.APPEND;
		};
	}

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
