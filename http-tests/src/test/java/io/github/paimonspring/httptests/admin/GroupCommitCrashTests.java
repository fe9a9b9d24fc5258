package io.github.paimonspring.httptests.admin;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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
 * A server killed with {@code kill -9} while a group waits for its commit: nothing of the group is
 * visible, and clients that retry with the same keys against the restarted server land every row
 * exactly once.
 */
class GroupCommitCrashTests {

	private static final String TOKEN = "crash-token";

	private static final String TABLE = "default.crash_events";

	private static final String PATH = "/paimon/tables/default/crash_events/uploads";

	private static final int UPLOADS = 40;

	private static final int ROWS = 50;

	@TempDir
	Path warehouseDir;

	@Test
	void retriesAfterAKilledServerLandEveryRowOnce() throws Exception {
		try (Warehouse warehouse = new Warehouse(this.warehouseDir)) {
			warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.build());
			Map<String, byte[]> bodies = new HashMap<>();
			for (int upload = 0; upload <= UPLOADS; upload++) {
				bodies.put("key-" + upload, ArrowBodies.idNameRange(upload * ROWS, ROWS));
			}
			// a long interval: after the first commit, the next group waits for it
			List<String> args = AdminSupport.adminArgs(TOKEN, "--paimon.ingest.commit-interval=1h",
					"--paimon.ingest.key-claim-lease=3h");
			SampleAppProcess first = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM,
					args.toArray(String[]::new));
			List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
			try {
				AdminClient client = new AdminClient(first, TOKEN);
				assertThat(client.postArrow(PATH, bodies.get("key-0"), "Idempotency-Key", "key-0").statusCode())
					.isEqualTo(200);
				for (int upload = 1; upload <= UPLOADS; upload++) {
					String key = "key-" + upload;
					HttpRequest request = client.request(PATH).header("Content-Type", AdminClient.ARROW)
						.header("Idempotency-Key", key)
						.POST(HttpRequest.BodyPublishers.ofByteArray(bodies.get(key)))
						.build();
					inFlight.add(client.http().sendAsync(request, HttpResponse.BodyHandlers.ofString()));
				}
				awaitQueued(client, UPLOADS);
				assertThat(inFlight).noneMatch(CompletableFuture::isDone);
			}
			finally {
				first.kill();
			}
			for (CompletableFuture<HttpResponse<String>> request : inFlight) {
				assertThat(request).failsWithin(Duration.ofSeconds(60));
			}
			// nothing of the waiting group is visible
			assertThat(warehouse.idNames(TABLE)).hasSize(ROWS);
			List<String> restartArgs = AdminSupport.adminArgs(TOKEN, "--paimon.ingest.commit-interval=200ms");
			try (SampleAppProcess restarted = SampleAppProcess.start(this.warehouseDir, AdminSupport.JVM,
					restartArgs.toArray(String[]::new))) {
				AdminClient client = new AdminClient(restarted, TOKEN);
				List<CompletableFuture<HttpResponse<String>>> retries = new ArrayList<>();
				for (Map.Entry<String, byte[]> upload : bodies.entrySet()) {
					HttpRequest request = client.request(PATH).header("Content-Type", AdminClient.ARROW)
						.header("Idempotency-Key", upload.getKey())
						.POST(HttpRequest.BodyPublishers.ofByteArray(upload.getValue()))
						.build();
					retries.add(client.http().sendAsync(request, HttpResponse.BodyHandlers.ofString()));
				}
				List<Integer> statuses = retries.stream().map((retry) -> retry.join().statusCode()).toList();
				assertThat(statuses).containsOnly(200);
			}
			List<String> expected = new ArrayList<>();
			for (int id = 0; id < (UPLOADS + 1) * ROWS; id++) {
				expected.add(id + ":n" + id);
			}
			assertThat(warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
		}
	}

	/** Waits (bounded) until the table's current group holds {@code requests} requests. */
	private static void awaitQueued(AdminClient client, int requests) throws Exception {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		double queued = -1;
		while (System.nanoTime() < deadline) {
			HttpResponse<String> response = client
				.get("/actuator/metrics/paimon.ingest.queued.requests?tag=table:" + TABLE);
			if (response.statusCode() == 200) {
				queued = JsonPath.<Number>read(response.body(), "$.measurements[0].value").doubleValue();
				if (queued >= requests) {
					return;
				}
			}
			Thread.onSpinWait();
		}
		throw new AssertionError("the group of " + TABLE + " never held " + requests + " requests (last seen " + queued
				+ ")");
	}

}
