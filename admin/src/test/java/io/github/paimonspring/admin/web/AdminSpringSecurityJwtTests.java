package io.github.paimonspring.admin.web;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminProperties;
import io.github.paimonspring.support.TestWarehouse;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance 3 of the least-privilege admin API: Spring Security with JWTs from a real issuer. A Spring
 * Authorization Server runs as its own application on a random port and issues client-credentials tokens whose
 * scopes are {@code paimon:<scope>[:<tables>]}; the application under test (admin API on a real warehouse) is an
 * OAuth2 resource server with Boot's default chain and {@code issuer-uri}, and nothing else configured for the
 * admin API: {@code paimon.admin.auth} defaults to spring-security. Tokens are fetched with real HTTP POSTs to
 * {@code /oauth2/token}; the access matrix is the one the bearer credentials pass.
 */
class AdminSpringSecurityJwtTests {

	/** The client-credentials clients of the issuer and the scopes each is registered with and asks for. */
	private static final Map<String, String> CLIENTS = clients();

	@TempDir
	static Path warehouse;

	static ConfigurableApplicationContext issuer;

	static ConfigurableApplicationContext app;

	static TestWarehouse tables;

	static ListAppender<ILoggingEvent> audit;

	static AccessMatrix matrix;

	static String issuerUri;

	static URI appUri;

	private static final Map<String, String> tokens = new ConcurrentHashMap<>();

	private static final HttpClient http = HttpClient.newHttpClient();

	private static Map<String, String> clients() {
		Map<String, String> clients = new LinkedHashMap<>();
		clients.put("gateway", "paimon:ingest:shop.*");
		clients.put("partner", "paimon:ingest:shop.*");
		clients.put("ops", "paimon:admin:shop.*");
		clients.put("auditor", "paimon:read paimon:maintain:shop.visits");
		clients.put("stranger", "profile");
		return clients;
	}

