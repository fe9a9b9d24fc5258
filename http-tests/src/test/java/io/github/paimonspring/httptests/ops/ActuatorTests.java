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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operations endpoints of the packaged sample app with the admin API enabled: the {@code paimon}
 * health component, the {@code paimon} actuator endpoint and the admin API's Micrometer metrics, read
 * with the admin token (anonymous clients get the health status and 401 from the others; see
 * {@link ExposureTests}).
 */
class ActuatorTests {

	private static final String TABLE = "ops.items";

	@TempDir
	Path warehouse;

	@Test
	void healthEndpointAndMetricsReportTheWarehouseTablesAndUploads() throws Exception {
		try (Warehouse fixture = new Warehouse(this.warehouse)) {
			fixture.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
					DataTypes.STRING()).build());
		}
		try (SampleAppProcess app = SampleAppProcess.start(this.warehouse, List.of("-Xmx512m"),
				"--paimon.admin.enabled=true", "--paimon.admin.token=t")) {
			AdminClient client = new AdminClient(app, "t");

			AdminClient anonymous = new AdminClient(app, null);
			HttpResponse<String> status = anonymous.get("/actuator/health");
			assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
			assertThat(JsonPath.<Map<String, Object>>read(status.body(), "$")).as("anonymous health: %s", status.body())
				.containsKey("status")
				.doesNotContainKeys("components", "details");
			assertThat(anonymous.get("/actuator/paimon").statusCode()).isEqualTo(401);
			assertThat(anonymous.get("/actuator/metrics/paimon.write.rows").statusCode()).isEqualTo(401);

			// the admin token makes the request authorized: health details, the paimon endpoint, metrics
			HttpResponse<String> health = client.get("/actuator/health");
			assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
			Map<String, Object> paimon = JsonPath.read(health.body(), "$.components.paimon");
			assertThat(paimon).as(health.body()).containsEntry("status", "UP");
			assertThat(JsonPath.<Map<String, Object>>read(health.body(), "$.components.paimon.details"))
				.containsEntry("metastore", "filesystem")
				.containsEntry("warehouseKind", "local")
				.containsEntry("warehouseWritable", true)
				.doesNotContainKey("warehouse");
			assertThat(health.body()).as("no local path").doesNotContain(this.warehouse.toAbsolutePath().toString());

			HttpResponse<String> before = client.get("/actuator/paimon");
			assertThat(before.statusCode()).as(before.body()).isEqualTo(200);
			assertThat(JsonPath.<List<String>>read(before.body(), "$.tables[*].identifier"))
				.containsExactlyInAnyOrder("shop.orders", "shop.events", "shop.clicks");
			assertThat(JsonPath.<List<Object>>read(before.body(),
					"$.tables[?(@.identifier == 'shop.orders')].primaryKeys[*]"))
				.containsExactly("order_id", "dt");
			assertThat(JsonPath.<List<Object>>read(before.body(), "$.tables[?(@.identifier == 'shop.orders')].bucket"))
				.containsExactly(2);
			assertThat(JsonPath.<List<Object>>read(before.body(), "$.transactions")).isEmpty();

			HttpResponse<String> opened = client.postJson("/paimon/tables/ops/items/transactions", "{}");
			assertThat(opened.statusCode()).as(opened.body()).isEqualTo(201);
			String id = JsonPath.read(opened.body(), "$.id");

			HttpResponse<String> uploaded = client.postArrow("/paimon/tables/ops/items/uploads",
					ArrowBodies.idName(1, "a", 2, "b", 3, "c"));
			assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(200);
			assertThat(JsonPath.<Boolean>read(uploaded.body(), "$.committed")).isTrue();

			assertThat(metric(client, "paimon.write.rows", "table:" + TABLE)).isEqualTo(3.0);
			assertThat(metric(client, "paimon.write.bytes", "table:" + TABLE)).isGreaterThan(0.0);
			assertThat(metric(client, "paimon.commits", "table:" + TABLE, "result:committed")).isEqualTo(1.0);
			assertThat(metric(client, "paimon.transactions.open")).isEqualTo(1.0);

			HttpResponse<String> during = client.get("/actuator/paimon");
			assertThat(JsonPath.<List<String>>read(during.body(), "$.transactions[*].id")).as(during.body())
				.containsExactly(id);
			assertThat(JsonPath.<List<String>>read(during.body(), "$.transactions[*].table")).containsExactly(TABLE);
			assertThat(JsonPath.<List<String>>read(during.body(), "$.transactions[*].state")).containsExactly("OPEN");

			HttpResponse<String> aborted = client.postJson("/paimon/transactions/" + id + "/abort", "{}");
			assertThat(aborted.statusCode()).as(aborted.body()).isEqualTo(200);
			assertThat(JsonPath.<List<Object>>read(client.get("/actuator/paimon").body(), "$.transactions")).isEmpty();
			assertThat(metric(client, "paimon.aborts", "table:" + TABLE)).isEqualTo(1.0);
			assertThat(metric(client, "paimon.transactions.open")).isEqualTo(0.0);
		}
	}

	/** The first measurement of a meter, filtered by {@code name:value} tags. */
	private static double metric(AdminClient client, String name, String... tags) throws Exception {
		StringBuilder path = new StringBuilder("/actuator/metrics/").append(name);
		for (int i = 0; i < tags.length; i++) {
			path.append((i == 0) ? '?' : '&').append("tag=").append(tags[i]);
		}
		HttpResponse<String> response = client.get(path.toString());
		assertThat(response.statusCode()).as("%s: %s", path, response.body()).isEqualTo(200);
		return JsonPath.<Number>read(response.body(), "$.measurements[0].value").doubleValue();
	}

}
