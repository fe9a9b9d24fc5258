package io.github.paimonspring.flight;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.adbc.core.AdbcConnection;
import org.apache.arrow.adbc.core.AdbcDatabase;
import org.apache.arrow.adbc.core.AdbcDriver;
import org.apache.arrow.adbc.core.AdbcException;
import org.apache.arrow.adbc.core.AdbcStatement;
import org.apache.arrow.adbc.core.AdbcStatusCode;
import org.apache.arrow.adbc.core.BulkIngestMode;
import org.apache.arrow.adbc.driver.flightsql.FlightSqlConnectionProperties;
import org.apache.arrow.adbc.driver.flightsql.FlightSqlDriver;
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

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ADBC Java driver for Flight SQL (0.20.0), unchanged, against the endpoint: {@code AdbcConnection.bulkIngest}
 * in every mode. The driver sends a bulk ingest as SQL it builds itself ({@code CREATE TABLE} for mode
 * {@code CREATE}, then a prepared {@code INSERT INTO <t> VALUES (?, ...)} with the batch as parameters), which the
 * endpoint recognizes; rows read back with Paimon's reader.
 */
class AdbcJavaDriverTests {

	@TempDir
	static Path warehouse;

	static ConfigurableApplicationContext context;

	static TestWarehouse tables;

	static BufferAllocator allocator;

	static int port;

	@BeforeAll
	static void start() {
		tables = new TestWarehouse(warehouse);
		tables.create("shop.orders", org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "2").build());
		List<String> properties = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + warehouse, "paimon.admin.enabled=true", "paimon.flight.enabled=true",
				"paimon.flight.port=0", "paimon.flight.address=127.0.0.1", "paimon.admin.auth=bearer"));
		FlightEndpointTests.credential(properties, "gateway", "ingest", "shop.*");
		FlightEndpointTests.credential(properties, "ops", "admin", "*");
		context = new SpringApplicationBuilder(FlightEndpointTests.App.class)
			.properties(properties.toArray(String[]::new))
			.run();
		port = context.getBean(PaimonFlightServer.class).getPort();
		allocator = new RootAllocator();
	}

	@AfterAll
	static void stop() throws Exception {
		if (allocator != null) {
			allocator.close();
		}
		if (context != null) {
			context.close();
		}
		tables.close();
	}

	static AdbcDatabase database(String principal) throws AdbcException {
		Map<String, Object> parameters = new HashMap<>();
		AdbcDriver.PARAM_URI.set(parameters, "grpc+tcp://127.0.0.1:" + port);
		// the driver sends no call headers with a prepared statement's calls: the endpoint's cookie carries them
		FlightSqlConnectionProperties.WITH_COOKIE_MIDDLEWARE.set(parameters, true);
		if (principal != null) {
			parameters.put(FlightSqlConnectionProperties.RPC_CALL_HEADER_PREFIX + "authorization",
					"Bearer " + FlightEndpointTests.token(principal));
		}
		return new FlightSqlDriver(allocator).open(parameters);
	}

	static VectorSchemaRoot batch(int from, int count) {
		Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(32, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
		VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
		for (int i = 0; i < count; i++) {
			((IntVector) root.getVector("id")).setSafe(i, from + i);
			((VarCharVector) root.getVector("name")).setSafe(i, ("n" + (from + i)).getBytes(StandardCharsets.UTF_8));
		}
		root.setRowCount(count);
		return root;
	}

	static long bulkIngest(String principal, String table, BulkIngestMode mode, int from, int count)
			throws Exception {
		try (AdbcDatabase database = database(principal); AdbcConnection connection = database.connect();
				AdbcStatement statement = connection.bulkIngest(table, mode);
				VectorSchemaRoot root = batch(from, count)) {
			statement.bind(root);
			return statement.executeUpdate().getAffectedRows();
		}
	}

	@Test
	void everyModeWritesThroughTheDriversStatements() throws Exception {
		assertThat(bulkIngest("ops", "shop.adbc", BulkIngestMode.CREATE, 1, 3)).isEqualTo(3);
		assertThat(tables.idNames("shop.adbc")).containsExactly("1:n1", "2:n2", "3:n3");
		assertThat(bulkIngest("gateway", "shop.adbc", BulkIngestMode.APPEND, 4, 2)).isEqualTo(2);
		assertThat(bulkIngest("gateway", "shop.adbc", BulkIngestMode.CREATE_APPEND, 6, 1)).isEqualTo(1);
		// the driver sends REPLACE as the same INSERT: it appends
		assertThat(bulkIngest("gateway", "shop.adbc", BulkIngestMode.REPLACE, 7, 1)).isEqualTo(1);
		assertThat(tables.idNames("shop.adbc")).containsExactly("1:n1", "2:n2", "3:n3", "4:n4", "5:n5", "6:n6",
				"7:n7");
		assertThat(bulkIngest("gateway", "shop.orders", BulkIngestMode.APPEND, 10, 2)).isEqualTo(2);
		assertThat(tables.idNames("shop.orders")).containsExactly("10:n10", "11:n11");
	}

	@Test
	void createOfAnExistingTableAndMissingCredentialsAreRefused() throws Exception {
		assertThatThrownBy(() -> bulkIngest("ops", "shop.orders", BulkIngestMode.CREATE, 1, 1))
			.isInstanceOfSatisfying(AdbcException.class,
					(ex) -> assertThat(ex.getStatus()).isEqualTo(AdbcStatusCode.ALREADY_EXISTS));
		assertThatThrownBy(() -> bulkIngest(null, "shop.orders", BulkIngestMode.APPEND, 1, 1))
			.isInstanceOfSatisfying(AdbcException.class,
					(ex) -> assertThat(ex.getStatus()).isEqualTo(AdbcStatusCode.UNAUTHENTICATED));
		assertThatThrownBy(() -> bulkIngest("gateway", "shop.unknown", BulkIngestMode.APPEND, 1, 1))
			.isInstanceOfSatisfying(AdbcException.class,
					(ex) -> assertThat(ex.getStatus()).isEqualTo(AdbcStatusCode.NOT_FOUND));
		assertThatThrownBy(() -> bulkIngest("gateway", "shop.refused", BulkIngestMode.CREATE, 1, 1))
			.isInstanceOf(AdbcException.class);
		assertThat(tables.catalog().listTables("shop")).doesNotContain("refused");
	}

}
