package io.github.paimonspring.flight;

import java.util.List;
import java.util.Map;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.admin.model.AdminModel;
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
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

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

	private static final String INSERT_HANDLE = "paimon-insert\n";

	private final FlightIngests ingests;

	private final FlightTransactions transactions;

	private final FlightCatalog catalog;

	private final FlightAccess access;

	private final SqlInfoBuilder sqlInfo;

	private final FlightCalls calls;

	private final FlightDeadline deadline;

	PaimonFlightSqlProducer(FlightIngests ingests, FlightTransactions transactions, FlightCatalog catalog,
			FlightAccess access, SqlInfoBuilder sqlInfo, BufferAllocator allocator, FlightMetrics metrics,
			FlightDeadline deadline) {
		this.ingests = ingests;
		this.transactions = transactions;
		this.catalog = catalog;
		this.access = access;
		this.sqlInfo = sqlInfo;
		this.calls = new FlightCalls(allocator, metrics);
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
		return () -> this.calls.update("ingest", ackStream, () -> {
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
			IngestCommand ingest = IngestCommand.of(command, identifier, FlightCallPrincipal.idempotencyKey(context));
			return this.ingests.ingest(principal, ingest, identifier, stream);
		});
	}

	@Override
	public Runnable acceptPutStatement(FlightSql.CommandStatementUpdate command, CallContext context,
			FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> this.calls.update("create-table", ackStream, () -> {
			AdbcStatements.CreateTable create = AdbcStatements.createTable(command.getQuery());
			if (create == null) {
				throw FlightStatements.unimplemented(command.getQuery());
			}
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			this.ingests.createTable(principal, this.ingests.identifier(null, create.table()), create.columns());
			return 0L;
		});
	}

	@Override
	public void createPreparedStatement(FlightSql.ActionCreatePreparedStatementRequest request, CallContext context,
			StreamListener<Result> listener) {
		this.calls.respond("prepare", listener, () -> {
			String table = AdbcStatements.insertTable(request.getQuery());
			if (table == null) {
				throw FlightStatements.unimplemented(request.getQuery());
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
		return () -> this.calls.update("ingest", ackStream, () -> {
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
		this.calls.respond("close-prepared-statement", listener, List::of);
	}

	// ------------------------------------------------------------------ transactions

	@Override
	public void beginTransaction(FlightSql.ActionBeginTransactionRequest request, CallContext context,
			StreamListener<FlightSql.ActionBeginTransactionResult> listener) {
		this.calls.respond("begin-transaction", listener, () -> {
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
		this.calls.respond(commit ? "commit" : "rollback", listener, () -> {
			AdminPrincipal principal = FlightCallPrincipal.of(context);
			String id = FlightTransactions.id(request.getTransactionId());
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

	// ------------------------------------------------------------------ metadata

	@Override
	public FlightInfo getFlightInfoSqlInfo(FlightSql.CommandGetSqlInfo request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_SQL_INFO_SCHEMA);
	}

	@Override
	public void getStreamSqlInfo(FlightSql.CommandGetSqlInfo command, CallContext context,
			ServerStreamListener listener) {
		this.calls.stream("get-sql-info", listener, () -> this.sqlInfo.send(command.getInfoList(), listener));
	}

	@Override
	public FlightInfo getFlightInfoCatalogs(FlightSql.CommandGetCatalogs request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_CATALOGS_SCHEMA);
	}

	@Override
	public void getStreamCatalogs(CallContext context, ServerStreamListener listener) {
		this.calls.stream("get-catalogs", listener, () -> this.catalog.catalogs(listener));
	}

	@Override
	public FlightInfo getFlightInfoSchemas(FlightSql.CommandGetDbSchemas request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_SCHEMAS_SCHEMA);
	}

	@Override
	public void getStreamSchemas(FlightSql.CommandGetDbSchemas command, CallContext context,
			ServerStreamListener listener) {
		this.calls.stream("get-db-schemas", listener,
				() -> this.catalog.schemas(reader(context), command, listener));
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
		this.calls.stream("get-tables", listener, () -> this.catalog.tables(reader(context), command, listener));
	}

	@Override
	public FlightInfo getFlightInfoTableTypes(FlightSql.CommandGetTableTypes request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_TABLE_TYPES_SCHEMA);
	}

	@Override
	public void getStreamTableTypes(CallContext context, ServerStreamListener listener) {
		this.calls.stream("get-table-types", listener, () -> this.catalog.tableTypes(listener));
	}

	@Override
	public FlightInfo getFlightInfoPrimaryKeys(FlightSql.CommandGetPrimaryKeys request, CallContext context,
			FlightDescriptor descriptor) {
		return info(request, descriptor, FlightSqlProducer.Schemas.GET_PRIMARY_KEYS_SCHEMA);
	}

	@Override
	public void getStreamPrimaryKeys(FlightSql.CommandGetPrimaryKeys command, CallContext context,
			ServerStreamListener listener) {
		this.calls.stream("get-primary-keys", listener, () -> {
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
		throw FlightStatements.unimplemented(command.getQuery());
	}

	@Override
	public SchemaResult getSchemaStatement(FlightSql.CommandStatementQuery command, CallContext context,
			FlightDescriptor descriptor) {
		throw FlightStatements.unimplemented(command.getQuery());
	}

	@Override
	public FlightInfo getFlightInfoPreparedStatement(FlightSql.CommandPreparedStatementQuery command,
			CallContext context, FlightDescriptor descriptor) {
		throw FlightStatements.unimplemented(null);
	}

	@Override
	public Runnable acceptPutPreparedStatementQuery(FlightSql.CommandPreparedStatementQuery command,
			CallContext context, FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> ackStream.onError(FlightStatements.unimplemented(null));
	}

	@Override
	public FlightInfo getFlightInfoSubstraitPlan(FlightSql.CommandStatementSubstraitPlan command,
			CallContext context, FlightDescriptor descriptor) {
		throw FlightStatements.unimplemented(null);
	}

	@Override
	public Runnable acceptPutSubstraitPlan(FlightSql.CommandStatementSubstraitPlan command, CallContext context,
			FlightStream stream, StreamListener<PutResult> ackStream) {
		return () -> ackStream.onError(FlightStatements.unimplemented(null));
	}

	// ------------------------------------------------------------------ plumbing

	private FlightInfo info(Message request, FlightDescriptor descriptor, Schema schema) {
		Ticket ticket = new Ticket(Any.pack(request).toByteArray());
		return new FlightInfo(schema, descriptor, List.of(new FlightEndpoint(ticket)), -1, -1);
	}

}
