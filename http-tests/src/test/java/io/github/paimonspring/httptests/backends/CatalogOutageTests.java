package io.github.paimonspring.httptests.backends;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.support.TestPostgres;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalog's database becomes unreachable mid-run (a TCP proxy in front of the shared PostgreSQL is
 * cut; the server itself is never stopped): uploads answer 503 with {@code Retry-After}, health is
 * DOWN, and once the database is back the retried uploads commit exactly once.
 */
@Tag(TestPostgres.TAG)
class CatalogOutageTests {

	private static final String TOKEN = "outage-token";

	private static final String PATH = "/paimon/tables/shop/logs/uploads";

	@TempDir
	Path dir;

	@Test
	void aLostCatalogDatabaseMeansRetryLaterAndNothingTwice() throws Exception {
		String key = "outage_" + UUID.randomUUID().toString().replace("-", "");
		Path warehouse = this.dir.resolve("wh");
		try (TcpProxy proxy = new TcpProxy(TestPostgres.port())) {
			String uri = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/postgres?connectTimeout=5&socketTimeout=10";
			List<String> args = List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
					"--paimon.catalog.metastore=jdbc", "--paimon.catalog.warehouse=" + warehouse,
					"--paimon.catalog.options.uri=" + uri, "--paimon.catalog.options.jdbc.user=" + TestPostgres.user(),
					"--paimon.catalog.options.catalog-key=" + key, "--paimon.catalog.options.lock.enabled=true",
					"--paimon.tables.logs.identifier=shop.logs", "--paimon.tables.logs.create-if-missing=true",
					"--paimon.tables.logs.schema.columns[0].name=id", "--paimon.tables.logs.schema.columns[0].type=INT",
					"--paimon.tables.logs.schema.columns[1].name=name",
					"--paimon.tables.logs.schema.columns[1].type=STRING");
			try (SampleAppProcess app = SampleAppProcess.start(null, List.of("-Xmx384m", "-XX:TieredStopAtLevel=1",
					"-XX:+UseSerialGC"), args.toArray(String[]::new))) {
				AdminClient client = new AdminClient(app, TOKEN);
				assertThat(client.postArrow(PATH, ArrowBodies.idName(1, "before"), "Idempotency-Key",
						"k1").statusCode())
					.isEqualTo(200);

				proxy.cut();
				HttpResponse<String> refused = client.postArrow(PATH, ArrowBodies.idName(2, "during"),
						"Idempotency-Key",
						"k2");
				assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
				assertThat(refused.headers().firstValue("Retry-After")).isPresent();
				assertThat(refused.body()).doesNotContain(String.valueOf(proxy.port()));
				HttpResponse<String> health = client.get("/actuator/health");
				assertThat(health.statusCode()).as(health.body()).isEqualTo(503);
				assertThat(health.body()).contains("DOWN");

				proxy.restore();
				int status = 0;
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
				while (status != 200 && System.nanoTime() < deadline) {
					status = client.postArrow(PATH, ArrowBodies.idName(2, "during"), "Idempotency-Key",
							"k2").statusCode();
					assertThat(status).isIn(200, 503);
				}
				assertThat(status).isEqualTo(200);
				JsonNode again = new ObjectMapper().readTree(client.postArrow(PATH, ArrowBodies.idName(1, "before"),
						"Idempotency-Key", "k1").body());
				assertThat(again.path("committed").asBoolean()).isFalse();
			}
			try (Warehouse tables = new Warehouse(Map.of("metastore", "jdbc", "warehouse", warehouse.toString(),
					"uri", TestPostgres.jdbcUrl(), "jdbc.user", TestPostgres.user(), "catalog-key", key))) {
				assertThat(tables.idNames("shop.logs")).containsExactlyInAnyOrder("1:before", "2:during");
			}
		}
	}

}
