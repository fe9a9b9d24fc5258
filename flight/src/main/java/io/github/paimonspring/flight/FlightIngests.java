package io.github.paimonspring.flight;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonException;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.catalog.PaimonTypeParser;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataType;
import org.jspecify.annotations.Nullable;

/**
 * Bulk ingests: the table is resolved, the principal's scope checked and the table created when the ingest asks
 * for it, all before a batch is read; then the stream's batches go through the core's one write request (one
 * commit, or a no-op for a key already committed) or into the ingest's staged transaction. The HTTP upload's
 * limits hold: the concurrent-upload slots (shared with HTTP uploads), {@code max-request-size} (Arrow bytes of
 * the batches), {@code max-schema-depth} and {@code max-schema-fields}; the gRPC message limit is
 * {@code max-batch-memory} and the server's Arrow memory {@code max-upload-memory}.
 */
final class FlightIngests {

	private final PaimonOperations writer;

	private final AdminSettings settings;

	private final ArrowBodyReader slots;

	private final FlightTransactions transactions;

	private final FlightAccess access;

	private final AdminMetrics metrics;

	private final String defaultDatabase;

	private final FlightDeadline deadline;

	FlightIngests(PaimonOperations writer, AdminSettings settings, ArrowBodyReader slots,
			FlightTransactions transactions, FlightAccess access, AdminMetrics metrics, String defaultDatabase,
			FlightDeadline deadline) {
		this.writer = writer;
		this.settings = settings;
		this.slots = slots;
		this.transactions = transactions;
		this.access = access;
		this.metrics = metrics;
		this.defaultDatabase = defaultDatabase;
		this.deadline = deadline;
	}

	PaimonTables tables() {
		return this.writer.tables();
	}

	/**
	 * Resolves the table an ingest names.
	 * @param schema the {@code target_db_schema}, or {@code null}
	 * @param table the {@code target_table}
	 * @return {@code database.table}
	 */
	String identifier(@Nullable String schema, String table) {
		if (table.isBlank()) {
			throw new PaimonArgumentException(null, "The ingest names no target table");
		}
		if (schema != null && !schema.isEmpty()) {
			return this.writer.tables().identifier(schema + "." + table).getFullName();
		}
		if (this.writer.tables().definitions().containsKey(table) || table.indexOf('.') >= 0) {
			return this.writer.tables().identifier(table).getFullName();
		}
		return this.writer.tables().identifier(this.defaultDatabase + "." + table).getFullName();
	}

	/**
	 * Creates an empty table for an ingest that follows: the ADBC Java driver's {@code CREATE TABLE}, which it sends
	 * before its prepared {@code INSERT}. The principal needs scope {@code create-table} on the table; the call is
	 * audited as the admin API's table creation.
	 * @param principal who sends it
	 * @param identifier the table, {@code database.table}
	 * @param columns the columns and their SQL types, in order
	 * @throws FlightRuntimeException {@code ALREADY_EXISTS} if the table exists, or the refusal of the access check
	 *     or of a type
	 */
	void createTable(AdminPrincipal principal, String identifier, Map<String, String> columns) {
		try {
			this.access.require(principal, AdminOperation.CREATE_TABLE, AdminOperation.CREATE_TABLE.scope(), identifier,
					null, null);
			Map<String, DataType> types = new LinkedHashMap<>();
			columns.forEach((name, type) -> types.put(name, PaimonTypeParser.parse(type)));
			if (!FlightTableCreation.create(this.writer.tables(), identifier, types)) {
				throw CallStatus.ALREADY_EXISTS.withDescription("Table '" + identifier + "' exists")
					.toRuntimeException();
			}
		}
		catch (RuntimeException ex) {
			FlightErrors.Refusal refusal = FlightErrors.refusal(ex, "create " + identifier);
			this.access.failed(principal, AdminOperation.CREATE_TABLE, identifier, null, refusal);
			throw refusal.exception();
		}
		this.access.succeeded(principal, AdminOperation.CREATE_TABLE, identifier, null, null);
	}