	@BeforeAll
	static void start() {
		issuer = new SpringApplicationBuilder(Issuer.class).properties(issuerProperties()).run();
		issuerUri = "http://127.0.0.1:" + port(issuer);
		tables = new TestWarehouse(warehouse);
		for (String table : List.of("shop.visits", "shop.returns", "finance.ledger")) {
			tables.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.build());
		}
		audit = new ListAppender<>();
		audit.start();
		((Logger) LoggerFactory.getLogger(AdminAudit.LOGGER)).addAppender(audit);
		app = new SpringApplicationBuilder(App.class).properties("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + warehouse, "paimon.admin.enabled=true",
				"spring.security.oauth2.resourceserver.jwt.issuer-uri=" + issuerUri,
				"management.endpoint.health.show-details=when-authorized",
				// the issuer's auto-configuration is on this class path too: the application is no issuer
				"spring.autoconfigure.exclude=" + AUTHORIZATION_SERVER + "OAuth2AuthorizationServerAutoConfiguration,"
						+ AUTHORIZATION_SERVER + "OAuth2AuthorizationServerJwtAutoConfiguration")
			.run();
		appUri = URI.create("http://127.0.0.1:" + port(app));
		matrix = new AccessMatrix(appUri.resolve("/paimon"), tables, audit);
	}

	private static final String AUTHORIZATION_SERVER = "org.springframework.boot.security.oauth2.server."
			+ "authorization.autoconfigure.servlet.";

	private static String[] issuerProperties() {
		List<String> properties = new ArrayList<>(List.of("server.port=0", "spring.main.banner-mode=off",
				"spring.autoconfigure.exclude=io.github.paimonspring.autoconfigure.PaimonAutoConfiguration"));
		CLIENTS.forEach((client, scopes) -> {
			String registration = "spring.security.oauth2.authorizationserver.client." + client + ".registration.";
			properties.add(registration + "client-id=" + client);
			properties.add(registration + "client-secret={noop}" + secret(client));
			properties.add(registration + "client-authentication-methods=client_secret_basic");
			properties.add(registration + "authorization-grant-types=client_credentials");
			properties.add(registration + "scopes=" + scopes.replace(' ', ','));
		});
		return properties.toArray(String[]::new);
	}

	@AfterAll
	static void stop() throws Exception {
		if (app != null) {
			app.close();
		}
		if (issuer != null) {
			issuer.close();
		}
		((Logger) LoggerFactory.getLogger(AdminAudit.LOGGER)).detachAppender(audit);
		if (tables != null) {
			tables.close();
		}
	}

	@Test
	void withoutAValidTokenTheAdminApiIs401AndNothingIsWritten() throws Exception {
		long snapshots = tables.snapshotCount("shop.returns");
		HttpResponse<String> none = http.send(HttpRequest.newBuilder(appUri.resolve("/paimon/tables")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(none.statusCode()).isEqualTo(401);
		assertThat(none.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
				(value) -> assertThat(value).startsWith("Bearer"));
		String token = token("ops");
		String tampered = token.substring(0, token.length() - 4)
				+ (token.endsWith("AAAA") ? "BBBB" : "AAAA");
		for (String wrong : List.of("not-a-jwt", tampered)) {
			assertThat(matrix.get(wrong, "/tables").statusCode()).as(wrong).isEqualTo(401);
			assertThat(matrix.upload(wrong, "shop/returns", "", 2).statusCode()).as(wrong).isEqualTo(401);
			assertThat(matrix.post(wrong, "/tables/shop/returns/truncate", "{}").statusCode()).as(wrong)
				.isEqualTo(401);
		}
		assertThat(tables.snapshotCount("shop.returns")).isEqualTo(snapshots);
		assertThat(matrix.get(token, "/tables").statusCode()).isEqualTo(200);
	}

	@Test
	void aWriteWithoutATokenIs401WithAChallengeAndAProblemNotACsrf403() throws Exception {
		long snapshots = tables.snapshotCount("shop.returns");
		List<HttpRequest> writes = List.of(
				tokenless("/paimon/tables/shop/returns/uploads")
					.header("Content-Type", PaimonAdminController.ARROW_STREAM)
					.POST(HttpRequest.BodyPublishers.ofByteArray(AccessMatrix.body(2))).build(),
				tokenless("/paimon/tables/shop/returns/truncate").header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
				tokenless("/paimon/tables/shop/returns/channels/c").PUT(HttpRequest.BodyPublishers.noBody()).build(),
				tokenless("/paimon/tables/shop/returns/channels/c").DELETE().build(),
				tokenless("/paimon/tables").GET().build());
		for (HttpRequest write : writes) {
			HttpResponse<String> answer = http.send(write, HttpResponse.BodyHandlers.ofString());
			String what = write.method() + " " + write.uri().getPath();
			assertThat(answer.statusCode()).as(what + ": " + answer.body()).isEqualTo(401);
			assertThat(answer.headers().firstValue("WWW-Authenticate")).as(what)
				.hasValueSatisfying((value) -> assertThat(value).startsWith("Bearer"));
			assertThat(answer.headers().firstValue("Content-Type")).as(what)
				.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
			assertThat(answer.body()).as(what).contains("\"status\":401")
				.contains("\"type\":\"urn:paimon-spring:problem:");
			// no session: not by CSRF, not by the request cache, which would save a refused GET for a login
			assertThat(answer.headers().allValues("Set-Cookie")).as(what + ": no session").isEmpty();
		}
		assertThat(tables.snapshotCount("shop.returns")).isEqualTo(snapshots);
	}

	@Test
	void anInvalidTokenIs401WithInvalidTokenAndAProblem() throws Exception {
		String token = token("ops");
		String tampered = token.substring(0, token.length() - 4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
		String unsigned = token.substring(0, token.indexOf('.')) + "." + token.split("\\.")[1] + ".";
		for (String wrong : List.of("not-a-jwt", tampered, unsigned)) {
			for (HttpResponse<String> answer : List.of(matrix.get(wrong, "/tables"),
					matrix.upload(wrong, "shop/returns", "", 2))) {
				assertThat(answer.statusCode()).as(wrong).isEqualTo(401);
				assertThat(answer.headers().firstValue("WWW-Authenticate")).as(wrong)
					.hasValueSatisfying((value) -> assertThat(value).startsWith("Bearer")
						.contains("error=\"invalid_token\""));
				assertThat(answer.headers().firstValue("Content-Type")).as(wrong)
					.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
				assertThat(answer.body()).as(wrong).contains("\"status\":401").contains("\"detail\":");
			}
		}
	}

	private static HttpRequest.Builder tokenless(String path) {
		return HttpRequest.newBuilder(appUri.resolve(path));
	}

	@Test
	@SuppressWarnings("unchecked")
	void thePrincipalIsTheClientAndItsGrantsAreTheTokensScopes() throws Exception {
		assertThat(app.getBean(AdminPrincipals.class)).isInstanceOf(SpringSecurityPrincipals.class);
		PaimonAdminProperties properties = app.getBean(PaimonAdminProperties.class);
		assertThat(properties.getAuth()).isNull();
		assertThat(properties.resolvedAuth(app.getClassLoader())).isEqualTo(PaimonAdminProperties.Auth.SPRING_SECURITY);
		assertThat(app.getBean("paimonAdminAuthenticationFilter", FilterRegistrationBean.class).isEnabled()).isFalse();
		String token = token("auditor");
		Map<String, Object> claims = JsonPath.parse(new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]),
				StandardCharsets.UTF_8)).read("$");
		assertThat(claims).containsEntry("sub", "auditor").containsEntry("iss", issuerUri);
		assertThat((List<Object>) claims.get("scope")).containsExactlyInAnyOrder("paimon:read",
				"paimon:maintain:shop.visits");
		assertThat(whoami("auditor")).isEqualTo("auditor [read:*, maintain:shop.visits]");
		assertThat(whoami("gateway")).isEqualTo("gateway [ingest:shop.*]");
		assertThat(whoami("ops")).isEqualTo("ops [admin:shop.*]");
		assertThat(whoami("stranger")).isEqualTo("stranger []");
	}

	@Test
	void scopesDecideWhatEachClientMayDo() throws Exception {
		assertThat(matrix.get(token("auditor"), "/tables").body()).contains("shop.visits", "finance.ledger");
		assertThat(matrix.get(token("gateway"), "/tables").body()).contains("shop.visits").doesNotContain("finance");
		matrix.assertForbidden(matrix.upload(token("auditor"), "shop/returns", "", 1), "ingest", "shop.returns");
		HttpResponse<String> stranger = matrix.get(token("stranger"), "/tables/shop/visits");
		matrix.assertForbidden(stranger, "read", "shop.visits");
		matrix.assertForbidden(matrix.upload(token("ops"), "finance/ledger", "", 1), "ingest", "finance.ledger");
		matrix.assertForbidden(matrix.upload(token("gateway"), "shop/returns", "?overwrite=true", 1), "admin",
				"shop.returns");
	}

	@Test
	void overwriteNeedsAdminAndBothRefusalsAreAuditedAsOverwrite() throws Exception {
		matrix.overwriteNeedsAdmin(token("gateway"), token("ops"), "gateway", "ops");
	}

	@Test
	void healthDetailsNeedReadOnEveryTable() throws Exception {
		// auditor: paimon:read on every table; gateway: ingest on shop.*, ops: admin on shop.* only; stranger: no
		// Paimon grant, so Boot's show-details=when-authorized (no roles) alone decides
		for (String client : List.of("auditor", "stranger")) {
			HttpResponse<String> health = health(client);
			assertThat(health.statusCode()).as(client).isEqualTo(200);
			assertThat(JsonPath.<String>read(health.body(), "$.components.paimon.details.instance")).as(client)
				.isNotBlank();
		}
		for (String client : List.of("gateway", "ops")) {
			HttpResponse<String> health = health(client);
			assertThat(health.statusCode()).as(client).isEqualTo(200);
			assertThat(health.body()).as(client).contains("\"status\":\"UP\"")
				.doesNotContain("components", "shop.", "finance", "instance");
		}
	}

	@Test
	void anIngestClientUploadsIntoShopButMayNotTruncateOrWriteFinance() throws Exception {
		matrix.ingestUploadsButMayNotTruncateOrWriteElsewhere(token("gateway"), token("ops"), "gateway");
	}

	@Test
	void anotherClientsTransactionNeedsAdmin() throws Exception {
		matrix.othersTransactionsNeedAdmin(token("gateway"), token("partner"), token("ops"), "gateway", "partner",
				"ops");
	}

	@Test
	void anotherClientsChannelNeedsAdmin() throws Exception {
		matrix.othersChannelsNeedAdmin(token("gateway"), token("partner"), token("ops"));
	}

	private static HttpResponse<String> health(String client) throws Exception {
		return http.send(HttpRequest.newBuilder(appUri.resolve("/actuator/health"))
			.header("Authorization", "Bearer " + token(client))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static String whoami(String client) throws Exception {
		HttpResponse<String> response = http.send(HttpRequest.newBuilder(appUri.resolve("/whoami"))
			.header("Authorization", "Bearer " + token(client))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return response.body();
	}

	/** A client-credentials token of the issuer, fetched once per client with a real POST to its token endpoint. */
	private static String token(String client) {
		return tokens.computeIfAbsent(client, (id) -> {
			String credentials = Base64.getEncoder()
				.encodeToString((id + ":" + secret(id)).getBytes(StandardCharsets.UTF_8));
			String form = "grant_type=client_credentials&scope=" + URLEncoder.encode(CLIENTS.get(id),
					StandardCharsets.UTF_8);
			try {
				URI endpoint = URI.create(issuerUri + "/oauth2/token");
				HttpResponse<String> response = http.send(HttpRequest.newBuilder(endpoint)
					.header("Authorization", "Basic " + credentials)
					.header("Content-Type", "application/x-www-form-urlencoded")
					.POST(HttpRequest.BodyPublishers.ofString(form))
					.build(), HttpResponse.BodyHandlers.ofString());
				assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
				return JsonPath.read(response.body(), "$.access_token");
			}
			catch (Exception ex) {
				throw new IllegalStateException("No token for " + id, ex);
			}
		});
	}

	private static String secret(String client) {
		return client + "-secret";
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	/** The JWT issuer: Spring Authorization Server as Boot configures it from the client registrations. */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Issuer {

	}

	/** The application: the admin API and an endpoint that shows the admin principal of a request. */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

		@Bean
		WhoAmI whoAmI(AdminPrincipals principals) {
			return new WhoAmI(principals);
		}

	}

	@RestController
	static class WhoAmI {

		private final AdminPrincipals principals;

		WhoAmI(AdminPrincipals principals) {
			this.principals = principals;
		}

		@GetMapping(path = "/whoami", produces = "text/plain")
		String whoami(HttpServletRequest request) {
			AdminPrincipal principal = this.principals.principal(request);
			return (principal != null) ? principal.toString() : "nobody";
		}

	}

}
