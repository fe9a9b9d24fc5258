package io.github.paimonspring.httptests.flight;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.adbc.core.AdbcException;
import org.apache.arrow.adbc.core.AdbcStatusCode;
import org.apache.arrow.adbc.core.BulkIngestMode;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Real clients nobody here wrote against the packaged sample app's Flight SQL endpoint: the ADBC Java driver
 * ({@code AdbcConnection.bulkIngest} in every mode), Arrow's Flight SQL client ({@code CommandStatementIngest},
 * what the ADBC drivers of Python, Go and C send) into every kind of table, and Arrow's Flight SQL JDBC driver
 * browsing the catalog through {@code DatabaseMetaData}; rows read back with Paimon's reader; scopes refused before
 * data with the HTTP API's 401/403 as {@code UNAUTHENTICATED}/{@code UNAUTHORIZED}, and the audit lines.
 */
class AdbcClientsOverFlightTests {

	@TempDir
	static Path warehouseDir;

	static Warehouse warehouse;

	static SampleAppProcess app;

	static int flightPort;

	static BufferAllocator allocator;

	static FlightSqlClient sql;

	@BeforeAll
	static void start() throws Exception {
		warehouse = new Warehouse(warehouseDir);
		warehouse.create("shop.flight_log", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		warehouse.create("shop.flight_pk", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "2")
			.build());
		warehouse.create("shop.flight_postpone", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "-2")
			.build());
		warehouse.create("finance.ledger", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		flightPort = SampleAppProcess.freePort();
		app = FlightSupport.start(warehouseDir, flightPort);
		allocator = new RootAllocator();
		sql = FlightSupport.client(allocator, flightPort);
	}

	@AfterAll
	static void stop() throws Exception {
		if (sql != null) {
			sql.close();
		}
		if (allocator != null) {
			allocator.close();
		}
		if (app != null) {
			app.close();
		}
		if (warehouse != null) {
			warehouse.close();
		}
	}

	long ingest(FlightSqlClient.ExecuteIngestOptions options, VectorSchemaRoot root, String principal) {
		try (root) {
			return sql.executeIngest(root, options, FlightSupport.as(principal));
		}
	}

	@Test
	void theAdbcJavaDriverIngestsInEveryMode() throws Exception {
		try (VectorSchemaRoot rows = FlightSupport.batch(allocator, 1, 3)) {
			assertThat(FlightSupport.bulkIngest(allocator, flightPort, "ops", "shop.adbc_java", BulkIngestMode.CREATE,
					rows)).isEqualTo(3);
		}
		try (VectorSchemaRoot rows = FlightSupport.batch(allocator, 4, 2)) {
			assertThat(FlightSupport.bulkIngest(allocator, flightPort, "gateway", "shop.adbc_java",
					BulkIngestMode.APPEND, rows)).isEqualTo(2);
		}
		try (VectorSchemaRoot rows = FlightSupport.batch(allocator, 6, 1)) {
			assertThat(FlightSupport.bulkIngest(allocator, flightPort, "gateway", "shop.adbc_java",
					BulkIngestMode.CREATE_APPEND, rows)).isEqualTo(1);
		}
		try (VectorSchemaRoot rows = FlightSupport.batch(allocator, 7, 1)) {
			// the Java driver sends REPLACE as the same INSERT as APPEND
			assertThat(FlightSupport.bulkIngest(allocator, flightPort, "gateway", "shop.adbc_java",
					BulkIngestMode.REPLACE, rows)).isEqualTo(1);
		}
		assertThat(warehouse.idNames("shop.adbc_java")).containsExactly("1:n1", "2:n2", "3:n3", "4:n4", "5:n5",
				"6:n6", "7:n7");
		try (VectorSchemaRoot rows = FlightSupport.batch(allocator, 1, 1)) {
			assertThatThrownBy(() -> FlightSupport.bulkIngest(allocator, flightPort, "ops", "shop.adbc_java",
					BulkIngestMode.CREATE, rows))
				.isInstanceOfSatisfying(AdbcException.class,
						(ex) -> assertThat(ex.getStatus()).isEqualTo(AdbcStatusCode.ALREADY_EXISTS));
		}
	}

