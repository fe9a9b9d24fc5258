package io.github.paimonspring.httptests.admin;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.httptests.ArrowBodies;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Small one-shot uploads through the group commit of the packaged app: concurrent clients that
 * retry (after the answer, and while the first attempt still runs) land every row exactly once
 * without a 409, and a bad request in a group fails alone.
 */
class GroupCommitOverHttpTests extends AdminAppTests {

	private static final String TOKEN = "group-token";

	private static final String EVENTS = "default.grouped_events";

	private static final String MIXED = "default.grouped_mixed";

	@BeforeAll
	static void start() throws Exception {
		warehouse.create(EVENTS, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING()).build());
		warehouse.create(MIXED,
				Schema.newBuilder().column("id", DataTypes.INT().notNull()).column("name", DataTypes.STRING()).build());
		startApp(TOKEN, "--paimon.ingest.commit-interval=200ms");
	}

	@Test
	void retriedUploadsLandExactlyOnceWithout409() throws Exception {
		int clients = 8;
		int uploads = 150;
		int rows = 100;
		Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
		Map<String, Long> snapshotOfKey = new ConcurrentHashMap<>();
		ExecutorService pool = Executors.newFixedThreadPool(clients * 2);
		try {
			List<Future<?>> work = new ArrayList<>();
			for (int c = 0; c < clients; c++) {
				int clientId = c;
				work.add(pool.submit(() -> {
					Random random = new Random(clientId);
					for (int u = 0; u < uploads; u++) {
						int first = (clientId * uploads + u) * rows;
						byte[] body = ArrowBodies.idNameRange(first, rows);
						String key = "c" + clientId + "-u" + u;
						// 10 %: a retry while the first attempt is still running
						CompletableFuture<HttpResponse<String>> early = (random.nextInt(10) == 0)
								? CompletableFuture.supplyAsync(() -> post(body, key), pool) : null;
						HttpResponse<String> answer = post(body, key);
						HttpResponse<String> repeated = post(body, key); // once more after the answer
						for (HttpResponse<String> response : (early != null) ? List.of(answer, repeated, early.join())
								: List.of(answer, repeated)) {
							statuses.computeIfAbsent(response.statusCode(),
									(s) -> new AtomicInteger()).incrementAndGet();
							assertThat(response.statusCode()).as("%s: %s", key, response.body()).isEqualTo(200);
							long snapshot = AdminSupport.json(response).path("snapshotId").asLong();
							assertThat(snapshotOfKey.computeIfAbsent(key, (k) -> snapshot)).as(key).isEqualTo(snapshot);
						}
					}
					return null;
				}));
			}
			for (Future<?> future : work) {
				future.get(10, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(statuses.keySet()).containsExactly(200);
		List<String> written = warehouse.idNames(EVENTS);
		assertThat(written).hasSize(clients * uploads * rows).doesNotHaveDuplicates();
		long snapshots = warehouse.snapshotCount(EVENTS);
		assertThat(snapshots).as("%d uploads in %d snapshots", clients * uploads,
				snapshots).isLessThan(clients * uploads);
	}

	@Test
	void badRequestsInAGroupFailAloneAndTheOthersCommit() throws Exception {
		byte[] good = ArrowBodies.idName(1, "one");
		byte[] nullInNotNull = ArrowBodies.idName(null, "null-id");
		byte[] wrongSchema = ArrowBodies.idNameDt(2, "two", "2026-01-01");
		byte[] malformed = Arrays.copyOf(good, good.length - 9);
		byte[] alsoGood = ArrowBodies.idName(3, "three");
		List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
		for (byte[] body : List.of(good, nullInNotNull, wrongSchema, malformed, alsoGood)) {
			sent.add(CompletableFuture.supplyAsync(() -> {
				try {
					return client.postArrow(path(MIXED), body);
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			}));
		}
		List<Integer> codes = sent.stream().map((future) -> future.join().statusCode()).toList();
		assertThat(codes).containsExactly(200, 422, 422, 400, 200);
		assertThat(warehouse.idNames(MIXED)).containsExactlyInAnyOrder("1:one", "3:three");
	}

	private static HttpResponse<String> post(byte[] body, String key) {
		try {
			return client.postArrow(path(EVENTS), body, "Idempotency-Key", key);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static String path(String table) {
		String[] parts = table.split("\\.");
		return "/paimon/tables/" + parts[0] + "/" + parts[1] + "/uploads";
	}

}
