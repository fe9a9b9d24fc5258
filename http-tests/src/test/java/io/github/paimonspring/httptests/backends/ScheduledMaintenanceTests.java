package io.github.paimonspring.httptests.backends;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.support.TestPostgres;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances on one JDBC catalog (the real PostgreSQL) maintain the same table on a short schedule
 * while both keep ingesting: no two maintenance runs of the table ever overlap, and every row is there
 * exactly once afterwards — for a configured table, and for a table that {@code paimon.tables} does not
 * declare (created with Paimon's API), which a restarted instance keeps maintaining from the shared
 * state without writing it again.
 */
@Tag(TestPostgres.TAG)
@Tag(ClusterTests.TAG)
class ScheduledMaintenanceTests {

	private static final String TOKEN = "maintenance-token";

	private static final String JDBC = TestPostgres.jdbcUrl();

	private static final ObjectMapper JSON = new ObjectMapper();

	/**
	 * The compaction trigger: Paimon's append compaction packs at least {@code compaction.min.file-num}
	 * (5) files, so a lower trigger would compact nothing until then.
	 */
	private static final int MIN_FILES = 5;

	private static final List<String> JVM = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	@TempDir
	Path dir;

	@Test
	void maintenanceOfOneTableNeverRunsOnBothInstancesAtOnce() throws Exception {
		String key = "maint_" + UUID.randomUUID().toString().replace("-", "");
		Path warehouse = this.dir.resolve("wh");
		// a database of its own: the maintenance claims in PostgreSQL are per table identifier
		String database = "mi_" + key.substring(6, 14);
		List<String> args = args(key, warehouse, "--paimon.tables.mlog.identifier=" + database + ".mlog",
				"--paimon.tables.mlog.create-if-missing=true",
				"--paimon.tables.mlog.schema.columns[0].name=id", "--paimon.tables.mlog.schema.columns[0].type=INT",
				"--paimon.tables.mlog.schema.columns[1].name=name",
						"--paimon.tables.mlog.schema.columns[1].type=STRING");
		int uploads;
		List<JsonNode> runs = new ArrayList<>();
		try (SampleAppProcess a = SampleAppProcess.start(null, JVM, args.toArray(String[]::new));
				SampleAppProcess b = SampleAppProcess.start(null, JVM, args.toArray(String[]::new))) {
			AdminClient[] clients = { new AdminClient(a, TOKEN), new AdminClient(b, TOKEN) };
			uploads = ingestUntilMaintained(clients, database, "mlog", runs);
		}
		assertThat(runs.stream().map((run) -> run.path("instance").asText()).distinct()).as("both instances ran")
			.hasSize(2);
		assertThat(overlaps(runs)).as("overlapping runs of one table on two instances").isZero();
		assertThat(maintenanceClaims(database + ".mlog")).as("both stopped instances released their claims").isZero();
		try (Warehouse tables = new Warehouse(catalog(key, warehouse))) {
			List<Integer> ids = tables.read(database + ".mlog", (row) -> row.getInt(0));
			assertThat(ids).hasSize(uploads).doesNotHaveDuplicates();
		}
	}

	@Test
	void anUndeclaredTableIsMaintainedByOneInstanceAtATimeAndAfterARestart() throws Exception {
		String key = "maint_" + UUID.randomUUID().toString().replace("-", "");
		Path warehouse = this.dir.resolve("wh");
		String database = "mu_" + key.substring(6, 14);
		String table = database + ".events";
		try (Warehouse tables = new Warehouse(catalog(key, warehouse))) {
			tables.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.option("write-only", "true").build());
		}
		// no paimon.tables: the instances maintain the table because they write it
		List<String> args = args(key, warehouse);
		List<JsonNode> runs = new ArrayList<>();
		int uploads;
		SampleAppProcess a = SampleAppProcess.start(null, JVM, args.toArray(String[]::new));
		try {
			try (SampleAppProcess b = SampleAppProcess.start(null, JVM, args.toArray(String[]::new))) {
				AdminClient[] clients = { new AdminClient(a, TOKEN), new AdminClient(b, TOKEN) };
				uploads = ingestUntilMaintained(clients, database, "events", runs);
				assertThat(runs.stream().map((run) -> run.path("instance").asText()).distinct())
					.as("both instances ran").hasSize(2);
				assertThat(overlaps(runs)).as("overlapping runs of one table on two instances").isZero();
				System.out.printf(Locale.ROOT,
						"ScheduledMaintenanceTests: undeclared table, %d uploads, %d runs on two instances (%d "
								+ "compacted), "
								+ "0 overlapping%n",
						uploads, runs.size(), compactions(runs));

				// A restarts, then B stops; the restarted A never writes the table: it maintains it because
				// the shared state remembers it, and because both stops released their claims (with the
				// default lock-lease of 10 minutes, a claim left behind would block it past the bound below)
				a.close();
				a = SampleAppProcess.start(null, JVM, args.toArray(String[]::new));
			}
			AdminClient client = new AdminClient(a, TOKEN);
			Instant alone = Instant.now();
			try (Warehouse tables = new Warehouse(catalog(key, warehouse))) {
				// only Paimon's own writer adds files now, one per commit: enough for a compaction
				for (int commit = 0; commit < MIN_FILES + 1; commit++) {
					tables.insert(table, GenericRow.of(uploads + commit, BinaryString.fromString("p" + commit)));
				}
				long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
				AdminClient[] restarted = { client };
				while (runs(restarted, database, "events", runs) == 0 || runs.stream()
					.noneMatch((run) -> instant(run, "started").isAfter(alone) && compacted(run))
						|| tables.liveFileCount(table) >= MIN_FILES) {
					assertThat(System.nanoTime()).as("the restarted instance compacts within two minutes: %s", runs)
						.isLessThan(deadline);
					TimeUnit.MILLISECONDS.sleep(100);
				}
				assertThat(runs).allSatisfy((run) -> assertThat(run.path("error").isNull()).as(run.toString())
						.isTrue());
				JsonNode endpoint = JSON.readTree(client.get("/actuator/paimon").body());
				assertThat(endpoint.path("tables")).as("the restarted instance lists the undeclared table")
					.anySatisfy((described) -> {
						assertThat(described.path("identifier").asText()).isEqualTo(table);
						assertThat(described.path("maintained").asBoolean()).isTrue();
					});
				List<Integer> ids = tables.read(table, (row) -> row.getInt(0));
				assertThat(ids).hasSize(uploads + MIN_FILES + 1).doesNotHaveDuplicates();
			}
		}
		finally {
			a.close();
		}
		assertThat(maintenanceClaims(table)).as("every stopped instance released its maintenance claim").isZero();
	}

	/** The maintenance claims of a table held in PostgreSQL now. */
	private static int maintenanceClaims(String table) throws Exception {
		try (Connection connection = DriverManager.getConnection(JDBC, TestPostgres.user(), null);
				PreparedStatement select = connection.prepareStatement(
						"SELECT COUNT(*) FROM paimon_ingest_key_claims WHERE table_name = ? AND idem_key = "
								+ "'maintenance'")) {
			select.setString(1, table);
			try (ResultSet rows = select.executeQuery()) {
				rows.next();
				return rows.getInt(1);
			}
		}
	}

	/** The instances' arguments: the JDBC catalog, group commits without waiting, maintenance every 50 ms. */
	private static List<String> args(String key, Path warehouse, String... more) {
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.metastore=jdbc", "--paimon.catalog.warehouse=" + warehouse,
				"--paimon.catalog.options.uri=" + JDBC, "--paimon.catalog.options.jdbc.user=" + TestPostgres.user(),
				"--paimon.catalog.options.catalog-key=" + key, "--paimon.catalog.options.lock.enabled=true",
				"--paimon.ingest.commit-interval=0ms", "--paimon.maintenance.enabled=true",
				"--paimon.maintenance.interval=50ms", "--paimon.maintenance.min-files=" + MIN_FILES));
		args.addAll(List.of(more));
		return args;
	}

	private static Map<String, String> catalog(String key, Path warehouse) {
		return Map.of("metastore", "jdbc", "warehouse", warehouse.toString(), "uri", JDBC, "jdbc.user",
				TestPostgres.user(),
				"catalog-key", key, "lock.enabled", "true");
	}

	/**
	 * Both instances ingest until at least 20 maintenance runs (5 with compactions) of the table are
	 * recorded; returns the number of uploads, each one row with the next id.
	 */
	private static int ingestUntilMaintained(AdminClient[] clients, String database, String table,
			List<JsonNode> runs) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
		int uploads = 0;
		while (runs(clients, database, table, runs) < 20 || compactions(runs) < 5) {
			assertThat(System.nanoTime()).as("20 maintenance runs within 5 minutes").isLessThan(deadline);
			for (int i = 0; i < 10; i++, uploads++) {
				AdminClient client = clients[uploads % 2];
				int status = client.postArrow("/paimon/tables/" + database + "/" + table + "/uploads",
						ArrowBodies.idName(uploads, "u" + uploads), "Idempotency-Key", "u" + uploads).statusCode();
				assertThat(status).isEqualTo(200);
			}
		}
		return uploads;
	}

	/** Collects the runs both instances recorded; returns their number. */
	private static int runs(AdminClient[] clients, String database, String table, List<JsonNode> runs)
			throws Exception {
		runs.clear();
		for (AdminClient client : clients) {
			JsonNode state = JSON.readTree(client.get("/paimon/tables/" + database + "/" + table
					+ "/maintenance").body());
			state.path("runs").forEach(runs::add);
		}
		return runs.size();
	}

	/** Pairs of runs on different instances whose [started, finished] intervals intersect. */
	private static int overlaps(List<JsonNode> runs) {
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
		return overlaps;
	}

	private static long compactions(List<JsonNode> runs) {
		return runs.stream().filter(ScheduledMaintenanceTests::compacted).count();
	}

	private static boolean compacted(JsonNode run) {
		return run.path("compaction").path("snapshotId").isNumber();
	}

	private static Instant instant(JsonNode run, String field) {
		return Instant.parse(run.path(field).asText());
	}

}
