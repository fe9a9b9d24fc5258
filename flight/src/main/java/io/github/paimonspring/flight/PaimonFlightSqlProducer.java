package io.github.paimonspring.flight;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.catalog.PaimonTypeParser;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.sql.FlightSqlProducer;
import org.apache.arrow.flight.sql.NoOpFlightSqlProducer;
import org.apache.arrow.flight.sql.SqlInfoBuilder;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Flight SQL producer of the endpoint: bulk ingest ({@code CommandStatementIngest}, and the ADBC Java driver's
 * {@code CREATE TABLE} and prepared {@code INSERT}), transactions, and the metadata tools browse
 * ({@code GetSqlInfo}, {@code GetCatalogs}, {@code GetDbSchemas}, {@code GetTables}, {@code GetTableTypes},
 * {@code GetPrimaryKeys}). Queries, prepared queries, Substrait plans and every other command are refused with
 * {@code UNIMPLEMENTED}, naming what reads Paimon tables.
 *
 * @since 0.1.0
 */
public class PaimonFlightSqlProducer extends NoOpFlightSqlProducer {

	/** Why queries are refused. */
	static final String NO_QUERIES = "This Flight SQL endpoint ingests into Paimon tables (ADBC bulk ingest, "
			+ "CommandStatementIngest) and answers metadata; it runs no queries. Read the tables with Flink, Spark, "
			+ "Trino or Paimon's own reader.";

	private static final String INSERT_HANDLE = "paimon-insert\n";

	private static final Logger logger = LoggerFactory.getLogger(PaimonFlightSqlProducer.class);

	private final FlightIngests ingests;

	private final FlightTransactions transactions;

	private final FlightCatalog catalog;

	private final FlightAccess access;

	private final SqlInfoBuilder sqlInfo;

	private final BufferAllocator allocator;

	private final FlightMetrics metrics;

	private final FlightDeadline deadline;

	PaimonFlightSqlProducer(FlightIngests ingests, FlightTransactions transactions, FlightCatalog catalog,
			FlightAccess access, SqlInfoBuilder sqlInfo, BufferAllocator allocator, FlightMetrics metrics,
			FlightDeadline deadline) {
		this.ingests = ingests;
		this.transactions = transactions;
		this.catalog = catalog;
		this.access = access;
		this.sqlInfo = sqlInfo;
		this.allocator = allocator;
		this.metrics = metrics;
		this.deadline = deadline;
	}

	// ------------------------------------------------------------------ commands

	/** What a call that names no Flight SQL command gets. */
	private static final String NOT_A_COMMAND = "This endpoint takes Flight SQL commands (CommandStatementIngest, "
			+ "the metadata commands) in a CMD descriptor or ticket; ";

	@Override
	public Runnable acceptPut(CallContext context, FlightStream flightStream, StreamListener<PutResult> ackStream) {
		FlightDescriptor descriptor;
		try {
			// Flight waits for the first message without a bound
			descriptor = this.deadline.await("first message (the command with the Arrow schema)",
					flightStream::getDescriptor);
		}
		catch (FlightRuntimeException ex) {
			return () -> ackStream.onError(ex);
		}
		if (!descriptor.isCommand() || !isAny(descriptor.getCommand())) {
			return () -> ackStream.onError(FlightErrors.invalid(NOT_A_COMMAND + "this stream's descriptor is "
					+ (descriptor.isCommand() ? "no command" : "a path")));
		}
		return super.acceptPut(context, flightStream, ackStream);
	}

