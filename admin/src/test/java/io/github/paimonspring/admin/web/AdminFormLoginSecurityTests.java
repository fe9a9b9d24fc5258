package io.github.paimonspring.admin.web;

import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.console.FormLoginApplication;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The four points of least privilege with the console's setup, over real HTTP: an application that signs its users
 * in with Spring Security's form login and keeps CSRF protection (token in a cookie, {@code csrf.spa()}),
 * {@link FormLoginApplication}, which {@code AdminConsoleSpringSecurityTests} drives in a browser. Without a
 * session the chain's login answers and nothing is written or remembered; a signed-in session's write without the
 * CSRF token is a 403 problem; an overwrite refusal is audited as {@code overwrite} with its reason; health details
 * only for read on every table.
 */
class AdminFormLoginSecurityTests {

	@TempDir
	static Path warehouse;

	static ConfigurableApplicationContext app;

	static TestWarehouse tables;

	static ListAppender<ILoggingEvent> audit;

	static URI base;

	@BeforeAll
	static void start() {
		tables = new TestWarehouse(warehouse);
		for (String table : List.of("shop.visits", "shop.returns", "finance.ledger")) {
			tables.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.build());
		}
		app = new SpringApplicationBuilder(FormLoginApplication.class)
			.properties("server.port=0", "spring.main.banner-mode=off", "paimon.catalog.warehouse=" + warehouse,
					"paimon.admin.enabled=true", "management.endpoint.health.show-details=when-authorized")
			.run();
		base = URI.create("http://127.0.0.1:" + ((WebServerApplicationContext) app).getWebServer().getPort());
		// after the start, which initializes the logging system
		audit = new ListAppender<>();
		audit.start();
		((Logger) LoggerFactory.getLogger(AdminAudit.LOGGER)).addAppender(audit);
	}

	@AfterAll
	static void stop() throws Exception {
		if (app != null) {
			app.close();
		}
		if (audit != null) {
			((Logger) LoggerFactory.getLogger(AdminAudit.LOGGER)).detachAppender(audit);
		}
		if (tables != null) {
			tables.close();
		}
	}

	@Test
	void withoutASessionTheLoginAnswersNothingIsWrittenAndNoSessionIsMade() throws Exception {
		long snapshots = tables.snapshotCount("shop.returns");
		HttpClient client = HttpClient.newHttpClient();
		List<HttpRequest> requests = List.of(
				HttpRequest.newBuilder(base.resolve("/paimon/tables/shop/returns/uploads"))
					.header("Content-Type", PaimonAdminController.ARROW_STREAM)
					.POST(HttpRequest.BodyPublishers.ofByteArray(AccessMatrix.body(2))).build(),
				HttpRequest.newBuilder(base.resolve("/paimon/tables/shop/returns/truncate"))
					.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
				HttpRequest.newBuilder(base.resolve("/paimon/tables")).GET().build());
		for (HttpRequest request : requests) {
			HttpResponse<String> answer = client.send(request, HttpResponse.BodyHandlers.ofString());
			String what = request.method() + " " + request.uri().getPath();
			// the chain's own entry point (its login page), not a CSRF 403
			assertThat(answer.statusCode()).as(what).isEqualTo(302);
			assertThat(answer.headers().firstValue("Location")).as(what).hasValue(base.resolve("/login").toString());
			// no session (the chain's CSRF token cookie, csrf.spa(), may be set: it is no session)
			assertThat(answer.headers().allValues("Set-Cookie")).as(what + ": no session")
				.noneSatisfy((cookie) -> assertThat(cookie).startsWith("JSESSIONID"));
		}
		assertThat(tables.snapshotCount("shop.returns")).isEqualTo(snapshots);
	}

	@Test
	void aSignedInWriteWithoutTheCsrfTokenIsA403ProblemAndWithItWrites() throws Exception {
		Session writer = Session.signIn("writer");
		long snapshots = tables.snapshotCount("shop.visits");
		HttpResponse<String> forged = writer.upload("/paimon/tables/shop/visits/uploads", false);
		assertThat(forged.statusCode()).as(forged.body()).isEqualTo(403);
		assertThat(forged.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(forged.body()).contains("\"status\":403").contains("\"type\":\"urn:paimon-spring:problem:");
		assertThat(tables.snapshotCount("shop.visits")).isEqualTo(snapshots);
		HttpResponse<String> uploaded = writer.upload("/paimon/tables/shop/visits/uploads", true);
		assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(200);
		assertThat(tables.snapshotCount("shop.visits")).isEqualTo(snapshots + 1);
	}

	@Test
	void anOverwriteTransactionOfAnIngestUserIsRefusedAndAuditedAsOverwrite() throws Exception {
		Session writer = Session.signIn("writer");
		long snapshots = tables.snapshotCount("shop.returns");
		int audited = audit.list.size();
		HttpResponse<String> refused = writer.postJson("/paimon/tables/shop/returns/transactions",
				"{\"overwrite\": true}");
		assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
		assertThat(refused.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(JsonPath.<String>read(refused.body(), "$.scope")).isEqualTo("admin");
		assertThat(JsonPath.<String>read(refused.body(), "$.operation")).isEqualTo("overwrite");
		assertThat(tables.snapshotCount("shop.returns")).isEqualTo(snapshots);
		// (the audit event is logged when the request completes, after its response may have reached us)
		List<Map<String, String>> events = new AccessMatrix(base.resolve("/paimon"), tables, audit)
			.awaitAuditEvents(audited, (logged) -> !logged.isEmpty());
		assertThat(events).singleElement()
			.satisfies((event) -> assertThat(event).containsEntry("principal", "writer")
				.containsEntry("operation", "overwrite")
				.containsEntry("outcome", "denied")
				.containsEntry("status", "403")
				.containsEntry("table", "shop.returns")
				.hasEntrySatisfying("detail", (detail) -> assertThat(detail)
					.contains("Principal 'writer' may not run 'overwrite'")
					.contains("scope 'admin' on table 'shop.returns'")));
	}

	@Test
	void healthDetailsNeedReadOnEveryTable() throws Exception {
		// reader: PAIMON_READ on every table; plain: no Paimon grant, so Boot's when-authorized alone decides
		for (String user : List.of("reader", "plain")) {
			HttpResponse<String> health = Session.signIn(user).get("/actuator/health");
			assertThat(health.statusCode()).as(user).isEqualTo(200);
			assertThat(JsonPath.<String>read(health.body(), "$.components.paimon.details.instance")).as(user)
				.isNotBlank();
		}
		HttpResponse<String> narrow = Session.signIn("writer").get("/actuator/health");
		assertThat(narrow.statusCode()).isEqualTo(200);
		assertThat(narrow.body()).contains("\"status\":\"UP\"")
			.doesNotContain("components", "shop.", "finance", "instance");
	}

	/** A browser-like client: a cookie jar, signed in on the application's login form. */
	private record Session(HttpClient client, CookieManager cookies) {

		private static final Pattern CSRF_FIELD = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

		static Session signIn(String user) throws Exception {
			CookieManager cookies = new CookieManager();
			Session session = new Session(HttpClient.newBuilder().cookieHandler(cookies).build(), cookies);
			HttpResponse<String> page = session.get("/login");
			Matcher field = CSRF_FIELD.matcher(page.body());
			assertThat(field.find()).as(page.body()).isTrue();
			String form = "username=" + user + "&password=" + user + "-pw&_csrf="
					+ URLEncoder.encode(field.group(1), StandardCharsets.UTF_8);
			HttpResponse<String> signedIn = session.client.send(HttpRequest.newBuilder(base.resolve("/login"))
				.header("Content-Type", "application/x-www-form-urlencoded")
				.POST(HttpRequest.BodyPublishers.ofString(form))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(signedIn.statusCode()).as(user + " signs in").isEqualTo(302);
			assertThat(signedIn.headers().firstValue("Location")).as(user + " signs in")
				.hasValueSatisfying((location) -> assertThat(location).doesNotContain("error"));
			return session;
		}

		HttpResponse<String> get(String path) throws Exception {
			return this.client.send(HttpRequest.newBuilder(base.resolve(path)).build(),
					HttpResponse.BodyHandlers.ofString());
		}

		HttpResponse<String> upload(String path, boolean withCsrfToken) throws Exception {
			return send(HttpRequest.newBuilder(base.resolve(path))
				.header("Content-Type", PaimonAdminController.ARROW_STREAM)
				.POST(HttpRequest.BodyPublishers.ofByteArray(AccessMatrix.body(2))), withCsrfToken);
		}

		HttpResponse<String> postJson(String path, String json) throws Exception {
			return send(HttpRequest.newBuilder(base.resolve(path))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(json)), true);
		}

		private HttpResponse<String> send(HttpRequest.Builder request, boolean withCsrfToken) throws Exception {
			if (withCsrfToken) {
				// the token of the XSRF-TOKEN cookie in X-XSRF-TOKEN, as the console sends it; a GET makes sure the
				// cookie is there after the sign-in replaced the token
				get("/paimon/tables");
				String token = this.cookies.getCookieStore().getCookies().stream()
					.filter((cookie) -> cookie.getName().equals("XSRF-TOKEN"))
					.map(HttpCookie::getValue)
					.findFirst()
					.orElseThrow(() -> new AssertionError("no XSRF-TOKEN cookie"));
				request.header("X-XSRF-TOKEN", token);
			}
			return this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}

	}

}
