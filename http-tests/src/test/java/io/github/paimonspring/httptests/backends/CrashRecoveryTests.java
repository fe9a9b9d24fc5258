package io.github.paimonspring.httptests.backends;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Two instances on one JDBC catalog (the real PostgreSQL); instance A is killed with {@code kill -9}
 * while it streams an upload, holds a staged transaction with uploaded data, and compacts a table,
 * and while instance B holds a staged transaction of its own. Afterwards the tables read exactly the
 * committed rows; A's transaction reports ABORTED (not 404) on B and on the restarted A; the next
 * maintenance round of the restarted A removes every file A left and none of B's live transaction,
 * which B then commits.
 */
@Tag(TestPostgres.TAG)
@Tag(ClusterTests.TAG)
class CrashRecoveryTests {

	private static final String TOKEN = "crash-token";

	private static final String JDBC = TestPostgres.jdbcUrl();

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final List<String> JVM = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	private static final int PARTITIONS = 40;

	private static final int SEED_COMMITS = 10;

	@TempDir
	Path dir;

	@Test
	void aKilledInstanceLeavesCommittedRowsAClearStateAndNoFiles() throws Exception {
		String key = "crash_" + UUID.randomUUID().toString().replace("-", "");
		Path warehouse = this.dir.resolve("wh");
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.metastore=jdbc", "--paimon.catalog.warehouse=" + warehouse,
				"--paimon.catalog.options.uri=" + JDBC, "--paimon.catalog.options.jdbc.user=" + TestPostgres.user(),
				"--paimon.catalog.options.catalog-key=" + key, "--paimon.catalog.options.lock.enabled=true",
				"--paimon.ingest.commit-interval=0ms", "--paimon.cluster.heartbeat-interval=200ms",
				"--paimon.cluster.instance-lease=1s",
				"--paimon.tables.events.identifier=cr.events", "--paimon.tables.events.create-if-missing=true",
				"--paimon.tables.events.schema.columns[0].name=id", "--paimon.tables.events.schema.columns[0].type=INT",
				"--paimon.tables.events.schema.columns[1].name=name",
				"--paimon.tables.events.schema.columns[1].type=STRING",
				"--paimon.tables.parts.identifier=cr.parts", "--paimon.tables.parts.create-if-missing=true",
				"--paimon.tables.parts.schema.columns[0].name=id", "--paimon.tables.parts.schema.columns[0].type=INT",
				"--paimon.tables.parts.schema.columns[1].name=name",
						"--paimon.tables.parts.schema.columns[1].type=STRING",
				"--paimon.tables.parts.schema.columns[2].name=dt",
						"--paimon.tables.parts.schema.columns[2].type=STRING",
				"--paimon.tables.parts.schema.partition-keys[0]=dt"));
		Path events = warehouse.resolve("cr.db").resolve("events");
		Path parts = warehouse.resolve("cr.db").resolve("parts");
		SampleAppProcess b = SampleAppProcess.start(null, JVM, args.toArray(String[]::new));
		try {
			AdminClient clientB = new AdminClient(b, TOKEN);
			// committed rows: 100 in events; 40 partitions x 10 commits in parts (400 small files)
			expect(clientB.postArrow("/paimon/tables/cr/events/uploads", ArrowBodies.idNameRange(0, 100)), 200);
			for (int commit = 0; commit < SEED_COMMITS; commit++) {
				Object[] triples = new Object[PARTITIONS * 3];
				for (int p = 0; p < PARTITIONS; p++) {
					triples[3 * p] = commit * PARTITIONS + p;
					triples[3 * p + 1] = "n";
					triples[3 * p + 2] = "p" + p;
				}
				expect(clientB.postArrow("/paimon/tables/cr/parts/uploads", ArrowBodies.idNameDt(triples)), 200);
			}
			String live = open(clientB, "cr/events");
			expect(clientB.postArrow("/paimon/transactions/" + live + "/batches", ArrowBodies.idNameRange(5000, 50)),
					200);
			String instanceB = view(clientB, live).path("instance").asText();
			Set<String> liveFiles = filesOf(events, instanceB);
			assertThat(liveFiles).as("B's open transaction wrote files").isNotEmpty();

			String staged;
			String instanceA;
			CompletableFuture<HttpResponse<String>> upload;
			CompletableFuture<HttpResponse<String>> compaction;
			PipedOutputStream stalled = new PipedOutputStream();
			SampleAppProcess a = SampleAppProcess.start(null, JVM, args.toArray(String[]::new));
			try {
				AdminClient clientA = new AdminClient(a, TOKEN);
				staged = open(clientA, "cr/events");
				expect(clientA.postArrow("/paimon/transactions/" + staged + "/batches", ArrowBodies.idNameRange(1000,
						50)),
						200);
				instanceA = view(clientA, staged).path("instance").asText();
				assertThat(filesOf(events, instanceA)).as("A's staged transaction wrote files").isNotEmpty();
				// an upload whose body stops half-way: the server is reading it when it dies
				byte[] body = ArrowBodies.idNameRange(2000, 20000);
				PipedInputStream in = new PipedInputStream(stalled, body.length);
				stalled.write(body, 0, body.length / 2);
				stalled.flush();
				upload = clientA.http().sendAsync(clientA.request("/paimon/tables/cr/events/uploads")
					.header("Content-Type", AdminClient.ARROW)
					.POST(HttpRequest.BodyPublishers.ofInputStream(() -> in))
					.build(), HttpResponse.BodyHandlers.ofString());
				// a compaction of 40 partitions, killed once its first output file exists
				compaction = clientA.http().sendAsync(clientA.request("/paimon/tables/cr/parts/compact")
					.POST(HttpRequest.BodyPublishers.noBody())
					.build(), HttpResponse.BodyHandlers.ofString());
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
				while (filesOf(parts, instanceA).isEmpty()) {
					assertThat(compaction).as("the compaction is still running").isNotDone();
					assertThat(System.nanoTime()).as("compaction output within 120 s").isLessThan(deadline);
					Thread.onSpinWait();
				}
			}
			finally {
				a.kill();
				stalled.close();
			}
			assertThat(compaction).as("killed in the middle of the compaction").failsWithin(Duration.ofSeconds(60));
			assertThat(upload).as("killed in the middle of the upload").failsWithin(Duration.ofSeconds(60));
			assertThat(filesOf(parts, instanceA)).as("the dead compaction left files").isNotEmpty();

			List<String> eventIds = ids(warehouse, key, "cr.events");
			assertThat(eventIds).as("only the committed rows").hasSize(100);
			assertThat(ids(warehouse, key, "cr.parts")).hasSize(PARTITIONS * SEED_COMMITS).doesNotHaveDuplicates();

			// B settles A's transaction once A's lease ran out
			JsonNode settled = awaitState(clientB, staged, "ABORTED");
			assertThat(settled.path("failure").asText()).contains("instance " + instanceA + " stopped");
			List<String> restartArgs = new ArrayList<>(args);
			restartArgs.addAll(List.of("--paimon.maintenance.enabled=true", "--paimon.maintenance.interval=200ms",
					"--paimon.maintenance.min-files=100000"));
			try (SampleAppProcess restarted = SampleAppProcess.start(null, JVM, restartArgs.toArray(String[]::new))) {
				AdminClient clientA = new AdminClient(restarted, TOKEN);
				assertThat(view(clientA, staged).path("state").asText()).as("on the restarted instance")
						.isEqualTo("ABORTED");
				// the next maintenance round removes every file the dead instance left, in both tables
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
				while (!filesOf(events, instanceA).isEmpty() || !filesOf(parts, instanceA).isEmpty()) {
					assertThat(System.nanoTime()).as("the dead instance's files removed within 120 s")
							.isLessThan(deadline);
					Thread.onSpinWait();
				}
				assertThat(filesOf(events, instanceB)).as("B's live transaction keeps its files")
						.containsAll(liveFiles);
				assertThat(view(clientB, live).path("state").asText()).isEqualTo("OPEN");
				expect(clientB.postJson("/paimon/transactions/" + live + "/commit", "{}"), 200);
				assertThat(view(clientA, live).path("state").asText()).isEqualTo("COMMITTED");
			}
			assertThat(ids(warehouse, key, "cr.events")).hasSize(150).doesNotHaveDuplicates();
			assertThat(ids(warehouse, key, "cr.parts")).hasSize(PARTITIONS * SEED_COMMITS).doesNotHaveDuplicates();
		}
		finally {
			b.close();
		}
	}

	private static String open(AdminClient client, String table) throws Exception {
		return expect(client.postJson("/paimon/tables/" + table + "/transactions", "{}"), 201).path("id").asText();
	}

	private static JsonNode view(AdminClient client, String id) throws Exception {
		return expect(client.get("/paimon/transactions/" + id), 200);
	}

	private static JsonNode awaitState(AdminClient client, String id, String state) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		JsonNode view = view(client, id);
		while (!view.path("state").asText().equals(state)) {
			assertThat(System.nanoTime()).as("transaction %s %s within 60 s, last %s", id, state,
					view).isLessThan(deadline);
			Thread.onSpinWait();
			view = view(client, id);
		}
		return view;
	}

	private static JsonNode expect(HttpResponse<String> response, int status) throws IOException {
		assertThat(response.statusCode()).as("%s -> %s", response.uri(), response.body()).isEqualTo(status);
		return JSON.readTree(response.body());
	}

	private static List<String> ids(Path warehouse, String key, String table) throws Exception {
		try (Warehouse tables = new Warehouse(Map.of("metastore", "jdbc", "warehouse", warehouse.toString(), "uri",
				JDBC,
				"jdbc.user", TestPostgres.user(), "catalog-key", key))) {
			return tables.read(table, (row) -> String.valueOf(row.getInt(0)));
		}
	}

	/** The files in a table directory whose names carry an instance's id. */
	private static Set<String> filesOf(Path table, String instance) {
		if (!Files.isDirectory(table)) {
			return Set.of();
		}
		try (Stream<Path> files = Files.walk(table)) {
			return files.filter(Files::isRegularFile)
				.map((path) -> path.getFileName().toString())
				.filter((name) -> name.contains("-" + instance + "-"))
				.collect(Collectors.toSet());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (UncheckedIOException ex) {
			return filesOf(table, instance); // a file vanished while walking: look again
		}
	}

}