	/**
	 * Runs one ingest.
	 * @param principal who sends it
	 * @param command what it asks for
	 * @param identifier its table, {@code database.table}
	 * @param stream its batches
	 * @return the rows written
	 */
	long ingest(AdminPrincipal principal, IngestCommand command, String identifier, FlightStream stream) {
		boolean replace = command.ifExists() == IngestCommand.IfExists.REPLACE;
		AdminOperation operation = (command.transactionId() != null) ? AdminOperation.UPLOAD_BATCHES
				: replace ? AdminOperation.OVERWRITE : AdminOperation.UPLOAD;
		String transaction = command.transactionId();
		try {
			if (!command.options().isEmpty()) {
				throw new PaimonArgumentException(identifier, "Unknown ingest option(s) " + command.options().keySet()
						+ " for table '" + identifier + "'; this endpoint knows '" + FlightCallPrincipal.IDEMPOTENCY_KEY
						+ "' only");
			}
			// a replace inside a transaction needs what a replace needs
			this.access.require(principal, operation, replace ? AdminOperation.OVERWRITE.scope() : operation.scope(),
					identifier, transaction, null);
			boolean exists = FlightTableCreation.exists(this.writer.tables(), identifier);
			if (exists && command.ifExists() == IngestCommand.IfExists.FAIL) {
				throw new AdminException(AdminException.Kind.CONFLICT, "Table exists", identifier, "Table '"
						+ identifier + "' exists and the ingest asks to create it (ADBC mode 'create'); use 'append', "
								+ "'create_append' or 'replace'");
			}
			if (!exists && command.ifNotExists() == IngestCommand.IfNotExists.FAIL) {
				this.writer.tables().getTable(identifier); // refused as an unknown table
			}
			long rows;
			try (ArrowBodyReader.UploadSlot slot = this.slots.slot(identifier, Duration.ofSeconds(1))) {
				Schema schema = schema(stream, identifier);
				if (!exists) {
					this.access.require(principal, AdminOperation.CREATE_TABLE, AdminOperation.CREATE_TABLE.scope(),
							identifier, transaction, null);
					if (FlightTableCreation.create(this.writer.tables(), identifier, schema.getFields())) {
						this.access.succeeded(principal, AdminOperation.CREATE_TABLE, identifier, transaction, null);
					}
				}
				rows = (transaction != null)
						? this.transactions.ingest(transaction, principal, identifier, replace,
								command.idempotencyKey(),
								(sink, allowance) -> feed(stream, identifier, allowance, sink, this.deadline)).rows()
						: commit(principal, operation, identifier, replace, command.idempotencyKey(), stream);
			}
			if (transaction != null) {
				this.access.succeeded(principal, operation, identifier, transaction, null);
			}
			return rows;
		}
		catch (RuntimeException ex) {
			FlightErrors.Refusal refusal = FlightErrors.refusal(ex, "ingest into " + identifier);
			this.access.failed(principal, operation, identifier, transaction, refusal);
			throw refusal.exception();
		}
	}

	private long commit(AdminPrincipal principal, AdminOperation operation, String identifier, boolean replace,
			@Nullable String key, FlightStream stream) {
		WriteRequest request = WriteRequest.into(identifier);
		request = replace ? request.withOverwrite() : request;
		request = (key != null) ? request.withIdempotencyKey(key) : request;
		AdminTransactions.DecodedBatches.Totals[] totals = { null };
		long started = System.nanoTime();
		WriteResult result;
		try {
			result = this.writer.execute(request, (session) -> {
				try {
					totals[0] = feed(stream, identifier, this.settings.maxRequestBytes(), (root, dictionaries) ->
					// the next batch is read while the lanes write this one
					dictionaries.getDictionaryIds().isEmpty() ? session.transferAndWrite(root)
							: session.write(root, dictionaries), this.deadline);
					session.awaitTransferred();
				}
				finally {
					try {
						session.awaitTransferred();
					}
					catch (RuntimeException ex) {
						// the failure that ended the feed is reported; the writer is closed with the session
					}
				}
			});
		}
		catch (RuntimeException ex) {
			if (totals[0] != null) {
				this.metrics.aborted(identifier);
			}
			throw ex;
		}
		if (totals[0] == null) {
			drain(stream); // a key already committed: the batches are not written again
		}
		else {
			this.metrics.written(identifier, totals[0].rows(), totals[0].bytes());
			this.metrics.committed(identifier, Duration.ofNanos(System.nanoTime() - started), result.committed());
		}
		this.access.succeeded(principal, operation, identifier, null, result.snapshotId());
		return result.rows();
	}

