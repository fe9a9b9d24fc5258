package io.github.paimonspring.httptests.admin;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.github.paimonspring.httptests.admin.AdminSupport.expect;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One-shot uploads with an {@code Idempotency-Key}: a retried request commits nothing and answers
 * with the first snapshot; a different key commits again. Append-only tables make a duplicate
 * commit visible as a duplicate row.
 */
class IdempotencyTests extends AdminAppTests {

	private static final String TOKEN = "idempotency-token";

	private static final String LOG = "default.idempotent_log_table";

	private static final String POSTPONE = "default.idempotent_postpone_table";

	private static final String CONCURRENT = "default.idempotent_concurrent_table";

	@BeforeAll
	static void start() throws Exception {
		warehouse.create(LOG,
				Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING()).build());
		AdminSupport.postponeTable(warehouse, POSTPONE);
		warehouse.create(CONCURRENT,
				Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING()).build());
		startApp(TOKEN);
	}

	@Test
	void retriedKeyCommitsOnceAndOtherKeyCommitsAgain() throws Exception {
		String path = "/paimon/tables/default/idempotent_log_table/uploads?overwrite=false";
		byte[] body = ArrowBodies.idName(10, "ten", 11, "eleven");
		long before = warehouse.snapshotCount(LOG);

		JsonNode first = expect(client.postArrow(path, body, "Idempotency-Key", "k1"), 200);
		assertThat(first.path("committed").asBoolean()).isTrue();
		assertThat(first.path("rows").asLong()).isEqualTo(2);
		long snapshot = first.path("snapshotId").asLong();
		assertThat(snapshot).isPositive();
		for (int retry = 0; retry < 3; retry++) {
			JsonNode repeated = expect(client.postArrow(path, body, "Idempotency-Key", "k1"), 200);
			assertThat(repeated.path("committed").asBoolean()).as("retry %d: %s", retry, repeated).isFalse();
			assertThat(repeated.path("snapshotId").asLong()).isEqualTo(snapshot);
			assertThat(repeated.path("rows").asLong()).isZero();
		}
		assertThat(warehouse.snapshotCount(LOG)).isEqualTo(before + 1);
		assertThat(warehouse.idNames(LOG)).containsExactly("10:ten", "11:eleven");

		JsonNode other = expect(client.postArrow(path, body, "Idempotency-Key", "k2"), 200);
		assertThat(other.path("committed").asBoolean()).isTrue();
		assertThat(other.path("snapshotId").asLong()).isGreaterThan(snapshot);
		assertThat(warehouse.snapshotCount(LOG)).isEqualTo(before + 2);
		assertThat(warehouse.idNames(LOG)).containsExactly("10:ten", "10:ten", "11:eleven", "11:eleven");

		// without a key every request commits
		JsonNode unkeyed = expect(client.postArrow(path, ArrowBodies.idName(12, "twelve")), 200);
		assertThat(unkeyed.path("committed").asBoolean()).isTrue();
		assertThat(warehouse.snapshotCount(LOG)).isEqualTo(before + 3);
	}

	/** A client that retries while its first request is still running must not commit twice. */
	@Test
	void concurrentRequestsWithOneKeyCommitOnce() throws Exception {
		String path = "/paimon/tables/default/idempotent_concurrent_table/uploads";
		byte[] body = ArrowBodies.idName(20, "twenty");
		List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			responses.add(client.http()
				.sendAsync(client.request(path)
					.header("Content-Type", AdminClient.ARROW)
					.header("Idempotency-Key", "same")
					.POST(HttpRequest.BodyPublishers.ofByteArray(body))
					.build(), HttpResponse.BodyHandlers.ofString()));
		}
		int committed = 0;
		Set<Long> snapshots = new HashSet<>();
		for (CompletableFuture<HttpResponse<String>> future : responses) {
			JsonNode result = expect(future.get(), 200);
			committed += result.path("committed").asBoolean() ? 1 : 0;
			snapshots.add(result.path("snapshotId").asLong());
		}
		assertThat(committed).isEqualTo(1);
		assertThat(snapshots).hasSize(1);
		assertThat(warehouse.snapshotCount(CONCURRENT)).isEqualTo(1);
		assertThat(warehouse.idNames(CONCURRENT)).containsExactly("20:twenty");
	}

	@Test
	void retriedKeyOnPostponeTableCommitsOnce() throws Exception {
		String path = "/paimon/tables/default/idempotent_postpone_table/uploads";
		byte[] body = ArrowBodies.idNameDt(1, "alice", "2026-08-14");
		JsonNode first = expect(client.postArrow(path, body, "Idempotency-Key", "postpone-1"), 200);
		assertThat(first.path("committed").asBoolean()).isTrue();
		long snapshots = warehouse.snapshotCount(POSTPONE);
		for (int retry = 0; retry < 3; retry++) {
			JsonNode repeated = expect(client.postArrow(path, body, "Idempotency-Key", "postpone-1"), 200);
			assertThat(repeated.path("committed").asBoolean()).isFalse();
			assertThat(repeated.path("snapshotId").asLong()).isEqualTo(first.path("snapshotId").asLong());
		}
		assertThat(warehouse.snapshotCount(POSTPONE)).isEqualTo(snapshots);
		assertThat(warehouse.idNames(POSTPONE)).containsExactly("1:alice");
		assertThat(warehouse.dataFiles(POSTPONE)).noneMatch((file) -> file.contains("bucket-postpone"));
	}

}
