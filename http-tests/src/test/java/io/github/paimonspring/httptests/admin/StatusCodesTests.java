package io.github.paimonspring.httptests.admin;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.paimonspring.httptests.admin.AdminSupport.expect;
import static io.github.paimonspring.httptests.admin.AdminSupport.open;
import static io.github.paimonspring.httptests.admin.AdminSupport.problem;
import static io.github.paimonspring.httptests.admin.AdminSupport.upload;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every status code of the admin API once, as {@code application/problem+json}: 401, 404, 400,
 * 409, 413, 415, 422 and 429 against one server started with small limits, plus the start-up
 * refusal without a token and {@code paimon.admin.auth=none}.
 */
class StatusCodesTests extends AdminAppTests {

	private static final String TOKEN = "status-token";

	private static final String PK = "default.status_pk_table";

	private static final String LOG = "default.status_log_table";

	private static final int MAX_TRANSACTION_BYTES = 1500;

	@BeforeAll
	static void start() throws Exception {
		AdminSupport.simplePkTable(warehouse, PK);
		AdminSupport.simpleLogTable(warehouse, LOG);
		startApp(TOKEN, "--paimon.admin.max-request-size=1KB",
						"--paimon.admin.max-transaction-size=" + MAX_TRANSACTION_BYTES + "B",
						"--paimon.admin.max-open-transactions=2");
	}

	@Test
	void unauthorizedWithoutOrWithWrongToken() throws Exception {
		for (AdminClient other : List.of(new AdminClient(app, null), new AdminClient(app, "wrong-token"))) {
			JsonNode listing = problem(other.get("/paimon/tables"), 401);
			assertThat(listing.path("title").asText()).isEqualTo("Unauthorized");
			HttpResponse<String> upload = other.postArrow("/paimon/tables/default/status_log_table/uploads",
					ArrowBodies.idName(9, "mallory"));
			problem(upload, 401);
			assertThat(upload.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
					(value) -> assertThat(value).startsWith("Bearer"));
			problem(other.postJson("/paimon/tables/default/status_log_table/transactions", "{}"), 401);
		}
		// the scheme is case-insensitive (RFC 9110, 11.1), the token is not
		HttpResponse<String> lowercase = client.send(HttpRequest.newBuilder(app.uri("/paimon/tables"))
			.header("Authorization", "bearer " + TOKEN)
			.GET()
			.build());
		assertThat(lowercase.statusCode()).isEqualTo(200);
		HttpResponse<String> upperToken = client.send(HttpRequest.newBuilder(app.uri("/paimon/tables"))
			.header("Authorization", "Bearer " + TOKEN.toUpperCase(Locale.ROOT))
			.GET()
			.build());
		problem(upperToken, 401);
		HttpResponse<String> prefix = client.send(HttpRequest.newBuilder(app.uri("/paimon/tables"))
			.header("Authorization", "Bearer " + TOKEN + "x")
			.GET()
			.build());
		problem(prefix, 401);
		assertThat(warehouse.idNames(LOG)).containsExactly("1:alice", "2:bob", "3:carol");
	}

	@Test
	void notFound() throws Exception {
		assertThat(problem(client.get("/paimon/tables/default/no_such_table"), 404).path("title").asText())
			.isEqualTo("Unknown table");
		problem(client.get("/paimon/tables/no_such_db/status_pk_table"), 404);
		problem(client.postJson("/paimon/tables/default/no_such_table/transactions", "{}"), 404);
		problem(client.postArrow("/paimon/tables/default/no_such_table/uploads", ArrowBodies.idName(1, "a")), 404);
		problem(client.postJson("/paimon/tables/default/no_such_table/truncate", "{}"), 404);
		String unknown = "00000000-0000-0000-0000-000000000000";
		assertThat(problem(client.get("/paimon/transactions/" + unknown), 404).path("title").asText())
			.isEqualTo("Unknown transaction");
		problem(client.postArrow("/paimon/transactions/" + unknown + "/batches", ArrowBodies.idName(1, "a")), 404);
		problem(client.postJson("/paimon/transactions/" + unknown + "/commit", "{}"), 404);
		problem(client.postJson("/paimon/transactions/" + unknown + "/abort", ""), 404);
	}

	@Test
	void invalidTableNameSegment() throws Exception {
		for (String path : List.of("/paimon/tables/default/bad..name", "/paimon/tables/default/-x",
				"/paimon/tables/bad..db/status_pk_table", "/paimon/tables/default/bad%20name")) {
			assertThat(problem(client.get(path), 400).path("detail").asText()).as(path).contains("Invalid");
		}
		problem(client.postJson("/paimon/tables/default/-x/transactions", "{}"), 400);
		problem(client.postArrow("/paimon/tables/default/bad..name/uploads", ArrowBodies.idName(1, "a")), 400);
	}

	@Test
	void conflictOnCommitOfAbortedAndAbortOfCommitted() throws Exception {
		String aborted = open(client, LOG, "{}");
		upload(client, aborted, ArrowBodies.idName(7, "grace"));
		expect(client.postJson("/paimon/transactions/" + aborted + "/abort", ""), 200);
		JsonNode conflict = problem(client.postJson("/paimon/transactions/" + aborted + "/commit", "{}"), 409);
		assertThat(conflict.path("detail").asText()).contains("ABORTED");

		String committed = open(client, PK, "{}");
		upload(client, committed, ArrowBodies.idName(7, "grace"));
		assertThat(AdminSupport.commit(client, committed, "{}").path("committed").asBoolean()).isTrue();
		problem(client.postJson("/paimon/transactions/" + committed + "/abort", ""), 409);
		problem(client.postArrow("/paimon/transactions/" + committed + "/batches", ArrowBodies.idName(8, "heidi")),
				409);
		assertThat(warehouse.idNames(PK)).contains("7:grace").doesNotContain("8:heidi");
		assertThat(warehouse.idNames(LOG)).doesNotContain("7:grace");
	}

