package io.github.paimonspring.httptests.backends;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.support.TestPostgres;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Instances of one JDBC catalog (the real PostgreSQL): they start together, a differing table
 * declaration fails naming the difference, and an instance killed while it holds a table's commit
 * lock freezes the table's commits for the lock's lease only, losing and doubling nothing.
 */
@Tag(TestPostgres.TAG)
@Tag(ClusterTests.TAG)
class ScaleOutTests {

	private static final String JDBC = TestPostgres.jdbcUrl();

	private static final String TOKEN = "scale-token";

	private static final List<String> JVM = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	@TempDir
	Path dir;

	private List<String> args(String catalogKey, Path warehouse, String... more) {
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.metastore=jdbc", "--paimon.catalog.warehouse=" + warehouse,
				"--paimon.catalog.options.uri=" + JDBC, "--paimon.catalog.options.jdbc.user=" + TestPostgres.user(),
				"--paimon.catalog.options.catalog-key=" + catalogKey, "--paimon.catalog.options.lock.enabled=true"));
		args.addAll(List.of(more));
		return args;
	}

	/** Rounds of the start race: 10 (CI's second run, on Java 25, takes 3 with {@code -Dscale-out.start-rounds}). */
	private static final int START_ROUNDS = Integer.getInteger("scale-out.start-rounds", 10);

	@Test
	void twoInstancesStartedTogetherBothStartTenTimesInARow() throws Exception {
		for (int round = 0; round < START_ROUNDS; round++) {
			// a fresh catalog each round: both instances create the sample app's database and tables
			String key = "start_" + UUID.randomUUID().toString().replace("-", "");
			String[] args = args(key, this.dir.resolve("wh" + round)).toArray(String[]::new);
			CompletableFuture<SampleAppProcess> first = CompletableFuture.supplyAsync(() -> start(args));
			CompletableFuture<SampleAppProcess> second = CompletableFuture.supplyAsync(() -> start(args));
			try (SampleAppProcess a = first.join(); SampleAppProcess b = second.join()) {
				assertThat(a.isAlive()).as("round %d, first instance", round).isTrue();
				assertThat(b.isAlive()).as("round %d, second instance", round).isTrue();
			}
		}
	}

	@Test
	void aDifferentDeclarationOnTheSecondInstanceFailsNamingTheDifference() throws Exception {
		String key = "differ_" + UUID.randomUUID().toString().replace("-", "");
		Path warehouse = this.dir.resolve("wh");
		try (SampleAppProcess first = SampleAppProcess.start(null, JVM,
				args(key, warehouse, declared("STRING")).toArray(String[]::new))) {
			SampleAppProcess.Exit second = SampleAppProcess.runUntilExit(null, JVM, Duration.ofMinutes(2),
					args(key, warehouse, declared("INT")).toArray(String[]::new));
			assertThat(second.code()).isNotZero();
			assertThat(second.output()).contains("field 'name' is STRING in the table but INT in the configuration");
			assertThat(first.isAlive()).isTrue();
		}
	}

	@Test
	void aCommitLockLeftByPaimonsOwnLockFreezesTheTableForItsLeaseOnly() throws Exception {
		String key = "lock_" + UUID.randomUUID().toString().replace("-", "");
		Path warehouse = this.dir.resolve("wh");
		String[] args = args(key, warehouse, "--paimon.catalog.options.lock-acquire-timeout=60 s",
				"--paimon.ingest.commit-interval=0ms", "--paimon.tables.logs.identifier=shop.logs",
				"--paimon.tables.logs.create-if-missing=true", "--paimon.tables.logs.schema.columns[0].name=id",
				"--paimon.tables.logs.schema.columns[0].type=INT", "--paimon.tables.logs.schema.columns[1].name=name",
				"--paimon.tables.logs.schema.columns[1].type=STRING").toArray(String[]::new);
		try (SampleAppProcess instance = SampleAppProcess.start(null, JVM, args)) {
			AdminClient client = new AdminClient(instance, TOKEN);
			assertThat(upload(client, 1).statusCode()).isEqualTo(200);
			// a Flink or Spark job using Paimon's own JDBC lock died holding the table's lock: its row stays
			// until its lease (5 s) ends; the instances' own locks end with their sessions (FailoverTests)
			try (Connection connection = DriverManager.getConnection(JDBC, TestPostgres.user(), null);
					PreparedStatement insert = connection.prepareStatement(
							"INSERT INTO paimon_distributed_locks (lock_id, expire_time_seconds) VALUES (?, 5)")) {
				insert.setString(1, key + ".shop.logs");
				insert.executeUpdate();
			}
			HttpResponse<String> endpoint = client.get("/actuator/paimon");
			assertThat(endpoint.body()).contains("\"commitLocks\":[{\"table\":\"shop.logs\"");
			long started = System.nanoTime();
			HttpResponse<String> second = upload(client, 2);
			assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
			System.out.println("ScaleOutTests: a commit waited " + TimeUnit.NANOSECONDS.toMillis(System
					.nanoTime() - started)
					+ " ms for Paimon's lock row to expire");
			// the commit could only happen once the row's lease ended: it removed the expired row
			assertThat(lockHeld(key + ".shop.logs")).as("the expired row was removed").isFalse();
		}
		try (Warehouse tables = new Warehouse(Map.of("metastore", "jdbc", "warehouse", warehouse.toString(), "uri",
				JDBC,
				"jdbc.user", TestPostgres.user(), "catalog-key", key))) {
			assertThat(tables.read("shop.logs", (row) -> row.getInt(0))).containsExactlyInAnyOrder(1, 2);
		}
	}

	private static HttpResponse<String> upload(AdminClient client, int id) throws Exception {
		return client.send(client.request("/paimon/tables/shop/logs/uploads")
			.timeout(Duration.ofMinutes(2))
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofByteArray(ArrowBodies.idName(id, "n" + id)))
			.build());
	}

	private static boolean lockHeld(String lockId) throws Exception {
		try (Connection connection = DriverManager.getConnection(JDBC, TestPostgres.user(), null);
				PreparedStatement select = connection
					.prepareStatement("SELECT 1 FROM paimon_distributed_locks WHERE lock_id = ?")) {
			select.setString(1, lockId);
			try (ResultSet rows = select.executeQuery()) {
				return rows.next();
			}
		}
	}

	/** A table {@code shop.declared (id INT, name <nameType>)} declared on the command line. */
	private static String[] declared(String nameType) {
		return new String[] { "--paimon.tables.declared.identifier=shop.declared",
				"--paimon.tables.declared.create-if-missing=true", "--paimon.tables.declared.schema.columns[0].name=id",
				"--paimon.tables.declared.schema.columns[0].type=INT",
				"--paimon.tables.declared.schema.columns[1].name=name",
				"--paimon.tables.declared.schema.columns[1].type=" + nameType };
	}

	private SampleAppProcess start(String[] args) {
		try {
			return SampleAppProcess.start(null, JVM, args);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