	@Override
	public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
		if (!descriptor.isCommand() || !isAny(descriptor.getCommand())) {
			throw FlightErrors.invalid(NOT_A_COMMAND + "this descriptor is "
					+ (descriptor.isCommand() ? "no command" : "a path"));
		}
		return super.getFlightInfo(context, descriptor);
	}

	@Override
	public SchemaResult getSchema(CallContext context, FlightDescriptor descriptor) {
		if (!descriptor.isCommand() || !isAny(descriptor.getCommand())) {
			throw FlightErrors.invalid(NOT_A_COMMAND + "this descriptor is "
					+ (descriptor.isCommand() ? "no command" : "a path"));
		}
		return super.getSchema(context, descriptor);
	}

	@Override
	public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
		if (!isAny(ticket.getBytes())) {
			listener.error(FlightErrors.invalid(NOT_A_COMMAND + "this ticket is none"));
			return;
		}
		super.getStream(context, ticket, listener);
	}

	private static boolean isAny(byte[] command) {
		try {
			return !Any.parseFrom(command).getTypeUrl().isEmpty();
		}
		catch (InvalidProtocolBufferException ex) {
			return false;
		}
	}

	// ------------------------------------------------------------------ ingest

	@Override
	public Runnable acceptPutStatementBulkIngest(FlightSql.CommandStatementIngest command, CallContext context,
			FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> update("ingest", ackStream, () -> {
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			if (command.getTemporary()) {
				throw FlightErrors.invalid("Temporary tables are not supported: Paimon tables are durable; ingest "
						+ "into a table without 'temporary'");
			}
			if (command.hasCatalog() && !command.getCatalog().isEmpty()
					&& !this.catalog.catalogMatches(command.getCatalog())) {
				throw CallStatus.NOT_FOUND.withDescription("Unknown catalog '" + command.getCatalog()
						+ "'; this endpoint's catalog is '" + this.catalog.catalogName() + "'").toRuntimeException();
			}
			String identifier = this.ingests.identifier(command.hasSchema() ? command.getSchema() : null,
					command.getTable());
			Map<String, String> options = new HashMap<>(command.getOptionsMap());
			String key = options.remove(FlightCallPrincipal.IDEMPOTENCY_KEY);
			if (key == null) {
				key = FlightCallPrincipal.idempotencyKey(context);
			}
			FlightSql.CommandStatementIngest.TableDefinitionOptions definition = command.getTableDefinitionOptions();
			IngestCommand ingest = new IngestCommand(identifier, ifNotExists(definition), ifExists(definition),
					transaction(command.hasTransactionId() ? command.getTransactionId() : null), key, options);
			return this.ingests.ingest(principal, ingest, identifier, stream);
		});
	}

	private static IngestCommand.IfNotExists ifNotExists(
			FlightSql.CommandStatementIngest.TableDefinitionOptions definition) {
		return switch (definition.getIfNotExist()) {
			case TABLE_NOT_EXIST_OPTION_CREATE -> IngestCommand.IfNotExists.CREATE;
			default -> IngestCommand.IfNotExists.FAIL;
		};
	}

	private static IngestCommand.IfExists ifExists(FlightSql.CommandStatementIngest.TableDefinitionOptions definition) {
		return switch (definition.getIfExists()) {
			case TABLE_EXISTS_OPTION_APPEND -> IngestCommand.IfExists.APPEND;
			case TABLE_EXISTS_OPTION_REPLACE -> IngestCommand.IfExists.REPLACE;
			case TABLE_EXISTS_OPTION_FAIL -> IngestCommand.IfExists.FAIL;
			default -> IngestCommand.IfExists.APPEND;
		};
	}

	@Override
	public Runnable acceptPutStatement(FlightSql.CommandStatementUpdate command, CallContext context,
			FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> update("create-table", ackStream, () -> {
			AdbcStatements.CreateTable create = AdbcStatements.createTable(command.getQuery());
			if (create == null) {
				throw unimplemented(command.getQuery());
			}
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			String identifier = this.ingests.identifier(null, create.table());
			try {
				this.access.require(principal, AdminOperation.CREATE_TABLE, AdminOperation.CREATE_TABLE.scope(),
						identifier, null, null);
				Map<String, DataType> columns = new LinkedHashMap<>();
				create.columns().forEach((name, type) -> columns.put(name, PaimonTypeParser.parse(type)));
				if (!FlightTableCreation.create(this.ingests.tables(), identifier, columns)) {
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
			return 0L;
		});
	}

	@Override
	public void createPreparedStatement(FlightSql.ActionCreatePreparedStatementRequest request, CallContext context,
			StreamListener<Result> listener) {
		respond("prepare", listener, () -> {
			String table = AdbcStatements.insertTable(request.getQuery());
			if (table == null) {
				throw unimplemented(request.getQuery());
			}
			FlightCallPrincipal.of(context);
			String handle = INSERT_HANDLE + table + "\n"
					+ (request.hasTransactionId() ? request.getTransactionId().toStringUtf8() : "");
			return List.of(new Result(Any.pack(FlightSql.ActionCreatePreparedStatementResult.newBuilder()
				.setPreparedStatementHandle(ByteString.copyFromUtf8(handle))
				.build()).toByteArray()));
		});
	}

	@Override
	public Runnable acceptPutPreparedStatementUpdate(FlightSql.CommandPreparedStatementUpdate command,
			CallContext context, FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> update("ingest", ackStream, () -> {
			String handle = command.getPreparedStatementHandle().toStringUtf8();
			String[] parts = handle.split("\n", -1);
			if (!handle.startsWith(INSERT_HANDLE) || parts.length != 3) {
				throw FlightErrors.invalid("Unknown prepared statement handle");
			}
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			String identifier = this.ingests.identifier(null, parts[1]);
			IngestCommand ingest = new IngestCommand(identifier, IngestCommand.IfNotExists.FAIL,
					IngestCommand.IfExists.APPEND, parts[2].isEmpty() ? null : parts[2],
					FlightCallPrincipal.idempotencyKey(context), Map.of());
			return this.ingests.ingest(principal, ingest, identifier, stream);
		});
	}

	@Override
	public void closePreparedStatement(FlightSql.ActionClosePreparedStatementRequest request, CallContext context,
			StreamListener<Result> listener) {
		respond("close-prepared-statement", listener, List::of);
	}

	// ------------------------------------------------------------------ transactions

	@Override
	public void beginTransaction(FlightSql.ActionBeginTransactionRequest request, CallContext context,
			StreamListener<FlightSql.ActionBeginTransactionResult> listener) {
		respond("begin-transaction", listener, () -> {
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			if (!principal.allowsSomeTable(AdminScope.INGEST)) {
				throw new AdminAccessDeniedException(null, "Principal '" + principal.name()
						+ "' may not begin a transaction: it needs scope 'ingest' on some table", AdminScope.INGEST,
						AdminOperation.OPEN_TRANSACTION);
			}
			String id = this.transactions.begin(principal);
			return List.of(FlightSql.ActionBeginTransactionResult.newBuilder()
				.setTransactionId(ByteString.copyFromUtf8(id))
				.build());
		});
	}

	@Override
	public void endTransaction(FlightSql.ActionEndTransactionRequest request, CallContext context,
			StreamListener<Result> listener) {
		FlightSql.ActionEndTransactionRequest.EndTransaction action = request.getAction();
		boolean commit = action == FlightSql.ActionEndTransactionRequest.EndTransaction.END_TRANSACTION_COMMIT;
		respond(commit ? "commit" : "rollback", listener, () -> {
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			String id = transaction(request.getTransactionId());
			if (id == null) {
				throw FlightErrors.invalid("EndTransaction names no transaction");
			}
			AdminOperation operation = commit ? AdminOperation.COMMIT_TRANSACTION : AdminOperation.ABORT_TRANSACTION;
			String table = this.transactions.table(id);
			try {
				if (commit) {
					AdminModel.CommitResponse response = this.transactions.commit(id, principal);
					this.access.succeeded(principal, operation, this.transactions.table(id), id,
							response.snapshotId());
				}
				else if (action == FlightSql.ActionEndTransactionRequest.EndTransaction.END_TRANSACTION_ROLLBACK) {
					this.transactions.rollback(id, principal);
					this.access.succeeded(principal, operation, this.transactions.table(id), id, null);
				}
				else {
					throw FlightErrors.invalid("EndTransaction needs COMMIT or ROLLBACK");
				}
			}
			catch (RuntimeException ex) {
				FlightErrors.Refusal refusal = FlightErrors.refusal(ex, "end transaction " + id);
				this.access.failed(principal, operation, table, id, refusal);
				throw refusal.exception();
			}
			return List.of();
		});
	}

	private static @Nullable String transaction(@Nullable ByteString id) {
		if (id == null || id.isEmpty()) {
			return null;
		}
		String text = id.toString(StandardCharsets.UTF_8);
		if (text.length() > 64 || !text.chars().allMatch((c) -> c == '-' || Character.isLetterOrDigit(c))) {
			throw FlightErrors.invalid("Unknown transaction id: this endpoint's ids are the UUIDs BeginTransaction "
					+ "answers");
		}
		return text;
	}

	// ------------------------------------------------------------------ metadata

	@Override
	public FlightInfo getFlightInfoSqlInfo(FlightSql.CommandGetSqlInfo request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_SQL_INFO_SCHEMA);
	}

	@Override
	public void getStreamSqlInfo(FlightSql.CommandGetSqlInfo command, CallContext context,
			ServerStreamListener listener) {
		stream("get-sql-info", listener, () -> this.sqlInfo.send(command.getInfoList(), listener));
	}

	@Override
	public FlightInfo getFlightInfoCatalogs(FlightSql.CommandGetCatalogs request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_CATALOGS_SCHEMA);
	}

	@Override
	public void getStreamCatalogs(CallContext context, ServerStreamListener listener) {
		stream("get-catalogs", listener, () -> this.catalog.catalogs(listener));
	}

	@Override
	public FlightInfo getFlightInfoSchemas(FlightSql.CommandGetDbSchemas request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_SCHEMAS_SCHEMA);
	}

	@Override
	public void getStreamSchemas(FlightSql.CommandGetDbSchemas command, CallContext context,
			ServerStreamListener listener) {
		stream("get-db-schemas", listener, () -> this.catalog.schemas(reader(context), command, listener));
	}

	@Override
	public FlightInfo getFlightInfoTables(FlightSql.CommandGetTables request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, request.getIncludeSchema() ? FlightSqlProducer.Schemas.GET_TABLES_SCHEMA
				: FlightSqlProducer.Schemas.GET_TABLES_SCHEMA_NO_SCHEMA);
	}

	@Override
	public void getStreamTables(FlightSql.CommandGetTables command, CallContext context,
			ServerStreamListener listener) {
		stream("get-tables", listener, () -> this.catalog.tables(reader(context), command, listener));
	}

	@Override
	public FlightInfo getFlightInfoTableTypes(FlightSql.CommandGetTableTypes request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_TABLE_TYPES_SCHEMA);
	}

	@Override
	public void getStreamTableTypes(CallContext context, ServerStreamListener listener) {
		stream("get-table-types", listener, () -> this.catalog.tableTypes(listener));
	}

	@Override
	public FlightInfo getFlightInfoPrimaryKeys(FlightSql.CommandGetPrimaryKeys request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_PRIMARY_KEYS_SCHEMA);
	}

	@Override
	public void getStreamPrimaryKeys(FlightSql.CommandGetPrimaryKeys command, CallContext context,
			ServerStreamListener listener) {
		stream("get-primary-keys", listener, () -> {
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			String identifier = this.ingests.identifier(command.hasDbSchema() ? command.getDbSchema() : null,
					command.getTable());
			this.catalog.primaryKeys(principal, command, this.access, identifier, listener);
		});
	}

	/** A principal that may read some table; lists are narrowed to the tables it may read. */
	private static AdminPrincipal reader(CallContext context) {
		AdminPrincipal principal = FlightCallPrincipal.of(context);
		if (!principal.allowsSomeTable(AdminScope.READ)) {
			throw new AdminAccessDeniedException(null, "Principal '" + principal.name() + "' may not run '"
					+ AdminOperation.LIST_TABLES.id() + "': it needs scope 'read' on some table", AdminScope.READ,
					AdminOperation.LIST_TABLES);
		}
		return principal;
	}

	// ------------------------------------------------------------------ refused

	@Override
	public FlightInfo getFlightInfoStatement(FlightSql.CommandStatementQuery command, CallContext context,
			FlightDescriptor descriptor) {
		throw unimplemented(command.getQuery());
	}

	@Override
	public SchemaResult getSchemaStatement(FlightSql.CommandStatementQuery command, CallContext context,
			FlightDescriptor descriptor) {
		throw unimplemented(command.getQuery());
	}

	@Override
	public FlightInfo getFlightInfoPreparedStatement(FlightSql.CommandPreparedStatementQuery command,
			CallContext context, FlightDescriptor descriptor) {
		throw unimplemented(null);
	}

	@Override
	public Runnable acceptPutPreparedStatementQuery(FlightSql.CommandPreparedStatementQuery command,
			CallContext context, FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> ackStream.onError(unimplemented(null));
	}

	@Override
	public FlightInfo getFlightInfoSubstraitPlan(FlightSql.CommandStatementSubstraitPlan command,
			CallContext context, FlightDescriptor descriptor) {
		throw unimplemented(null);
	}

	@Override
	public Runnable acceptPutSubstraitPlan(FlightSql.CommandStatementSubstraitPlan command, CallContext context,
			FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> ackStream.onError(unimplemented(null));
	}

	private static FlightRuntimeException unimplemented(@Nullable String statement) {
		String what = (statement != null)
				? "Statement not supported ('" + abbreviate(statement) + "'): the statements this endpoint "
						+ "recognizes are the ADBC Java driver's 'CREATE TABLE <t> (...)' and 'INSERT INTO <t> VALUES "
						+ "(?, ...)'. "
				: "";
		return CallStatus.UNIMPLEMENTED.withDescription(what + NO_QUERIES).toRuntimeException();
	}

	private static String abbreviate(String text) {
		String line = text.replaceAll("\\s+", " ").strip();
		return (line.length() > 120) ? line.substring(0, 120) + "..." : line;
	}

	// ------------------------------------------------------------------ plumbing

	private FlightInfo info(Message request, FlightDescriptor descriptor, Schema schema) {
		Ticket ticket = new Ticket(Any.pack(request).toByteArray());
		return new FlightInfo(schema, descriptor, List.of(new FlightEndpoint(ticket)), -1, -1);
	}

	/** Runs an update (a DoPut) and answers its record count, or its refusal. */
	private void update(String command, StreamListener<PutResult> ackStream, Supplier<Long> update) {
		long started = System.nanoTime();
		long count;
		try {
			count = update.get();
		}
		catch (RuntimeException ex) {
			FlightRuntimeException refusal = FlightErrors.refusal(ex, command).exception();
			this.metrics.called(command, refusal.status().code().name(), since(started));
			try {
				ackStream.onError(refusal);
			}
			catch (RuntimeException closed) {
				// the call was refused already (the message gate) or cancelled by the client
				logger.debug("Flight call {} had ended before its refusal: {}", command, closed.toString());
			}
			return;
		}
		byte[] result = FlightSql.DoPutUpdateResult.newBuilder().setRecordCount(count).build().toByteArray();
		try (ArrowBuf buffer = this.allocator.buffer(result.length)) {
			buffer.writeBytes(result);
			ackStream.onNext(PutResult.metadata(buffer));
		}
		ackStream.onCompleted();
		this.metrics.called(command, "OK", since(started));
	}

	/** Runs an action and answers its results, or its refusal. */
	private <T> void respond(String command, StreamListener<T> listener, Supplier<List<T>> action) {
		long started = System.nanoTime();
		List<T> results;
		try {
			results = action.get();
		}
		catch (RuntimeException ex) {
			FlightRuntimeException refusal = FlightErrors.refusal(ex, command).exception();
			this.metrics.called(command, refusal.status().code().name(), since(started));
			listener.onError(refusal);
			return;
		}
		results.forEach(listener::onNext);
		listener.onCompleted();
		this.metrics.called(command, "OK", since(started));
	}

	/** Runs a metadata stream, or answers its refusal. */
	private void stream(String command, ServerStreamListener listener, Runnable stream) {
		long started = System.nanoTime();
		try {
			stream.run();
		}
		catch (RuntimeException ex) {
			FlightRuntimeException refusal = FlightErrors.refusal(ex, command).exception();
			this.metrics.called(command, refusal.status().code().name(), since(started));
			listener.error(refusal);
			return;
		}
		this.metrics.called(command, "OK", since(started));
	}

	private static Duration since(long started) {
		return Duration.ofNanos(System.nanoTime() - started);
	}

}