	@Test
	void payloadTooLarge() throws Exception {
		byte[] large = largeBody();
		assertThat(large.length).isGreaterThan(1024);
		long snapshots = warehouse.snapshotCount(LOG);
		String upload = "/paimon/tables/default/status_log_table/uploads";
		// declared by Content-Length
		JsonNode declared = problem(client.postArrow(upload, large), 413);
		assertThat(declared.path("detail").asText()).contains("1024");
		// streamed without a Content-Length: counted while reading
		HttpResponse<String> chunked = client.send(client.request(upload)
			.header("Content-Type", AdminClient.ARROW)
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(large)))
			.build());
		problem(chunked, 413);
		assertThat(warehouse.snapshotCount(LOG)).isEqualTo(snapshots);

		String id = open(client, LOG, "{}");
		try {
			problem(client.postArrow("/paimon/transactions/" + id + "/batches", large), 413);
			// max-transaction-size: small uploads are accepted until their total would exceed it
			byte[] small = ArrowBodies.idName(1, "a");
			int fitting = MAX_TRANSACTION_BYTES / small.length;
			assertThat(fitting).isBetween(1, 10);
			for (int i = 0; i < fitting; i++) {
				upload(client, id, small);
			}
			JsonNode over = problem(client.postArrow("/paimon/transactions/" + id + "/batches", small), 413);
			assertThat(over.path("detail").asText()).contains("max-transaction-size");
			JsonNode view = expect(client.get("/paimon/transactions/" + id), 200);
			assertThat(view.path("rows").asLong()).isEqualTo(fitting);
			assertThat(view.path("bytes").asLong()).isEqualTo((long) fitting * small.length);
		}
		finally {
			AdminSupport.abort(client, id);
		}
	}

	@Test
	void unsupportedMediaType() throws Exception {
		byte[] body = ArrowBodies.idName(1, "a");
		assertThat(problem(client.post("/paimon/tables/default/status_log_table/uploads", "text/plain", body), 415)
			.path("detail").asText()).contains("application/vnd.apache.arrow.stream");
		problem(client.post("/paimon/tables/default/status_log_table/transactions", "text/plain",
				"{}".getBytes()), 415);
		String id = open(client, LOG, "{}");
		try {
			problem(client.post("/paimon/transactions/" + id + "/batches", "application/json", body), 415);
		}
		finally {
			AdminSupport.abort(client, id);
		}
	}

	@Test
	void unprocessableSchemaMismatch() throws Exception {
		JsonNode mismatch = problem(client.postArrow("/paimon/tables/default/status_pk_table/uploads",
				ArrowBodies.of(List.of(ArrowBodies.intField("id", 64), ArrowBodies.utf8Field("name")),
						new Object[] { 1L, "a" })),
				422);
		assertThat(mismatch.path("column").asText()).isEqualTo("id");
		assertThat(mismatch.path("expectedType").asText()).isEqualTo("INT");
		assertThat(mismatch.path("actualType").asText()).isEqualTo("Int64");
		assertThat(mismatch.path("table").asText()).isEqualTo(PK);
		JsonNode nulls = problem(client.postArrow("/paimon/tables/default/status_pk_table/uploads",
				ArrowBodies.idName(1, "a", null, "b")), 422);
		assertThat(nulls.path("column").asText()).isEqualTo("id");
		assertThat(nulls.path("row").asInt()).isEqualTo(1);
	}

	@Test
	void tooManyOpenTransactions() throws Exception {
		List<String> opened = new ArrayList<>();
		try {
			opened.add(open(client, LOG, "{}"));
			opened.add(open(client, PK, "{}"));
			JsonNode refused = problem(client.postJson("/paimon/tables/default/status_log_table/transactions", "{}"),
					429);
			assertThat(refused.path("detail").asText()).contains("max-open-transactions");
			// ending one frees a slot
			AdminSupport.abort(client, opened.remove(0));
			opened.add(open(client, LOG, "{}"));
			problem(client.postJson("/paimon/tables/default/status_pk_table/transactions", "{}"), 429);
		}
		finally {
			for (String id : opened) {
				AdminSupport.abort(client, id);
			}
		}
	}

	@Test
	void startUpIsRefusedWithoutToken(@TempDir Path other) throws Exception {
		SampleAppProcess.Exit exit = SampleAppProcess.runUntilExit(other, AdminSupport.JVM, Duration.ofMinutes(2),
				"--paimon.admin.enabled=true");
		assertThat(exit.code()).as(exit.output()).isNotZero();
		assertThat(exit.output()).contains("paimon.admin.token");
	}

	@Test
	void authNoneServesWithoutToken(@TempDir Path other) throws Exception {
		try (SampleAppProcess open = SampleAppProcess.start(other, AdminSupport.JVM, "--paimon.admin.enabled=true",
				"--paimon.admin.auth=none")) {
			AdminClient anonymous = new AdminClient(open, null);
			HttpResponse<String> tables = anonymous.get("/paimon/tables");
			assertThat(tables.statusCode()).as(tables.body()).isEqualTo(200);
			assertThat(tables.body()).contains("shop.orders");
			assertThat(new AdminClient(open, "anything").get("/paimon/tables").statusCode()).isEqualTo(200);
		}
		assertThat(Files.isDirectory(other.resolve("shop.db"))).isTrue();
	}

	private static byte[] largeBody() {
		Object[] values = new Object[200];
		for (int i = 0; i < 100; i++) {
			values[i * 2] = i;
			values[i * 2 + 1] = "row-" + i;
		}
		return ArrowBodies.idName(values);
	}

}
