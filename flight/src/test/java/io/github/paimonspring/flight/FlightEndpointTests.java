package io.github.paimonspring.flight;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.web.AccessMatrix;
import io.github.paimonspring.support.TestWarehouse;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import org.apache.arrow.flight.sql.util.TableRef;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Flight SQL endpoint in a real application with the admin API's bearer credentials, driven by Arrow's own
 * Flight SQL client ({@code FlightSqlClient}, which sends {@code CommandStatementIngest} as the ADBC drivers of
 * Python, Go and C do): every ingest mode, transactions and their retries, metadata, scopes and audit events,
 * refusals; rows read back with Paimon's reader.
 */
class FlightEndpointTests {

	@TempDir
	static Path warehouse;

	static ConfigurableApplicationContext context;

	static TestWarehouse tables;

	static BufferAllocator allocator;

	static FlightClient client;

	static FlightSqlClient sql;

	static final ListAppender<ILoggingEvent> audit = new ListAppender<>();

	@BeforeAll
	static void start() {
		tables = new TestWarehouse(warehouse);
		tables.create("shop.orders", org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "2").build());
		// an append table: a primary-key table's writer may add a compaction snapshot to a commit
		tables.create("shop.events", org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).build());
		tables.create("finance.ledger", org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).build());
		List<String> properties = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + warehouse, "paimon.admin.enabled=true", "paimon.flight.enabled=true",
				"paimon.flight.port=0", "paimon.flight.address=127.0.0.1", "paimon.admin.auth=bearer"));
		credential(properties, "gateway", "ingest", "shop.*");
		credential(properties, "partner", "ingest", "shop.*");
		credential(properties, "ops", "admin", "*");
		credential(properties, "auditor", "read", "shop.*");
		context = new SpringApplicationBuilder(App.class).properties(properties.toArray(String[]::new)).run();
		int port = context.getBean(PaimonFlightServer.class).getPort();
		allocator = new RootAllocator();
		client = FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", port)).build();
		sql = new FlightSqlClient(client);
		Logger logger = (Logger) LoggerFactory.getLogger(AdminAudit.LOGGER);
		audit.start();
		logger.addAppender(audit);
	}

	@AfterAll
	static void stop() throws Exception {
		((Logger) LoggerFactory.getLogger(AdminAudit.LOGGER)).detachAppender(audit);
		if (sql != null) {
			sql.close();
		}
		if (allocator != null) {
			allocator.close();
		}
		if (context != null) {
			context.close();
		}
		tables.close();
	}

	@BeforeEach
	void clearAudit() {
		audit.list.clear();
	}

	static void credential(List<String> properties, String name, String scope, String tables) {
		String prefix = "paimon.admin.credentials." + name;
		properties.add(prefix + ".token-hashes=" + AccessMatrix.hash(token(name)));
		properties.add(prefix + ".scopes=" + scope);
		properties.add(prefix + ".tables=" + tables);
	}

	static String token(String name) {
		return name + "-0123456789abcdef";
	}

	static CallOption as(String principal) {
		FlightCallHeaders headers = new FlightCallHeaders();
		headers.insert("authorization", "Bearer " + token(principal));
		return new HeaderCallOption(headers);
	}

	static VectorSchemaRoot batch(int from, int count) {
		Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
		VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
		IntVector ids = (IntVector) root.getVector("id");
		VarCharVector names = (VarCharVector) root.getVector("name");
		for (int i = 0; i < count; i++) {
			ids.setSafe(i, from + i);
			names.setSafe(i, ("n" + (from + i)).getBytes(StandardCharsets.UTF_8));
		}
		root.setRowCount(count);
		return root;
	}

	static FlightSqlClient.ExecuteIngestOptions into(String schema, String table,
			TableDefinitionOptions.TableNotExistOption ifNotExist, TableDefinitionOptions.TableExistsOption ifExists) {
		return new FlightSqlClient.ExecuteIngestOptions(table, TableDefinitionOptions.newBuilder()
			.setIfNotExist(ifNotExist)
			.setIfExists(ifExists)
			.build(), null, schema, Map.of());
	}

	static FlightSqlClient.ExecuteIngestOptions append(String schema, String table) {
		return into(schema, table, TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_FAIL,
				TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND);
	}

	static long ingest(FlightSqlClient.ExecuteIngestOptions options, int from, int count, String principal) {
		try (VectorSchemaRoot root = batch(from, count)) {
			return sql.executeIngest(root, options, as(principal));
		}
	}

	static List<String> audited() {
		return audit.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
	}

	@Test
	void anIngestLeavesNoArrowMemoryBehind() {
		PaimonFlightServer server = context.getBean(PaimonFlightServer.class);
		ingest(append("shop", "orders"), 500, 3, "gateway");
		assertThat(server.arrowMemoryAllocated()).isZero();
		FlightSqlClient.Transaction transaction = sql.beginTransaction(as("gateway"));
		try (VectorSchemaRoot rows = batch(510, 2)) {
			sql.executeIngest(rows, append("shop", "orders"), transaction, as("gateway"));
		}
		assertThat(server.arrowMemoryAllocated()).isZero();
		sql.commit(transaction, as("gateway"));
		assertThat(server.arrowMemoryAllocated()).isZero();
	}

	@Test
	void anIngestIsOneCommitReadBackWithPaimonsReader() {
		long before = tables.snapshotCount("shop.events");
		assertThat(ingest(append("shop", "events"), 1, 3, "gateway")).isEqualTo(3);
		assertThat(tables.snapshotCount("shop.events")).isEqualTo(before + 1);
		assertThat(tables.idNames("shop.events")).contains("1:n1", "2:n2", "3:n3");
		assertThat(audited()).anySatisfy((line) -> assertThat(line).contains("principal=gateway",
				"operation=upload", "outcome=succeeded", "table=shop.events", "channel=flight"));
	}

	@Test
	void createModesCreateAnAppendTableOrRefuseAnExistingOne() {
		FlightSqlClient.ExecuteIngestOptions create = into("shop", "created",
				TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE,
				TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_FAIL);
		// creating a table is a catalog change: admin
		assertThatThrownBy(() -> ingest(create, 1, 2, "gateway")).isInstanceOfSatisfying(
				FlightRuntimeException.class,
				(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED));
		assertThat(ingest(create, 1, 2, "ops")).isEqualTo(2);
		assertThat(tables.idNames("shop.created")).containsExactly("1:n1", "2:n2");
		assertThatThrownBy(() -> ingest(create, 3, 1, "ops")).isInstanceOfSatisfying(FlightRuntimeException.class,
				(ex) -> assertThat(ex.getMessage()).contains("exists"));
		FlightSqlClient.ExecuteIngestOptions createAppend = into("shop", "created",
				TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE,
				TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND);
		assertThat(ingest(createAppend, 3, 1, "gateway")).isEqualTo(1);
		assertThat(tables.idNames("shop.created")).containsExactly("1:n1", "2:n2", "3:n3");
		FlightSqlClient.ExecuteIngestOptions replace = into("shop", "created",
				TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE,
				TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_REPLACE);
		assertThatThrownBy(() -> ingest(replace, 10, 1, "gateway")).isInstanceOfSatisfying(
				FlightRuntimeException.class,
				(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED));
		assertThat(ingest(replace, 10, 2, "ops")).isEqualTo(2);
		assertThat(tables.idNames("shop.created")).containsExactly("10:n10", "11:n11");
	}

	@Test
	void aMissingTableIsNotFoundAndTemporaryIsRefused() {
		assertThatThrownBy(() -> ingest(append("shop", "missing"), 1, 1, "gateway"))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.NOT_FOUND));
		FlightSqlClient.ExecuteIngestOptions temporary = new FlightSqlClient.ExecuteIngestOptions("orders",
				TableDefinitionOptions.newBuilder()
					.setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND)
					.build(),
				true, null, "shop", Map.of());
		assertThatThrownBy(() -> {
			try (VectorSchemaRoot root = batch(1, 1)) {
				sql.executeIngest(root, temporary, as("gateway"));
			}
		}).isInstanceOfSatisfying(FlightRuntimeException.class, (ex) -> {
			assertThat(ex.status().code()).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
			assertThat(ex.getMessage()).contains("Temporary tables are not supported");
		});
	}

	@Test
	void scopesAreCheckedBeforeDataAndRefusalsAreAudited() {
		long before = tables.snapshotCount("finance.ledger");
		assertThatThrownBy(() -> ingest(append("finance", "ledger"), 1, 1, "gateway"))
			.isInstanceOfSatisfying(FlightRuntimeException.class, (ex) -> {
				assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED);
				assertThat(ex.getMessage()).contains("Principal 'gateway' may not run 'upload'",
						"scope 'ingest' on table 'finance.ledger'");
			});
		assertThat(tables.snapshotCount("finance.ledger")).isEqualTo(before);
		assertThat(audited()).anySatisfy((line) -> assertThat(line).contains("principal=gateway", "outcome=denied",
				"status=403", "table=finance.ledger", "channel=flight"));
		assertThatThrownBy(() -> ingest(append("shop", "orders"), 1, 1, "auditor"))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED));
		try (VectorSchemaRoot root = batch(1, 1)) {
			assertThatThrownBy(() -> sql.executeIngest(root, append("shop", "orders")))
				.isInstanceOfSatisfying(FlightRuntimeException.class,
						(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHENTICATED));
		}
	}

	@Test
	void aTransactionCommitsItsIngestsOnceAndARetriedCommitCommitsNothingNew() {
		long before = tables.snapshotCount("shop.events");
		FlightSqlClient.Transaction transaction = sql.beginTransaction(as("gateway"));
		try (VectorSchemaRoot first = batch(100, 2); VectorSchemaRoot second = batch(102, 2)) {
			assertThat(sql.executeIngest(first, append("shop", "events"), transaction, as("gateway"))).isEqualTo(2);
			assertThat(sql.executeIngest(second, append("shop", "events"), transaction, as("gateway"))).isEqualTo(2);
		}
		assertThat(tables.snapshotCount("shop.events")).isEqualTo(before);
		sql.commit(transaction, as("gateway"));
		assertThat(tables.snapshotCount("shop.events")).isEqualTo(before + 1);
		sql.commit(transaction, as("gateway")); // the retry
		assertThat(tables.snapshotCount("shop.events")).isEqualTo(before + 1);
		assertThat(tables.idNames("shop.events")).contains("100:n100", "101:n101", "102:n102", "103:n103");
		assertThatThrownBy(() -> sql.rollback(transaction, as("gateway")))
			.isInstanceOf(FlightRuntimeException.class);
	}

	@Test
	void aRolledBackTransactionLeavesNothingAndItsRetriesAreHarmless() {
		long before = tables.snapshotCount("shop.events");
		FlightSqlClient.Transaction transaction = sql.beginTransaction(as("gateway"));
		try (VectorSchemaRoot rows = batch(200, 3)) {
			sql.executeIngest(rows, append("shop", "events"), transaction, as("gateway"));
		}
		sql.rollback(transaction, as("gateway"));
		sql.rollback(transaction, as("gateway"));
		assertThatThrownBy(() -> sql.commit(transaction, as("gateway"))).isInstanceOf(FlightRuntimeException.class);
		assertThat(tables.snapshotCount("shop.events")).isEqualTo(before);
		assertThat(tables.idNames("shop.events")).noneMatch((row) -> row.startsWith("20"));
	}

	@Test
	void anotherPrincipalsTransactionNeedsAdminAndATransactionWritesOneTable() {
		FlightSqlClient.Transaction transaction = sql.beginTransaction(as("gateway"));
		try (VectorSchemaRoot rows = batch(300, 1)) {
			sql.executeIngest(rows, append("shop", "orders"), transaction, as("gateway"));
			assertThatThrownBy(() -> sql.executeIngest(rows, append("shop", "orders"), transaction, as("partner")))
				.isInstanceOfSatisfying(FlightRuntimeException.class,
						(ex) -> assertThat(ex.getMessage()).contains("the transaction was opened by 'gateway'"));
			assertThatThrownBy(() -> sql.executeIngest(rows, append("shop", "created_elsewhere"), transaction,
					as("gateway")))
				.isInstanceOf(FlightRuntimeException.class);
		}
		sql.rollback(transaction, as("ops"));
	}

	@Test
	void anIdempotencyKeyMakesARetriedIngestANoOp() {
		FlightSqlClient.ExecuteIngestOptions keyed = new FlightSqlClient.ExecuteIngestOptions("events",
				TableDefinitionOptions.newBuilder()
					.setIfExists(TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND)
					.build(),
				null, "shop", Map.of("idempotency-key", "batch-400"));
		long before = tables.snapshotCount("shop.events");
		assertThat(ingest(keyed, 400, 2, "gateway")).isEqualTo(2);
		assertThat(ingest(keyed, 400, 2, "gateway")).isZero();
		assertThat(tables.snapshotCount("shop.events")).isEqualTo(before + 1);
	}

	@Test
	void metadataListsTheTablesAPrincipalMayRead() throws Exception {
		List<String> rows = read(sql.getTables(null, null, null, null, true, as("auditor")), "auditor",
				"db_schema_name", "table_name");
		assertThat(rows).contains("shop.orders").doesNotContain("finance.ledger");
		assertThat(read(sql.getTables(null, null, null, null, false, as("ops")), "ops", "db_schema_name",
				"table_name"))
			.contains("shop.orders", "finance.ledger");
		assertThat(read(sql.getSchemas(null, null, as("auditor")), "auditor", "db_schema_name"))
			.containsExactly("shop");
		assertThat(read(sql.getCatalogs(as("auditor")), "auditor", "catalog_name")).containsExactly("paimon");
		assertThat(read(sql.getTableTypes(as("auditor")), "auditor", "table_type")).containsExactly("TABLE");
		assertThat(read(sql.getPrimaryKeys(TableRef.of(null, "shop", "orders"), as("auditor")), "auditor",
				"column_name"))
			.containsExactly("id");
		assertThatThrownBy(() -> read(sql.getPrimaryKeys(TableRef.of(null, "finance", "ledger"), as("auditor")),
				"auditor", "column_name"))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED));
		FlightInfo info = sql.getSqlInfo(new FlightSql.SqlInfo[] { FlightSql.SqlInfo.FLIGHT_SQL_SERVER_NAME,
				FlightSql.SqlInfo.FLIGHT_SQL_SERVER_READ_ONLY, FlightSql.SqlInfo.FLIGHT_SQL_SERVER_BULK_INGESTION,
				FlightSql.SqlInfo.FLIGHT_SQL_SERVER_TRANSACTION }, as("auditor"));
		try (FlightStream stream = sql.getStream(info.getEndpoints().get(0).getTicket(), as("auditor"))) {
			assertThat(stream.next()).isTrue();
			assertThat(stream.getRoot().getRowCount()).isEqualTo(4);
			assertThat(stream.getRoot().contentToTSVString()).contains("Paimon Spring Boot Flight SQL");
		}
	}

	@Test
	void callsAreTimedAndTheEndpointReportsItsHealth() {
		ingest(append("shop", "events"), 600, 1, "gateway");
		MeterRegistry registry = context.getBean(MeterRegistry.class);
		assertThat(registry.find("paimon.flight.calls").tags("command", "ingest", "status", "OK").timer())
			.isNotNull()
			.satisfies((timer) -> assertThat(timer.count()).isPositive());
		Health health = (Health) context.getBean("paimonFlightHealthIndicator", HealthIndicator.class).health(true);
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("port", context.getBean(PaimonFlightServer.class).getPort())
			.containsEntry("tls", false);
	}

	@Test
	void queriesAreRefusedNamingWhatReadsTheTables() {
		assertThatThrownBy(() -> sql.execute("SELECT * FROM shop.orders", as("ops")))
			.isInstanceOfSatisfying(FlightRuntimeException.class, (ex) -> {
				assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNIMPLEMENTED);
				assertThat(ex.getMessage()).contains("runs no queries", "Flink, Spark, Trino");
			});
		assertThatThrownBy(() -> sql.prepare("SELECT 1", as("ops")))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNIMPLEMENTED));
	}

	static List<String> read(FlightInfo info, String principal, String... columns) throws Exception {
		List<String> rows = new ArrayList<>();
		try (FlightStream stream = sql.getStream(info.getEndpoints().get(0).getTicket(), as(principal))) {
			while (stream.next()) {
				VectorSchemaRoot root = stream.getRoot();
				for (int i = 0; i < root.getRowCount(); i++) {
					List<String> values = new ArrayList<>();
					for (String column : columns) {
						values.add(String.valueOf(root.getVector(column).getObject(i)));
					}
					rows.add(String.join(".", values));
				}
			}
		}
		return rows;
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

	}

}
