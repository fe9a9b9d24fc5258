package io.github.paimonspring.httptests.admin;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.RawHttp;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.github.paimonspring.httptests.admin.AdminSupport.expect;
import static io.github.paimonspring.httptests.admin.AdminSupport.open;
import static io.github.paimonspring.httptests.admin.AdminSupport.problem;
import static io.github.paimonspring.httptests.admin.AdminSupport.upload;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The error contract of the whole admin surface, black-box: every status the admin API produces is
 * {@code application/problem+json} with a matching {@code status}, produced by a real request over a
 * real socket — through Spring MVC, through the container's error dispatch, and rejected by Tomcat
 * before any servlet runs (raw {@link java.net.Socket}: {@code java.net.http} refuses such requests).
 * Details never show the warehouse location; the server stays up.
 */
class ErrorContractTests extends AdminAppTests {

	private static final String TOKEN = "errors-token";

	private static final String LOG = "default.errors_log_table";

	private static final String PK = "default.errors_pk_table";

	/** A table whose latest snapshot file is garbage: committing to it fails on the server. */
	private static final String BROKEN = "default.errors_broken_table";

	private static final String AUTH = "Authorization: Bearer " + TOKEN + "\r\n";

	private static final String ARROW = "Content-Type: " + AdminClient.ARROW + "\r\n";

	@BeforeAll
	static void start() throws Exception {
		AdminSupport.simpleLogTable(warehouse, LOG);
		AdminSupport.simplePkTable(warehouse, PK);
		AdminSupport.simpleLogTable(warehouse, BROKEN);
		Path snapshots = warehouse.tableDir(BROKEN).resolve("snapshot");
		Files.writeString(snapshots.resolve("LATEST"), "7");
		Files.writeString(snapshots.resolve("snapshot-7"), "{ not a snapshot");
		// a short read timeout for the 408 case; idle keep-alive connections of the JDK client stay open
		startApp(TOKEN, "--paimon.admin.max-request-size=1KB",
						"--paimon.admin.max-open-transactions=2", "--server.tomcat.connection-timeout=2s",
						"--server.tomcat.keep-alive-timeout=60s");
	}

	/** One request and the status it must get. */
	private record Case(String name, int status, Request request) {
	}

	@FunctionalInterface
	private interface Request {

		Reply send() throws Exception;

	}

	/** Status, Content-Type, body and {@code Allow} of a response, from either client. */
	private record Reply(int status, String contentType, String body, String allow) {

		static Reply of(HttpResponse<String> response) {
			return new Reply(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
					response.body(), response.headers().firstValue("Allow").orElse(null));
		}

		static Reply of(RawHttp.Response response) {
			return new Reply(response.status(), response.header("Content-Type"), response.body(),
					response.header("Allow"));
		}

	}

