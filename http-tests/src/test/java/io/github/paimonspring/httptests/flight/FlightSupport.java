package io.github.paimonspring.httptests.flight;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.paimonspring.admin.web.AccessMatrix;
import io.github.paimonspring.httptests.SampleAppProcess;

import org.apache.arrow.adbc.core.AdbcConnection;
import org.apache.arrow.adbc.core.AdbcDatabase;
import org.apache.arrow.adbc.core.AdbcDriver;
import org.apache.arrow.adbc.core.AdbcException;
import org.apache.arrow.adbc.core.AdbcStatement;
import org.apache.arrow.adbc.core.BulkIngestMode;
import org.apache.arrow.adbc.driver.flightsql.FlightSqlConnectionProperties;
import org.apache.arrow.adbc.driver.flightsql.FlightSqlDriver;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest.TableDefinitionOptions;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Clients of the sample app's Flight SQL endpoint and their fixtures: the credentials the tests play, Arrow's
 * {@code FlightSqlClient} (the {@code CommandStatementIngest} the ADBC drivers of Python, Go and C send), the ADBC
 * Java driver, and (id INT, name STRING) batches.
 */
final class FlightSupport {

	/** JVM options of the test servers: C1 only and the serial collector halve the start-up time. */
	static final List<String> JVM = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	private FlightSupport() {
	}

	/**
	 * The app's arguments: the admin API and the Flight endpoint on a port, with the credentials {@code gateway}
	 * (ingest on shop.*), {@code ops} (admin on *), {@code auditor} (read on shop.*).
	 */
	static List<String> args(int flightPort, String... more) {
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.flight.enabled=true",
				"--paimon.flight.port=" + flightPort, "--paimon.flight.address=127.0.0.1"));
		credential(args, "gateway", "ingest", "shop.*");
		credential(args, "ops", "admin", "*");
		credential(args, "auditor", "read", "shop.*");
		args.addAll(List.of(more));
		return args;
	}

	private static void credential(List<String> args, String name, String scope, String tables) {
		String prefix = "--paimon.admin.credentials." + name;
		args.add(prefix + ".token-hashes=" + AccessMatrix.hash(token(name)));
		args.add(prefix + ".scopes=" + scope);
		args.add(prefix + ".tables=" + tables);
	}

	/**
	 * Starts the sample app with the Flight endpoint and waits until that listens too: the app answers HTTP once its
	 * web server runs, which starts in an earlier phase than the endpoint (readiness waits for both).
	 */
	static SampleAppProcess start(Path warehouse, int flightPort, String... more) throws Exception {
		SampleAppProcess app = SampleAppProcess.start(warehouse, JVM, args(flightPort, more).toArray(String[]::new));
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			try (Socket probe = new Socket()) {
				probe.connect(new InetSocketAddress("127.0.0.1", flightPort), 1000);
				return app;
			}
			catch (IOException ex) {
				if (System.nanoTime() > deadline || !app.isAlive()) {
					String output = app.output();
					app.close();
					throw new IllegalStateException("the Flight endpoint did not listen on " + flightPort + ":\n"
							+ output, ex);
				}
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the next look at the port
			}
		}
	}

	static String token(String name) {
		return name + "-flight-0123456789";
	}

	static CallOption as(String principal) {
		FlightCallHeaders headers = new FlightCallHeaders();
		headers.insert("authorization", "Bearer " + token(principal));
		return new HeaderCallOption(headers);
	}

	static FlightSqlClient client(BufferAllocator allocator, int port) {
		return new FlightSqlClient(FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", port))
			.build());
	}

	static FlightSqlClient.ExecuteIngestOptions ingest(String schema, String table,
			TableDefinitionOptions.TableNotExistOption ifNotExist, TableDefinitionOptions.TableExistsOption ifExists) {
		return new FlightSqlClient.ExecuteIngestOptions(table,
				TableDefinitionOptions.newBuilder().setIfNotExist(ifNotExist).setIfExists(ifExists).build(), null,
				schema, Map.of());
	}

	static FlightSqlClient.ExecuteIngestOptions append(String schema, String table) {
		return ingest(schema, table, TableDefinitionOptions.TableNotExistOption.TABLE_NOT_EXIST_OPTION_FAIL,
				TableDefinitionOptions.TableExistsOption.TABLE_EXISTS_OPTION_APPEND);
	}

	static VectorSchemaRoot batch(BufferAllocator allocator, int from, int count) {
		Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(32, true)), null),
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

	/** The ADBC Java driver's database for a principal (or none), with the cookie middleware it needs. */
	static AdbcDatabase adbc(BufferAllocator allocator, int port, String principal) throws AdbcException {
		Map<String, Object> parameters = new HashMap<>();
		AdbcDriver.PARAM_URI.set(parameters, "grpc+tcp://127.0.0.1:" + port);
		FlightSqlConnectionProperties.WITH_COOKIE_MIDDLEWARE.set(parameters, true);
		if (principal != null) {
			parameters.put(FlightSqlConnectionProperties.RPC_CALL_HEADER_PREFIX + "authorization",
					"Bearer " + token(principal));
		}
		return new FlightSqlDriver(allocator).open(parameters);
	}

	/** {@code AdbcConnection.bulkIngest} of one batch. */
	static long bulkIngest(BufferAllocator allocator, int port, String principal, String table, BulkIngestMode mode,
			VectorSchemaRoot root) throws Exception {
		try (AdbcDatabase database = adbc(allocator, port, principal); AdbcConnection connection = database.connect();
				AdbcStatement statement = connection.bulkIngest(table, mode)) {
			statement.bind(root);
			return statement.executeUpdate().getAffectedRows();
		}
	}

}
