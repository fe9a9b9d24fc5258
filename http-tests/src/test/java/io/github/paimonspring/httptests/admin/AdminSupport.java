package io.github.paimonspring.httptests.admin;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fixtures and assertions shared by the admin API tests.
 */
final class AdminSupport {

	static final ObjectMapper JSON = new ObjectMapper();

	/** JVM options of the test servers: C1 only and the serial collector halve the start-up time. */
	static final List<String> JVM = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	/** The admin options every test server is started with (plus its own limits). */
	static List<String> adminArgs(String token, String... more) {
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + token));
		args.addAll(List.of(more));
		return args;
	}

	private AdminSupport() {
	}

	static JsonNode json(HttpResponse<String> response) {
		try {
			return JSON.readTree(response.body());
		}
		catch (IOException ex) {
			throw new AssertionError("not JSON (" + response.statusCode() + "): " + response.body(), ex);
		}
	}

	/** Asserts a 2xx-or-whatever status and returns the JSON body. */
	static JsonNode expect(HttpResponse<String> response, int status) {
		assertThat(response.statusCode()).as("%s %s -> %s", response.request().method(), response.uri(),
				response.body())
			.isEqualTo(status);
		return json(response);
	}

	/**
	 * Asserts an RFC 9457 problem: the status, {@code application/problem+json}, and {@code type},
	 * {@code title}, {@code status}, {@code detail}.
	 */
	static JsonNode problem(HttpResponse<String> response, int status) {
		assertThat(response.statusCode()).as("%s %s -> %s", response.request().method(), response.uri(),
				response.body())
			.isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type")).as("Content-Type of %s", response.body())
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		JsonNode problem = json(response);
		assertThat(problem.path("type").asText()).as("type in %s", response.body()).isNotBlank();
		assertThat(problem.path("title").asText()).as("title in %s", response.body()).isNotBlank();
		assertThat(problem.path("status").asInt()).as("status in %s", response.body()).isEqualTo(status);
		assertThat(problem.path("detail").asText()).as("detail in %s", response.body()).isNotBlank();
		return problem;
	}

	/** Opens a transaction and returns its id. */
	static String open(AdminClient client, String table, String body) throws Exception {
		HttpResponse<String> response = client.postJson("/paimon/tables/" + table.replace('.', '/') + "/transactions",
				body);
		JsonNode transaction = expect(response, 201);
		String id = transaction.path("id").asText();
		assertThat(response.headers().firstValue("Location")).hasValue("/paimon/transactions/" + id);
		assertThat(transaction.path("state").asText()).isEqualTo("OPEN");
		return id;
	}

	/** Uploads an Arrow body into a transaction and returns the upload result. */
	static JsonNode upload(AdminClient client, String id, byte[] body) throws Exception {
		return expect(client.postArrow("/paimon/transactions/" + id + "/batches", body), 200);
	}

	static JsonNode commit(AdminClient client, String id, String body) throws Exception {
		return expect(client.postJson("/paimon/transactions/" + id + "/commit", body), 200);
	}

	static void abort(AdminClient client, String id) throws Exception {
		HttpResponse<String> response = client.postJson("/paimon/transactions/" + id + "/abort", "");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
	}

	/** (id INT, name STRING), primary key id, bucket 1, rows 1 alice, 2 bob, 3 carol. */
	static void simplePkTable(Warehouse warehouse, String table) {
		warehouse.create(table, Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "1")
			.build());
		insertAliceBobCarol(warehouse, table);
	}

	/** (id INT, name STRING), append-only, rows 1 alice, 2 bob, 3 carol. */
	static void simpleLogTable(Warehouse warehouse, String table) {
		warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING()).build());
		insertAliceBobCarol(warehouse, table);
	}

	/** (id INT, name STRING, dt STRING), primary key (id, dt), partitioned by dt, bucket -2; empty. */
	static void postponeTable(Warehouse warehouse, String table) {
		warehouse.create(table, Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.column("dt", DataTypes.STRING())
			.primaryKey("id", "dt")
			.partitionKeys("dt")
			.option("bucket", "-2")
			.build());
	}

	private static void insertAliceBobCarol(Warehouse warehouse, String table) {
		warehouse.insert(table, Warehouse.row(1, "alice"), Warehouse.row(2, "bob"), Warehouse.row(3, "carol"));
	}

}