	@Test
	void everyStatusIsProblemJson() throws Exception {
		String uploads = "/paimon/tables/default/errors_log_table/uploads";
		String transactions = "/paimon/tables/default/errors_log_table/transactions";
		List<Case> cases = new ArrayList<>();
		// 400: Spring MVC
		cases.add(new Case("malformed JSON", 400, () -> Reply.of(client.postJson(transactions, "{\"mode\":"))));
		cases.add(new Case("JSON of the wrong type", 400,
				() -> Reply.of(client.postJson(transactions, "{\"overwrite\":\"perhaps\"}"))));
		cases.add(new Case("parameter of the wrong type", 400,
				() -> Reply.of(client.postArrow(uploads + "?overwrite=maybe", ArrowBodies.idName(1, "a")))));
		cases.add(new Case("missing required body", 400,
				() -> Reply.of(client.post("/paimon/tables/default/errors_log_table/commits", "application/json",
						new byte[0]))));
		cases.add(new Case("malformed Arrow", 400, () -> Reply.of(client.postArrow(uploads, "not arrow".getBytes()))));
		// 400: rejected by Tomcat before any servlet
		cases.add(new Case("%2F in the path", 400,
				() -> raw("GET /paimon/tables/default/a%2Fb HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n")));
		cases.add(new Case("%00 in the path", 400,
				() -> raw("GET /paimon/tables/default/a%00b HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n")));
		cases.add(new Case("a lone % in the path", 400,
				() -> raw("GET /paimon/tables/default/a%b HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n")));
		cases.add(new Case("100 KB request header", 400, () -> raw("GET /paimon/tables HTTP/1.1\r\nHost: x\r\n" + AUTH
				+ "X-Padding: " + "p".repeat(100 * 1024) + "\r\n\r\n")));
		cases.add(new Case("invalid request line", 400, () -> raw("G@T /paimon/tables HTTP/1.1\r\nHost: x\r\n\r\n")));
		cases.add(new Case("header without colon", 400,
				() -> raw("GET /paimon/tables HTTP/1.1\r\nHost: x\r\nBroken Header\r\n\r\n")));
		cases.add(new Case("malformed chunk", 400,
				() -> raw("POST " + uploads + " HTTP/1.1\r\nHost: x\r\n" + AUTH + ARROW
				+ "Transfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n")));
		// 401
		cases.add(new Case("no token", 401, () -> Reply.of(new AdminClient(app, null).get("/paimon/tables"))));
		// 404
		cases.add(new Case("unknown path", 404, () -> Reply.of(client.get("/paimon/nope"))));
		cases.add(new Case("the base path itself", 404, () -> Reply.of(client.get("/paimon"))));
		cases.add(new Case("unknown table", 404, () -> Reply.of(client.get("/paimon/tables/default/nope"))));
		// 405
		cases.add(new Case("DELETE on a GET endpoint", 405,
				() -> Reply.of(client.send(client.request("/paimon/tables").DELETE().build()))));
		cases.add(new Case("GET on a POST endpoint", 405, () -> Reply.of(client.get(uploads))));
		cases.add(new Case("TRACE", 405, () -> raw("TRACE /paimon/tables HTTP/1.1\r\nHost: x\r\n" + AUTH + "\r\n")));
		// 406
		cases.add(new Case("Accept: text/csv", 406,
				() -> Reply.of(client.send(client.request("/paimon/tables").header("Accept",
						"text/csv").GET().build()))));
		cases.add(new Case("Accept: ;;;", 406,
				() -> Reply.of(client.send(client.request("/paimon/tables").header("Accept", ";;;").GET().build()))));
		// 408: the body stalls past server.tomcat.connection-timeout
		cases.add(new Case("stalled body", 408, () -> raw("POST " + uploads + " HTTP/1.1\r\nHost: x\r\n" + AUTH + ARROW
				+ "Content-Length: 1000\r\n\r\nabc")));
		cases.add(new Case("stalled JSON body", 408,
				() -> raw("POST " + transactions + " HTTP/1.1\r\nHost: x\r\n" + AUTH
				+ "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")));
		// 409
		cases.add(new Case("commit of an aborted transaction", 409, () -> {
			String id = open(client, LOG, "{}");
			AdminSupport.abort(client, id);
			return Reply.of(client.postJson("/paimon/transactions/" + id + "/commit", "{}"));
		}));
		// 413
		cases.add(new Case("body over max-request-size", 413,
				() -> Reply.of(client.postArrow(uploads, new byte[2048]))));
		// 415
		cases.add(new Case("Content-Type: ;;; on an Arrow upload", 415,
				() -> Reply.of(client.post(uploads, ";;;", ArrowBodies.idName(1, "a")))));
		cases.add(new Case("Content-Type: ;;; on a JSON endpoint", 415,
				() -> Reply.of(client.post(transactions, ";;;", "{}".getBytes()))));
		cases.add(new Case("unknown charset", 415,
				() -> Reply.of(client.post(transactions, "application/json; charset=bogus", "{}".getBytes()))));
		cases.add(new Case("text/plain upload", 415,
				() -> Reply.of(client.post(uploads, "text/plain", ArrowBodies.idName(1, "a")))));
		// 422
		cases.add(new Case("schema mismatch", 422, () -> Reply.of(client.postArrow(uploads,
				ArrowBodies.of(List.of(ArrowBodies.intField("id", 64), ArrowBodies.utf8Field("name")),
						new Object[] { 1L, "a" })))));
		// 429
		cases.add(new Case("too many open transactions", 429, () -> {
			String first = open(client, LOG, "{}");
			String second = open(client, PK, "{}");
			try {
				return Reply.of(client.postJson(transactions, "{}"));
			}
			finally {
				AdminSupport.abort(client, first);
				AdminSupport.abort(client, second);
			}
		}));
		// 500: a server fault (a corrupt snapshot), not a client mistake
		cases.add(new Case("corrupt table on the server", 500,
				() -> Reply.of(client.postJson("/paimon/tables/default/errors_broken_table/truncate", "{}"))));

		SoftAssertions softly = new SoftAssertions();
		for (Case c : cases) {
			Reply reply;
			try {
				reply = c.request().send();
			}
			catch (Exception ex) {
				softly.fail(c.name() + ": " + ex);
				continue;
			}
			String what = c.name() + " -> " + reply.status() + " " + reply.contentType() + " " + reply.body();
			softly.assertThat(reply.status()).as(what).isEqualTo(c.status());
			softly.assertThat(reply.contentType()).as(what).startsWith("application/problem+json");
			JsonNode body;
			try {
				body = AdminSupport.JSON.readTree(reply.body());
			}
			catch (Exception ex) {
				softly.fail("not JSON: " + what);
				continue;
			}
			softly.assertThat(body.path("status").asInt()).as(what).isEqualTo(c.status());
			softly.assertThat(body.path("type").asText()).as(what).startsWith("urn:paimon-spring:problem:");
			softly.assertThat(body.path("title").asText()).as(what).isNotBlank();
			softly.assertThat(body.path("detail").asText()).as(what).isNotBlank();
			softly.assertThat(reply.body()).as(what)
				.doesNotContain(warehouseDir.toString(), "file:", "Tomcat", "Exception:", "\tat ", "<html");
			if (c.status() == 405) {
				softly.assertThat(reply.allow()).as("Allow of " + what).isNotBlank();
			}
		}
		softly.assertAll();
		assertThat(app.isAlive()).isTrue();
		expect(client.get("/paimon/tables"), 200);
	}

