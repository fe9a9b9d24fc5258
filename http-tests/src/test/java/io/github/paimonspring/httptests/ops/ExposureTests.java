package io.github.paimonspring.httptests.ops;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a client without the admin token learns from the packaged sample app: with the admin API on,
 * the {@code paimon} and {@code metrics} endpoints and the OpenAPI documents need the token and health
 * shows the status only; with it off, there are no OpenAPI documents, Swagger UI, {@code paimon} or
 * {@code metrics} endpoints at all. Nothing shows a local path, a transaction id or a commit user.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExposureTests {

	private static final List<String> JVM = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	@TempDir
	static Path temp;

	private Path warehouse;

	private SampleAppProcess app;

	private AdminClient anonymous;

	private AdminClient admin;

	@BeforeAll
	void start() throws Exception {
		this.warehouse = temp.resolve("warehouse");
		try (Warehouse fixture = new Warehouse(this.warehouse)) {
			Schema schema = Schema.newBuilder().column("id", DataTypes.INT()).column("name",
					DataTypes.STRING()).build();
			fixture.create("ops.a", schema);
			fixture.create("ops.b", schema);
		}
		this.app = SampleAppProcess.start(this.warehouse, JVM, "--paimon.admin.enabled=true", "--paimon.admin.token=t");
		this.anonymous = new AdminClient(this.app, null);
		this.admin = new AdminClient(this.app, "t");
	}

	@AfterAll
	void stop() throws Exception {
		if (this.app != null) {
			this.app.close();
		}
	}

	@Test
	void anonymousClientsGet401FromThePaimonAndMetricsEndpoints() throws Exception {
		String id = open("/paimon/tables/ops/a/transactions");
		for (String path : List.of("/actuator/paimon", "/actuator/paimon/", "/actuator/metrics",
				"/actuator/metrics/paimon.transactions.open", "/actuator//paimon", "/actuator/./paimon")) {
			HttpResponse<String> response = this.anonymous.get(path);
			assertUnauthorized(response);
			assertThat(response.body()).doesNotContain(id);
		}
		assertUnauthorized(new AdminClient(this.app, "wrong").get("/actuator/paimon"));
		HttpResponse<String> paimon = this.admin.get("/actuator/paimon");
		assertThat(paimon.statusCode()).as(paimon.body()).isEqualTo(200);
		assertThat(JsonPath.<List<String>>read(paimon.body(), "$.transactions[*].id")).contains(id);
		assertThat(this.admin.get("/actuator/metrics/paimon.transactions.open").statusCode()).isEqualTo(200);
		assertThat(this.admin.postJson("/paimon/transactions/" + id + "/abort", "{}").statusCode()).isEqualTo(200);
	}

	@Test
	void anonymousHealthIsTheStatusOnlyAndAuthorizedHealthHasNoLocalPath() throws Exception {
		HttpResponse<String> anonymous = this.anonymous.get("/actuator/health");
		assertThat(anonymous.statusCode()).as(anonymous.body()).isEqualTo(200);
		// the status and, on Boot's own, the names of the probe groups: no components or details
		assertThat(JsonPath.<Map<String, Object>>read(anonymous.body(), "$")).as(anonymous.body())
			.containsEntry("status", "UP")
			.doesNotContainKeys("components", "details");
		assertNoLocalPath(anonymous.body());
		HttpResponse<String> component = this.anonymous.get("/actuator/health/paimon");
		assertThat(component.body()).doesNotContain("details").doesNotContain("warehouse");

		HttpResponse<String> authorized = this.admin.get("/actuator/health");
		assertThat(authorized.statusCode()).as(authorized.body()).isEqualTo(200);
		assertThat(JsonPath.<Map<String, Object>>read(authorized.body(), "$.components.paimon.details"))
			.as(authorized.body())
			.containsEntry("metastore", "filesystem")
			.containsEntry("warehouseKind", "local")
			.containsEntry("warehouseWritable", true)
			.doesNotContainKey("warehouse");
		assertNoLocalPath(authorized.body());
	}

	@Test
	void theOpenApiDocumentsNeedTheTokenAndSwaggerUiStaysAStaticPage() throws Exception {
		for (String path : List.of("/v3/api-docs", "/v3/api-docs/paimon-admin", "/v3/api-docs/swagger-config",
				"/v3/api-docs.yaml")) {
			assertUnauthorized(this.anonymous.get(path));
		}
		HttpResponse<String> spec = this.admin.get("/v3/api-docs/paimon-admin");
		assertThat(spec.statusCode()).as(spec.body()).isEqualTo(200);
		assertThat(JsonPath.<String>read(spec.body(), "$.info.title")).isEqualTo("Paimon admin API");
		// the console's shell is public and static: the page, and its initializer with the sign-in step,
		// hold no path of the API, no table and no token
		for (String path : List.of("/swagger-ui/index.html", "/swagger-ui/swagger-initializer.js")) {
			HttpResponse<String> ui = this.anonymous.get(path);
			assertThat(ui.statusCode()).as(path).isEqualTo(200);
			assertThat(ui.body()).as(path).doesNotContain("/paimon/tables").doesNotContain("ops.a")
					.doesNotContain("ops/a");
		}
		assertThat(this.anonymous.get("/swagger-ui/swagger-initializer.js").body()).contains("paimon-sign-in");
		HttpResponse<String> console = this.anonymous.get("/swagger-ui.html");
		assertThat(console.statusCode()).as(console.body()).isEqualTo(302);
		assertThat(console.headers().firstValue("Location")).hasValueSatisfying(
				(location) -> assertThat(location).endsWith("/swagger-ui/index.html"));
	}

	@Test
	void aCrossTableCommitIsRefusedWithoutPathsOrUris() throws Exception {
		String id = open("/paimon/tables/ops/a/transactions");
		HttpResponse<String> uploaded = this.admin.postArrow("/paimon/transactions/" + id + "/batches",
				ArrowBodies.idName(1, "a"));
		assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(200);
		HttpResponse<String> prepared = this.admin.postJson("/paimon/transactions/" + id + "/prepare", "");
		assertThat(prepared.statusCode()).as(prepared.body()).isEqualTo(200);
		String commit = JsonPath.read(prepared.body(), "$.preparedCommit");
		HttpResponse<String> refused = this.admin.postJson("/paimon/tables/ops/b/commits",
				"{\"preparedCommits\":[\"" + commit + "\"]}");
		assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(JsonPath.<String>read(refused.body(), "$.detail")).as(refused.body())
			.contains("different table")
			.contains("ops.a")
			.contains("ops.b");
		assertNoLocalPath(refused.body());
		assertThat(refused.body()).doesNotContain("file:").doesNotContain("://");
	}

	/**
	 * The {@code sys} database and system tables ({@code table$snapshots}) are not admin tables. Needs
	 * the identifier check of {@code AdminTables}; fails until it refuses them.
	 */
	@Test
	void theSysDatabaseAndSystemTablesAreRefused() throws Exception {
		for (String path : List.of("/paimon/tables/sys/all_table_options", "/paimon/tables/ops/a$snapshots")) {
			HttpResponse<String> response = this.admin.get(path);
			assertThat(response.statusCode()).as("%s: %s", path, response.body()).isIn(400, 404);
			assertThat(response.headers().firstValue("Content-Type")).as(path).hasValueSatisfying(
					(type) -> assertThat(type).startsWith("application/problem+json"));
		}
		HttpResponse<String> tables = this.admin.get("/paimon/tables");
		assertThat(tables.statusCode()).as(tables.body()).isEqualTo(200);
		assertThat(JsonPath.<List<String>>read(tables.body(), "$[*].identifier")).as(tables.body())
			.contains("ops.a", "ops.b")
			.noneMatch((identifier) -> identifier.startsWith("sys.") || identifier.contains("$"));
	}

	@Test
	void withoutTheAdminApiThereAreNoOpenApiDocumentsSwaggerUiOrPaimonAndMetricsEndpoints() throws Exception {
		try (SampleAppProcess off = SampleAppProcess.start(temp.resolve("off"), JVM)) {
			AdminClient client = new AdminClient(off, null);
			for (String path : List.of("/v3/api-docs", "/v3/api-docs/paimon-admin", "/v3/api-docs/swagger-config",
					"/swagger-ui/index.html", "/swagger-ui.html", "/actuator/paimon", "/actuator/metrics",
					"/paimon/tables")) {
				HttpResponse<String> response = client.get(path);
				assertThat(response.statusCode()).as("%s: %s", path, response.body()).isEqualTo(404);
			}
			HttpResponse<String> health = client.get("/actuator/health");
			assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
			assertThat(JsonPath.<Map<String, Object>>read(health.body(), "$")).containsKey("status")
				.doesNotContainKeys("components", "details");
		}
	}

	private String open(String path) throws Exception {
		HttpResponse<String> opened = this.admin.postJson(path, "{}");
		assertThat(opened.statusCode()).as(opened.body()).isEqualTo(201);
		return JsonPath.read(opened.body(), "$.id");
	}

	private void assertNoLocalPath(String body) {
		assertThat(body).doesNotContain(temp.toString())
			.doesNotContain(this.warehouse.toAbsolutePath().toString())
			.doesNotContain(System.getProperty("java.io.tmpdir"));
	}

	private static void assertUnauthorized(HttpResponse<String> response) {
		assertThat(response.statusCode()).as("%s: %s", response.uri(), response.body()).isEqualTo(401);
		assertThat(response.headers().firstValue("Content-Type")).as(response.uri().toString())
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(JsonPath.<Integer>read(response.body(), "$.status")).isEqualTo(401);
	}

}
