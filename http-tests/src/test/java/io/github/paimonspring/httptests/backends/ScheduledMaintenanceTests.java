package io.github.paimonspring.httptests.backends;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
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
 * Two instances on one JDBC catalog (the real PostgreSQL) maintain the same configured table on a
 * short schedule while both keep ingesting: no two maintenance runs of the table ever overlap, and
 * every row is there exactly once afterwards.
 */
@Tag(TestPostgres.TAG)
class ScheduledMaintenanceTests {

	private static final String TOKEN = "maintenance-token";

	private static final String JDBC = TestPostgres.jdbcUrl();

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path dir;

	@Test
	void maintenanceOfOneTableNeverRunsOnBothInstancesAtOnce() throws Exception {
		String key = "maint_" + UUID.randomUUID().toString().replace("-", "");
		Path warehouse = this.dir.resolve("wh");
		List<String> args = List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.metastore=jdbc", "--paimon.catalog.warehouse=" + warehouse,
				"--paimon.catalog.options.uri=" + JDBC, "--paimon.catalog.options.jdbc.user=" + TestPostgres.user(),
				"--paimon.catalog.options.catalog-key=" + key, "--paimon.catalog.options.lock.enabled=true",
				"--paimon.ingest.commit-interval=0ms", "--paimon.maintenance.enabled=true",
				"--paimon.maintenance.interval=50ms", "--paimon.maintenance.min-files=2",
				"--paimon.tables.mlog.identifier=mi.mlog", "--paimon.tables.mlog.create-if-missing=true",
				"--paimon.tables.mlog.schema.columns[0].name=id", "--paimon.tables.mlog.schema.columns[0].type=INT",
				"--paimon.tables.mlog.schema.columns[1].name=name", "--paimon.tables.mlog.schema.columns[1].type=STRING");
		List<String> jvm = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
		int uploads = 0;
		List<JsonNode> runs = new ArrayList<>();
		try (SampleAppProcess a = SampleAppProcess.start(null, jvm, args.toArray(String[]::new));
				SampleAppProcess b = SampleAppProcess.start(null, jvm, args.toArray(String[]::new))) {
			AdminClient[] clients = { new AdminClient(a, TOKEN), new AdminClient(b, TOKEN) };
			long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
			// both instances ingest until at least 20 maintenance runs (with compactions) are recorded
			while (runs(clients, runs) < 20 || compactions(runs) < 5) {
				assertThat(System.nanoTime()).as("20 maintenance runs within 5 minutes").isLessThan(deadline);
				for (int i = 0; i < 10; i++, uploads++) {
					AdminClient client = clients[uploads % 2];
					int status = client.postArrow("/paimon/tables/mi/mlog/uploads", ArrowBodies.idName(uploads, "u" + uploads),
							"Idempotency-Key", "u" + uploads).statusCode();
					assertThat(status).isEqualTo(200);
				}
			}
		}
		int overlaps = 0;
		for (JsonNode first : runs) {
			for (JsonNode second : runs) {
				if (first != second && !first.path("instance").asText().equals(second.path("instance").asText())
						&& instant(first, "started").isBefore(instant(second, "finished"))
						&& instant(second, "started").isBefore(instant(first, "finished"))) {
					overlaps++;
				}
			}
		}
		assertThat(runs.stream().map((run) -> run.path("instance").asText()).distinct()).as("both instances ran")
			.hasSize(2);
		assertThat(overlaps).as("overlapping runs of one table on two instances").isZero();
		try (Warehouse tables = new Warehouse(Map.of("metastore", "jdbc", "warehouse", warehouse.toString(), "uri", JDBC,
				"jdbc.user", TestPostgres.user(), "catalog-key", key))) {
			List<Integer> ids = tables.read("mi.mlog", (row) -> row.getInt(0));
			assertThat(ids).hasSize(uploads).doesNotHaveDuplicates();
		}
	}

	/** Collects the runs both instances recorded; returns their number. */
	private static int runs(AdminClient[] clients, List<JsonNode> runs) throws Exception {
		runs.clear();
		for (AdminClient client : clients) {
			JsonNode state = JSON.readTree(client.get("/paimon/tables/mi/mlog/maintenance").body());
			state.path("runs").forEach(runs::add);
		}
		return runs.size();
	}

	private static long compactions(List<JsonNode> runs) {
		return runs.stream().filter((run) -> !run.path("compaction").isNull() && !run.path("compaction").isMissingNode())
			.count();
	}

	private static Instant instant(JsonNode run, String field) {
		return Instant.parse(run.path(field).asText());
	}

}