	@Test
	void problemsCarryTypeTitleDetailAndInstance() throws Exception {
		JsonNode notFound = problem(client.get("/paimon/nope"), 404);
		assertThat(notFound.path("type").asText()).isEqualTo("urn:paimon-spring:problem:no-endpoint");
		assertThat(notFound.path("instance").asText()).isEqualTo("/paimon/nope");
		HttpResponse<String> delete = client.send(client.request("/paimon/tables").DELETE().build());
		JsonNode notAllowed = problem(delete, 405);
		assertThat(delete.headers().firstValue("Allow")).hasValue("GET");
		assertThat(notAllowed.path("type").asText()).isEqualTo("urn:paimon-spring:problem:method-not-allowed");
		RawHttp.Response slash = RawHttp.send(app, "GET /paimon/tables/default/a%2Fb HTTP/1.1\r\nHost: x\r\n\r\n");
		JsonNode rejected = AdminSupport.JSON.readTree(slash.body());
		assertThat(rejected.path("type").asText()).isEqualTo("urn:paimon-spring:problem:bad-request");
		assertThat(rejected.path("instance").asText()).isEqualTo("/paimon/tables/default/a%2Fb");
	}

	@Test
	void theApplicationsOtherPathsKeepTheirErrors() throws Exception {
		HttpResponse<String> notFound = client.send(HttpRequest.newBuilder(app.uri("/nope")).GET().build());
		assertThat(notFound.statusCode()).isEqualTo(404);
		assertThat(notFound.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).doesNotContain("problem"));
		RawHttp.Response slash = RawHttp.send(app, "GET /orders/a%2Fb HTTP/1.1\r\nHost: x\r\n\r\n");
		assertThat(slash.status()).isEqualTo(400);
		assertThat(slash.header("Content-Type")).startsWith("text/html");
		assertThat(slash.body()).doesNotContain("Apache Tomcat/");
	}

	@Test
	void stalledRequestHeadersGetNoResponseAtAll() throws Exception {
		// Tomcat closes a connection whose request head does not arrive in time without writing
		// anything: there is no error page to replace (documented in docs/rest-api.md)
		RawHttp.Response stalled = RawHttp.send(app, "GET /paimon/tables HTTP/1.1\r\nHost: x\r\n");
		assertThat(stalled.status()).isEqualTo(-1);
		assertThat(stalled.body()).isEmpty();
		assertThat(app.isAlive()).isTrue();
	}

	@Test
	void aRejectedCommitArgumentKeepsTheTransactionCommittable() throws Exception {
		String id = open(client, PK, "{}");
		try {
			upload(client, id, ArrowBodies.idName(40, "valid"));
			JsonNode rejected = problem(
					client.postJson("/paimon/transactions/" + id + "/commit", "{\"identifier\":-1}"), 400);
			assertThat(rejected.path("detail").asText()).contains("identifier");
			// the valid upload is still there: the corrected commit needs no new upload
			JsonNode committed = AdminSupport.commit(client, id, "{\"identifier\":1}");
			assertThat(committed.path("committed").asBoolean()).isTrue();
			assertThat(warehouse.idNames(PK)).contains("40:valid");
		}
		finally {
			// frees the slot (max-open-transactions) if the commit did not happen; 409 once committed
			client.postJson("/paimon/transactions/" + id + "/abort", "");
		}
	}

	private static Reply raw(String request) throws Exception {
		return Reply.of(RawHttp.send(app, request));
	}

}