	/**
	 * Feeds the stream's batches into a sink, counting their Arrow bytes against an allowance.
	 * @param stream the stream
	 * @param table the table, for messages
	 * @param allowance the most bytes
	 * @param sink where the batches go
	 * @param deadline the bound of each wait for the client
	 * @return what was fed
	 */
	static AdminTransactions.DecodedBatches.Totals feed(FlightStream stream, String table, long allowance,
			ArrowBodyReader.BatchSink sink, FlightDeadline deadline) {
		VectorSchemaRoot root = stream.getRoot();
		DictionaryProvider dictionaries = stream.getDictionaryProvider();
		long rows = 0;
		long bytes = 0;
		long batches = 0;
		while (true) {
			boolean loaded;
			try {
				loaded = deadline.await("next Arrow batch", stream::next);
			}
			catch (FlightRuntimeException ex) {
				throw ex.status().code() == FlightStatusCode.TIMED_OUT ? ex
						: readFailure(table, "Cannot read Arrow batch " + batches, ex);
			}
			catch (RuntimeException ex) {
				throw readFailure(table, "Cannot read Arrow batch " + batches, ex);
			}
			if (!loaded) {
				break;
			}
			bytes += bufferSize(root);
			if (bytes > allowance) {
				throw new AdminException(AdminException.Kind.PAYLOAD_TOO_LARGE, "Payload too large", table,
						"The ingest's Arrow batches exceed the limit of " + allowance
								+ " bytes (paimon.admin.max-request-size / max-transaction-size)");
			}
			batches++;
			rows += sink.write(root, dictionaries);
		}
		return new AdminTransactions.DecodedBatches.Totals(rows, bytes, batches);
	}

	private static long bufferSize(VectorSchemaRoot root) {
		long size = 0;
		for (FieldVector vector : root.getFieldVectors()) {
			size += vector.getBufferSize();
		}
		return size;
	}

	/** Reads the stream's schema (the first message, no data) and checks it against the schema limits. */
	private Schema schema(FlightStream stream, String table) {
		Schema schema;
		try {
			schema = this.deadline.await("Arrow schema (a stream starts with its schema)", stream::getRoot)
				.getSchema();
		}
		catch (FlightRuntimeException ex) {
			throw ex.status().code() == FlightStatusCode.TIMED_OUT ? ex
					: readFailure(table, "Cannot read the Arrow schema", ex);
		}
		catch (RuntimeException ex) {
			throw readFailure(table, "Cannot read the Arrow schema", ex);
		}
		int[] fields = { 0 };
		int depth = 0;
		for (Field field : schema.getFields()) {
			depth = Math.max(depth, depth(field, fields));
		}
		if (depth > this.settings.maxSchemaDepth() || fields[0] > this.settings.maxSchemaFields()) {
			throw new AdminException(AdminException.Kind.PAYLOAD_TOO_LARGE, "Payload too large", table,
					"The Arrow schema has " + fields[0] + " fields nested " + depth + " deep; the limits are "
							+ this.settings.maxSchemaFields() + " fields (paimon.admin.max-schema-fields) and depth "
							+ this.settings.maxSchemaDepth() + " (paimon.admin.max-schema-depth)");
		}
		return schema;
	}

	private static int depth(Field field, int[] fields) {
		fields[0]++;
		int deepest = 0;
		for (Field child : field.getChildren()) {
			deepest = Math.max(deepest, depth(child, fields));
		}
		return deepest + 1;
	}

	private void drain(FlightStream stream) {
		try {
			while (this.deadline.await("next Arrow batch", stream::next)) {
				stream.getRoot().clear();
			}
		}
		catch (RuntimeException ex) {
			// the answer does not depend on batches that are not written
		}
	}

	private static RuntimeException readFailure(String table, String what, RuntimeException ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof PaimonException paimon) {
				return paimon;
			}
			if (cause instanceof OutOfMemoryException) {
				return AdminException.busy(table, "The Arrow memory of the Flight endpoint "
						+ "(paimon.admin.max-upload-memory) is in use by other ingests; retry later");
			}
		}
		if (ex instanceof FlightRuntimeException flight && !isMalformed(flight)) {
			return flight; // the client cancelled, or the transport failed
		}
		return new ArrowFormatException(table, what + " for table '" + table + "': " + ex.getMessage(), null);
	}

	private static boolean isMalformed(FlightRuntimeException ex) {
		return switch (ex.status().code()) {
			case INVALID_ARGUMENT, INTERNAL, UNKNOWN -> true;
			default -> false;
		};
	}

	static AdminModel.TransactionRequest transactionRequest(boolean replace) {
		return new AdminModel.TransactionRequest(null, null, replace ? Boolean.TRUE : null, null, null);
	}

}
