package io.github.paimonspring.admin.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.paimonspring.actuate.ActuatorFixtures;
import io.github.paimonspring.support.TestWarehouse;
import org.jspecify.annotations.Nullable;
import org.slf4j.event.KeyValuePair;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The access matrix of the admin API over real HTTP, for any way of authenticating (the starter's bearer
 * credentials, Spring Security with JWTs): each check takes the bearer tokens of the principals it plays and
 * reads the tables back with Paimon's reader.
 */
public final class AccessMatrix {

	private final URI base;

	private final TestWarehouse tables;

	private final @Nullable ListAppender<ILoggingEvent> audit;

	private final HttpClient http = HttpClient.newHttpClient();

	/**
	 * Creates the matrix.
	 * @param base the admin base URI, such as {@code http://127.0.0.1:8080/paimon}
	 * @param tables the warehouse (tables shop.visits, shop.returns, finance.ledger: id INT, name STRING)
	 * @param audit the appender on the audit logger, or {@code null} to skip the audit checks
	 */
	public AccessMatrix(URI base, TestWarehouse tables, @Nullable ListAppender<ILoggingEvent> audit) {
		this.base = base;
		this.tables = tables;
		this.audit = audit;
	}

	/**
	 * The bearer credentials of the principals the matrix plays: {@code gateway} and {@code partner}
	 * (ingest on shop.*), {@code ops} (admin on *), {@code auditor} (read on shop.*), {@code janitor}
	 * (maintain on shop.*).
	 * @return properties
	 */
	public static String[] credentials() {
		List<String> properties = new ArrayList<>();
		credential(properties, "gateway", "ingest", "shop.*");
		credential(properties, "partner", "ingest", "shop.*");
		credential(properties, "ops", "admin", "*");
		credential(properties, "auditor", "read", "shop.*");
		credential(properties, "janitor", "maintain", "shop.*");
		return properties.toArray(String[]::new);
	}

	private static void credential(List<String> properties, String name, String scope, String tables) {
		String prefix = "paimon.admin.credentials." + name;
		properties.add(prefix + ".token-hashes=" + hash(token(name)));
		properties.add(prefix + ".scopes=" + scope);
		properties.add(prefix + ".tables=" + tables);
	}

	/**
	 * The token of a principal of {@link #credentials()}.
	 * @param name the principal
	 * @return its token
	 */
	public static String token(String name) {
		return name + "-0123456789abcdef";
	}

