package io.github.paimonspring.httptests.admin;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.httptests.ArrowBodies;
import org.apache.paimon.Snapshot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged app on its embedded default (scheduled maintenance on without being asked) maintains a
 * table that {@code paimon.tables} does not declare, created with Paimon's own API: after 2,000 small
 * uploads through the group commit and one maintenance round after the load, each bucket holds at most
 * {@code min-files} files, snapshots are expired as the table's options say, and every row is there
 * exactly once. A table that {@code paimon.maintenance.exclude} matches, written at the same time, is
 * never compacted: its file count only grows. Health, the {@code paimon} endpoint and
 * {@code GET …/maintenance} show the undeclared table.
 */
class UndeclaredTableMaintenanceOverHttpTests extends AdminAppTests {

	private static final String TOKEN = "undeclared-token";

	private static final String TABLE = "default.ingested";

	private static final String EXCLUDED = "analytics.raw";

	private static final int MIN_FILES = 8;

	private static final int MAX_SNAPSHOTS = 3;

	private static final int UPLOADS = 2000;

	@BeforeAll
	static void start() throws Exception {
		warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
			.column("dt", DataTypes.STRING()).partitionKeys("dt")
			// the writers never expire: only the maintenance does, as these options say
			.option("write-only", "true").option("snapshot.num-retained.min", "1")
			.option("snapshot.num-retained.max", String.valueOf(MAX_SNAPSHOTS)).build());
		warehouse.create(EXCLUDED, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
			.option("write-only", "true").build());
		// no paimon.maintenance.enabled: the embedded set-up maintains by default
		startApp(TOKEN, "--paimon.ingest.commit-interval=20ms", "--paimon.maintenance.interval=1s",
				"--paimon.maintenance.min-files=" + MIN_FILES, "--paimon.maintenance.exclude=analytics.*");
	}

	@Test
	void anUndeclaredTableIsMaintainedAndAnExcludedOneNeverCompacted() throws Exception {
		int clients = 8;
		AtomicInteger next = new AtomicInteger();
		List<Integer> excludedFiles = Collections.synchronizedList(new ArrayList<>());
		ExecutorService pool = Executors.newFixedThreadPool(clients + 1);
		try {
			List<Future<?>> work = new ArrayList<>();
			for (int c = 0; c < clients; c++) {
				work.add(pool.submit(() -> {
					for (int id = next.getAndIncrement(); id < UPLOADS; id = next.getAndIncrement()) {
						HttpResponse<String> response = client.postArrow("/paimon/tables/default/ingested/uploads",
								ArrowBodies.idNameDt(id, "n" + id, "d" + (id % 2)), "Idempotency-Key", "u" + id);
						assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
					}
					return null;
				}));
			}
			// the excluded table is written while the rounds run; its live files are counted after each upload
			work.add(pool.submit(() -> {
				for (int upload = 0; next.get() < UPLOADS || upload < 2 * MIN_FILES; upload++) {
					HttpResponse<String> response = client.postArrow("/paimon/tables/analytics/raw/uploads",
							ArrowBodies.idName(upload, "x" + upload));
					assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
					excludedFiles.add(warehouse.liveFileCount(EXCLUDED));
				}
				return null;
			}));
			for (Future<?> future : work) {
				future.get(10, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
		Instant stopped = Instant.now();
		JsonNode state = awaitRoundStartedAfter(stopped);

		Map<String, Integer> perBucket = warehouse.liveFilesPerBucket(TABLE);
		assertThat(perBucket).as("both partitions").hasSize(2);
		assertThat(perBucket.values()).as("files per bucket after the round").allSatisfy(
				(files) -> assertThat(files).isLessThanOrEqualTo(MIN_FILES));
		assertThat(warehouse.retainedSnapshots(TABLE)).as("snapshot.num-retained.max").isBetween(1L,
				(long) MAX_SNAPSHOTS);
		List<Integer> ids = warehouse.read(TABLE, (row) -> row.getInt(0));
		assertThat(ids).as("every row exactly once").hasSize(UPLOADS)
			.containsExactlyInAnyOrderElementsOf(IntStream.range(0, UPLOADS).boxed().toList());
		assertThat(state.path("scheduled").asBoolean()).isTrue();
		assertThat(state.path("excluded").asBoolean()).isFalse();
		assertThat(state.path("runs")).as("compacted on the way").anySatisfy(
				(run) -> assertThat(run.path("compaction").path("snapshotId").isNumber()).isTrue());

		long compactions = IntStream.range(0, state.path("runs").size())
			.filter((i) -> state.path("runs").get(i).path("compaction").path("snapshotId").isNumber()).count();
		System.out.printf(Locale.ROOT,
				"UndeclaredTableMaintenanceOverHttpTests: %,d uploads, %,d snapshots written; after the round %s files "
						+ "per "
						+ "bucket, %d snapshots; %d runs (%d compacted); excluded table: %d files, never compacted%n",
				UPLOADS, warehouse.table(TABLE).snapshotManager().latestSnapshotId(), perBucket.values(),
				warehouse.retainedSnapshots(TABLE), state.path("runs").size(), compactions, excludedFiles.size());

		// the excluded table: never compacted, its file count only grows, one file per commit
		assertThat(excludedFiles).hasSizeGreaterThanOrEqualTo(2 * MIN_FILES).isSorted();
		assertThat(warehouse.liveFileCount(EXCLUDED)).isEqualTo(excludedFiles.size());
		for (Iterator<Snapshot> snapshots = warehouse.table(EXCLUDED).snapshotManager().snapshots(); snapshots
			.hasNext();) {
			assertThat(snapshots.next().commitKind()).as("no COMPACT snapshot").isEqualTo(Snapshot.CommitKind.APPEND);
		}
		JsonNode excluded = AdminSupport.expect(client.get("/paimon/tables/analytics/raw/maintenance"), 200);
		assertThat(excluded.path("scheduled").asBoolean()).isFalse();
		assertThat(excluded.path("excluded").asBoolean()).isTrue();
		assertThat(excluded.path("runs")).isEmpty();

		// the undeclared table in health and in the paimon endpoint, the excluded one in neither
		HttpResponse<String> health = client.get("/actuator/health");
		Map<String, Object> maintenance = JsonPath.read(health.body(), "$.components.paimon.details.maintenance");
		assertThat(maintenance).as(health.body()).containsKey(TABLE).doesNotContainKey(EXCLUDED);
		String endpoint = client.get("/actuator/paimon").body();
		assertThat(JsonPath.<List<Object>>read(endpoint, "$.tables[?(@.identifier == '" + TABLE + "')].maintained"))
			.as(endpoint).containsExactly(true);
		assertThat(JsonPath.<List<Object>>read(endpoint,
				"$.tables[?(@.identifier == '" + TABLE + "')].name")).isEmpty();
		assertThat(JsonPath.<List<String>>read(endpoint, "$.tables[*].identifier")).doesNotContain(EXCLUDED);
	}

	/** Waits (at most a minute) until a maintenance run of the table that started after the load finished. */
	private static JsonNode awaitRoundStartedAfter(Instant stopped) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
		while (true) {
			JsonNode state = AdminSupport.expect(client.get("/paimon/tables/default/ingested/maintenance"), 200);
			for (JsonNode run : state.path("runs")) {
				if (!Instant.parse(run.path("started").asText()).isBefore(stopped)) {
					assertThat(run.path("error").isNull()).as(run.toString()).isTrue();
					return state;
				}
			}
			assertThat(System.nanoTime()).as("a maintenance round after the load within a minute: %s", state)
				.isLessThan(deadline);
			TimeUnit.MILLISECONDS.sleep(100);
		}
	}

}