	@Test
	void commandStatementIngestWritesEveryKindOfTable() {
		assertThat(ingest(FlightSupport.append("shop", "flight_log"), FlightSupport.batch(allocator, 1, 2),
				"gateway")).isEqualTo(2);
		assertThat(warehouse.idNames("shop.flight_log")).containsExactly("1:n1", "2:n2");
		assertThat(ingest(FlightSupport.append("shop", "flight_pk"), FlightSupport.batch(allocator, 1, 3),
				"gateway")).isEqualTo(3);
		assertThat(ingest(FlightSupport.append("shop", "flight_pk"), rowKinds(), "gateway")).isEqualTo(2);
		assertThat(warehouse.idNames("shop.flight_pk")).containsExactly("1:updated", "3:n3");
		// a postpone-bucket table: written with planned fixed buckets, readable at once
		assertThat(ingest(FlightSupport.append("shop", "flight_postpone"), FlightSupport.batch(allocator, 1, 4),
				"gateway")).isEqualTo(4);
		assertThat(warehouse.idNames("shop.flight_postpone")).containsExactly("1:n1", "2:n2", "3:n3", "4:n4");
		FlightSqlClient.ExecuteIngestOptions create = FlightSupport.ingest("shop", "flight_created",
				TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE,
				TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_FAIL);
		assertThat(ingest(create, FlightSupport.batch(allocator, 1, 2), "ops")).isEqualTo(2);
		assertThatThrownBy(() -> ingest(create, FlightSupport.batch(allocator, 3, 1), "ops"))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.getMessage()).contains("exists"));
		FlightSqlClient.ExecuteIngestOptions replace = FlightSupport.ingest("shop", "flight_created",
				TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_CREATE,
				TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_REPLACE);
		assertThat(ingest(replace, FlightSupport.batch(allocator, 10, 1), "ops")).isEqualTo(1);
		assertThat(warehouse.idNames("shop.flight_created")).containsExactly("10:n10");
	}

	/** Updates row 1 and deletes row 2 through the {@code _row_kind} column. */
	VectorSchemaRoot rowKinds() {
		Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(32, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
				new Field("_row_kind", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
		VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
		((IntVector) root.getVector("id")).setSafe(0, 1);
		((VarCharVector) root.getVector("name")).setSafe(0, "updated".getBytes(StandardCharsets.UTF_8));
		((VarCharVector) root.getVector("_row_kind")).setSafe(0, "+U".getBytes(StandardCharsets.UTF_8));
		((IntVector) root.getVector("id")).setSafe(1, 2);
		((VarCharVector) root.getVector("name")).setSafe(1, "n2".getBytes(StandardCharsets.UTF_8));
		((VarCharVector) root.getVector("_row_kind")).setSafe(1, "-D".getBytes(StandardCharsets.UTF_8));
		root.setRowCount(2);
		return root;
	}

	@Test
	void theJdbcDriverBrowsesTheCatalog() throws Exception {
		Properties properties = new Properties();
		properties.setProperty("useEncryption", "false");
		properties.setProperty("token", FlightSupport.token("auditor"));
		try (Connection connection = DriverManager.getConnection("jdbc:arrow-flight-sql://127.0.0.1:" + flightPort,
				properties)) {
			DatabaseMetaData metadata = connection.getMetaData();
			assertThat(column(metadata.getCatalogs(), "TABLE_CAT")).containsExactly("paimon");
			assertThat(column(metadata.getSchemas(), "TABLE_SCHEM")).containsExactly("shop");
			assertThat(column(metadata.getTables(null, "shop", "flight%", null), "TABLE_NAME"))
				.contains("flight_log", "flight_pk", "flight_postpone");
			assertThat(column(metadata.getTables(null, "finance", "%", null), "TABLE_NAME")).isEmpty();
			assertThat(column(metadata.getPrimaryKeys(null, "shop", "flight_pk"), "COLUMN_NAME"))
				.containsExactly("id");
			assertThat(column(metadata.getColumns(null, "shop", "flight_pk", "%"), "COLUMN_NAME"))
				.containsExactly("id", "name");
			assertThat(column(metadata.getTableTypes(), "TABLE_TYPE")).containsExactly("TABLE");
		}
	}

	@Test
	void scopesAreRefusedBeforeDataLikeTheHttpApiAndAudited() throws Exception {
		long before = warehouse.snapshotCount("finance.ledger");
		assertThatThrownBy(() -> ingest(FlightSupport.append("finance", "ledger"),
				FlightSupport.batch(allocator, 1, 1), "gateway"))
			.isInstanceOfSatisfying(FlightRuntimeException.class, (ex) -> {
				assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED);
				assertThat(ex.getMessage()).contains("scope 'ingest' on table 'finance.ledger'");
			});
		assertThatThrownBy(() -> {
			try (VectorSchemaRoot root = FlightSupport.batch(allocator, 1, 1)) {
				sql.executeIngest(root, FlightSupport.append("shop", "flight_log"));
			}
		}).isInstanceOfSatisfying(FlightRuntimeException.class,
				(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHENTICATED));
		assertThatThrownBy(() -> ingest(FlightSupport.append("shop", "flight_log"),
				FlightSupport.batch(allocator, 1, 1), "auditor"))
			.isInstanceOfSatisfying(FlightRuntimeException.class,
					(ex) -> assertThat(ex.status().code()).isEqualTo(FlightStatusCode.UNAUTHORIZED));
		assertThat(warehouse.snapshotCount("finance.ledger")).isEqualTo(before);
		String log = app.output();
		assertThat(log).contains("principal=gateway operation=upload outcome=denied status=403 table=finance.ledger "
				+ "channel=flight");
		assertThat(log).contains("principal=auditor operation=upload outcome=denied status=403 table=shop.flight_log "
				+ "channel=flight");
	}

	static List<String> column(ResultSet rows, String name) throws Exception {
		List<String> values = new ArrayList<>();
		try (rows) {
			while (rows.next()) {
				values.add(rows.getString(name));
			}
		}
		return values;
	}

}