	/**
	 * The configured form of a token's hash.
	 * @param token the token
	 * @return {@code sha256:<hex>}
	 */
	public static String hash(String token) {
		try {
			return "sha256:" + HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Acceptance 1: the ingest principal uploads into shop.visits, is refused truncate of shop.visits and any
	 * upload into finance.ledger (nothing written, no snapshot); the admin principal may truncate.
	 * @param ingest the token of a principal with ingest on shop.*
	 * @param admin the token of a principal with admin on *
	 * @param ingestName the ingest principal's name in audit events
	 * @throws Exception on a failure to talk to the server
	 */
	public void ingestUploadsButMayNotTruncateOrWriteElsewhere(String ingest, String admin, String ingestName)
			throws Exception {
		long ledger = this.tables.snapshotCount("finance.ledger");
		HttpResponse<String> upload = upload(ingest, "shop/visits", "", 3);
		assertThat(upload.statusCode()).as(upload.body()).isEqualTo(200);
		assertThat(this.tables.idNames("shop.visits")).contains("0:n0", "1:n1", "2:n2");
		long orders = this.tables.snapshotCount("shop.visits");
		assertForbidden(post(ingest, "/tables/shop/visits/truncate", "{}"), "admin", "shop.visits");
		assertThat(this.tables.snapshotCount("shop.visits")).isEqualTo(orders);
		assertThat(this.tables.idNames("shop.visits")).contains("0:n0", "1:n1", "2:n2");
		assertForbidden(upload(ingest, "finance/ledger", "", 3), "ingest", "finance.ledger");
		assertForbidden(post(ingest, "/tables/finance/ledger/transactions", "{}"), "ingest", "finance.ledger");
		assertThat(this.tables.snapshotCount("finance.ledger")).isEqualTo(ledger);
		assertThat(this.tables.dataFiles("finance.ledger")).isEmpty();
		assertAudited(ingestName, "upload", "shop.visits", "succeeded");
		assertAudited(ingestName, "truncate", "shop.visits", "denied");
		assertAudited(ingestName, "upload", "finance.ledger", "denied");
		HttpResponse<String> truncate = post(admin, "/tables/shop/visits/truncate", "{}");
		assertThat(truncate.statusCode()).as(truncate.body()).isEqualTo(200);
		assertThat(this.tables.idNames("shop.visits")).isEmpty();
	}

	/**
	 * A transaction opened by one ingest principal cannot be uploaded to, committed or aborted by another (403,
	 * naming the owner); an admin principal may abort it.
	 * @param owner the token of the principal that opens it
	 * @param other the token of another ingest principal on the same tables
	 * @param admin the token of an admin principal
	 * @param ownerName the owner's name
	 * @param otherName the other's name
	 * @param adminName the admin's name
	 * @throws Exception on a failure to talk to the server
	 */
	public void othersTransactionsNeedAdmin(String owner, String other, String admin, String ownerName,
			String otherName, String adminName) throws Exception {
		HttpResponse<String> opened = post(owner, "/tables/shop/visits/transactions", "{}");
		assertThat(opened.statusCode()).as(opened.body()).isEqualTo(201);
		assertThat(opened.body()).contains("\"owner\":\"" + ownerName + "\"");
		String id = field(opened.body(), "id");
		HttpResponse<String> abort = post(other, "/transactions/" + id + "/abort", "{}");
		assertForbidden(abort, "admin", "shop.visits");
		assertThat(abort.body()).contains("opened by '" + ownerName + "'");
		assertForbidden(send(other, "/transactions/" + id + "/batches", "", body(2)), "admin", "shop.visits");
		assertForbidden(post(other, "/transactions/" + id + "/commit", "{}"), "admin", "shop.visits");
		assertThat(get(owner, "/transactions/" + id).body()).contains("\"state\":\"OPEN\"");
		assertThat(get(other, "/transactions/" + id).statusCode()).as("reading is not changing").isEqualTo(200);
		HttpResponse<String> upload = send(owner, "/transactions/" + id + "/batches", "", body(2));
		assertThat(upload.statusCode()).as(upload.body()).isEqualTo(200);
		HttpResponse<String> aborted = post(admin, "/transactions/" + id + "/abort", "{}");
		assertThat(aborted.statusCode()).as(aborted.body()).isEqualTo(200);
		assertThat(get(owner, "/transactions/" + id).body()).contains("\"state\":\"ABORTED\"");
		assertAudited(ownerName, "open-transaction", "shop.visits", "succeeded");
		assertAudited(otherName, "abort-transaction", "shop.visits", "denied");
		assertAudited(adminName, "abort-transaction", "shop.visits", "succeeded");
		if (this.audit != null) {
			assertThat(auditEvents().stream().filter((event) -> id.equals(event.get("transaction")))).isNotEmpty();
		}
	}

	/**
	 * A channel opened by one ingest principal cannot be opened again, appended to or closed by another; once
	 * its owner closed it, another may open it.
	 * @param owner the token of the principal that opens it
	 * @param other the token of another ingest principal on the same tables
	 * @param admin the token of an admin principal
	 * @throws Exception on a failure to talk to the server
	 */
	public void othersChannelsNeedAdmin(String owner, String other, String admin) throws Exception {
		String channel = "/tables/shop/visits/channels/c" + System.nanoTime();
		HttpResponse<String> opened = send(owner, channel, "PUT", null);
		assertThat(opened.statusCode()).as(opened.body()).isEqualTo(200);
		assertForbidden(send(other, channel, "PUT", null), "admin", "shop.visits");
		assertForbidden(send(other, channel, "DELETE", null), "admin", "shop.visits");
		assertForbidden(send(other, channel + "/rows", "?generation=" + field(opened.body(), "generation")
				+ "&after=&offsetToken=1", body(1)), "admin", "shop.visits");
		assertThat(get(other, channel).statusCode()).isEqualTo(200);
		HttpResponse<String> closed = send(owner, channel, "DELETE", null);
		assertThat(closed.statusCode()).as(closed.body()).isEqualTo(200);
		HttpResponse<String> reopened = send(other, channel, "PUT", null);
		assertThat(reopened.statusCode()).as(reopened.body()).isEqualTo(200);
		HttpResponse<String> taken = send(admin, channel, "DELETE", null);
		assertThat(taken.statusCode()).as("an admin may close another's channel: " + taken.body()).isEqualTo(200);
	}

	/**
	 * Overwrite needs {@code admin}: an ingest principal's overwriting upload and its opening of an overwrite
	 * transaction on shop.returns are refused 403 before anything is written, and both audit events name the
	 * refused operation ({@code overwrite}, not {@code open-transaction}) and why; the admin principal overwrites.
	 * @param ingest the token of a principal with ingest on shop.*
	 * @param admin the token of a principal with admin on shop.*
	 * @param ingestName the ingest principal's name
	 * @param adminName the admin principal's name
	 * @throws Exception on a failure to talk to the server
	 */
	public void overwriteNeedsAdmin(String ingest, String admin, String ingestName, String adminName)
			throws Exception {
		int audited = auditEvents().size();
		long before = this.tables.snapshotCount("shop.returns");
		HttpResponse<String> upload = upload(ingest, "shop/returns", "?overwrite=true", 3);
		assertForbidden(upload, "admin", "shop.returns");
		assertThat(upload.body()).contains("overwrite");
		HttpResponse<String> transaction = post(ingest, "/tables/shop/returns/transactions", "{\"overwrite\": true}");
		assertForbidden(transaction, "admin", "shop.returns");
		assertThat(get(admin, "/transactions").body()).doesNotContain("shop.returns");
		assertThat(this.tables.snapshotCount("shop.returns")).isEqualTo(before);
		assertThat(upload(admin, "shop/returns", "?overwrite=true", 2).statusCode()).isEqualTo(200);
		assertThat(this.tables.idNames("shop.returns")).containsExactly("0:n0", "1:n1");
		assertAudited(ingestName, "overwrite", "shop.returns", "denied");
		assertAudited(adminName, "overwrite", "shop.returns", "succeeded");
		if (this.audit == null) {
			return;
		}
		Predicate<Map<String, String>> refusal = (event) -> ingestName.equals(event.get("principal"))
				&& "denied".equals(event.get("outcome"));
		List<Map<String, String>> refusals = awaitAuditEvents(audited,
				(events) -> events.stream().filter(refusal).count() >= 2)
			.stream()
			.filter(refusal)
			.toList();
		// both refusals (the upload's and the transaction's) name the operation refused and why
		assertThat(refusals).hasSize(2)
			.allSatisfy((event) -> assertThat(event).containsEntry("operation", "overwrite")
				.containsEntry("status", "403")
				.hasEntrySatisfying("detail", (detail) -> assertThat(detail)
					.contains("Principal '" + ingestName + "' may not run 'overwrite'")
					.contains("scope 'admin' on table 'shop.returns'")));
	}

	/**
	 * Asserts a 403 problem that names the missing scope and the table, and no token.
	 * @param response the response
	 * @param scope the scope
	 * @param table the table
	 */
	public void assertForbidden(HttpResponse<String> response, String scope, String table) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(403);
		assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(response.body()).contains("\"scope\":\"" + scope + "\"", "'" + table + "'")
			.doesNotContain("0123456789abcdef");
	}

	/**
	 * Asserts an audit event.
	 * @param principal the principal's name
	 * @param operation the operation
	 * @param table the table
	 * @param outcome the outcome
	 */
	public void assertAudited(String principal, String operation, String table, String outcome) {
		if (this.audit == null) {
			return;
		}
		Predicate<Map<String, String>> wanted = (event) -> principal.equals(event.get("principal"))
				&& operation.equals(event.get("operation")) && table.equals(event.get("table"))
				&& outcome.equals(event.get("outcome"));
		assertThat(awaitAuditEvents(0, (events) -> events.stream().anyMatch(wanted))).as("audit events")
			.anySatisfy((event) -> assertThat(event)
				.containsEntry("principal", principal)
				.containsEntry("operation", operation)
				.containsEntry("table", table)
				.containsEntry("outcome", outcome));
	}

	/**
	 * Waits, for at most ten seconds, until the audit events from an index on meet a condition: a request's audit
	 * event is logged when the request completes, which is after its response may have reached the client.
	 * @param from the index of the first event to consider
	 * @param condition the condition
	 * @return the events from that index on when the condition holds, or the last ones seen
	 */
	public List<Map<String, String>> awaitAuditEvents(int from, Predicate<List<Map<String, String>>> condition) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (true) {
			List<Map<String, String>> events = auditEvents();
			List<Map<String, String>> since = events.subList(Math.min(from, events.size()), events.size());
			if (condition.test(since) || System.nanoTime() > deadline) {
				return since;
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
		}
	}

	/**
	 * The audit events logged so far, as their key-value pairs.
	 * @return the events
	 */
	public List<Map<String, String>> auditEvents() {
		if (this.audit == null) {
			return List.of();
		}
		synchronized (this.audit) {
			return this.audit.list.stream()
				.map((event) -> (event.getKeyValuePairs() != null) ? event.getKeyValuePairs() : List.<KeyValuePair>of())
				.map((pairs) -> pairs.stream()
					.collect(Collectors.toMap((pair) -> pair.key, (pair) -> String.valueOf(pair.value), (a, b) -> b)))
				.toList();
		}
	}

	/**
	 * A one-shot upload of rows {@code 0..rows-1} named {@code n<i>}.
	 * @param token the bearer token
	 * @param table {@code database/table}
	 * @param query the query string, with its {@code ?}, or empty
	 * @param rows the number of rows
	 * @return the response
	 * @throws Exception on a failure to talk to the server
	 */
	public HttpResponse<String> upload(String token, String table, String query, int rows) throws Exception {
		return send(token, "/tables/" + table + "/uploads", query, body(rows));
	}

	/**
	 * A GET.
	 * @param token the bearer token
	 * @param path below the base
	 * @return the response
	 * @throws Exception on a failure to talk to the server
	 */
	public HttpResponse<String> get(String token, String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Authorization", "Bearer " + token)
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * A POST of JSON.
	 * @param token the bearer token
	 * @param path below the base
	 * @param json the body
	 * @return the response
	 * @throws Exception on a failure to talk to the server
	 */
	public HttpResponse<String> post(String token, String path, String json) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Authorization", "Bearer " + token)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * A request: an Arrow body is POSTed (with the query), {@code PUT} and {@code DELETE} are sent without one.
	 */
	private HttpResponse<String> send(String token, String path, String queryOrMethod, byte @Nullable [] arrow)
			throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path
				+ ((arrow != null) ? queryOrMethod : "")))
			.header("Authorization", "Bearer " + token);
		if (arrow != null) {
			request.header("Content-Type", PaimonAdminController.ARROW_STREAM)
				.POST(HttpRequest.BodyPublishers.ofByteArray(arrow));
		}
		else {
			request.method(queryOrMethod, HttpRequest.BodyPublishers.noBody());
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	static byte[] body(int rows) {
		Object[] pairs = new Object[rows * 2];
		for (int i = 0; i < rows; i++) {
			pairs[2 * i] = i;
			pairs[2 * i + 1] = "n" + i;
		}
		return ActuatorFixtures.arrowStream(pairs);
	}

	private static String field(String json, String name) {
		int at = json.indexOf("\"" + name + "\":");
		assertThat(at).as(name + " in " + json).isNotNegative();
		int start = at + name.length() + 3;
		if (json.charAt(start) == '"') {
			return json.substring(start + 1, json.indexOf('"', start + 1));
		}
		int end = start;
		while (end < json.length() && (Character.isDigit(json.charAt(end)) || json.charAt(end) == '-')) {
			end++;
		}
		return json.substring(start, end);
	}

}
