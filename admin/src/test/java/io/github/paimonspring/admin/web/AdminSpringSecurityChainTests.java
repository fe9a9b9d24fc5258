package io.github.paimonspring.admin.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import io.github.paimonspring.actuate.ActuatorFixtures;
import io.github.paimonspring.admin.autoconfigure.PaimonAdminRequest;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin API in an application's own Spring Security filter chains: one chain for
 * {@link PaimonAdminRequest#toAny()} (the admin API and the OpenAPI documents) with the application's users and
 * HTTP Basic, another that leaves the rest of the application open. The users' authorities and roles are the
 * grants ({@code PAIMON_INGEST:shop.*}, {@code ROLE_PAIMON_READ}); real server, real tables.
 */
class AdminSpringSecurityChainTests {

	@TempDir
	static Path warehouse;

	static ConfigurableApplicationContext app;

	static TestWarehouse tables;

	static URI base;

	private static final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() {
		tables = new TestWarehouse(warehouse);
		for (String table : List.of("shop.visits", "finance.ledger")) {
			tables.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
				.build());
		}
		app = new SpringApplicationBuilder(App.class)
			.properties("server.port=0", "spring.main.banner-mode=off", "paimon.catalog.warehouse=" + warehouse,
					"paimon.admin.enabled=true", "paimon.admin.max-json-size=1KB")
			.run();
		base = URI.create("http://127.0.0.1:" + ((WebServerApplicationContext) app).getWebServer().getPort());
	}

	@AfterAll
	static void stop() throws Exception {
		if (app != null) {
			app.close();
		}
		if (tables != null) {
			tables.close();
		}
	}

	@Test
	void theAdminChainAuthenticatesTheAdminApiAndTheOpenApiDocumentsOnly() throws Exception {
		assertThat(send("/hello", null, null).body()).isEqualTo("hello");
		for (String path : List.of("/paimon/tables", "/paimon/tables/shop/visits", "/v3/api-docs",
				"/v3/api-docs/paimon-admin")) {
			HttpResponse<String> response = send(path, null, null);
			assertThat(response.statusCode()).as(path).isEqualTo(401);
			assertThat(response.headers().firstValue("WWW-Authenticate")).as(path)
				.hasValueSatisfying((value) -> assertThat(value).startsWith("Basic"));
			HttpResponse<String> wrong = send(path, "reader:wrong", null);
			assertThat(wrong.statusCode()).as(path).isEqualTo(401);
			if (path.startsWith("/paimon/")) {
				// the admin API's refusals have a problem body, also those the chain answers with a status only,
				// and make no session (the request cache does not keep them)
				assertThat(response.headers().allValues("Set-Cookie")).as(path + ": no session").isEmpty();
				for (HttpResponse<String> refused : List.of(response, wrong)) {
					assertThat(refused.headers().firstValue("Content-Type")).as(path)
						.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
					assertThat(refused.body()).as(path).contains("\"status\":401");
				}
			}
		}
		assertThat(send("/v3/api-docs/paimon-admin", "reader:reader-pw", null).statusCode()).isEqualTo(200);
	}

	@Test
	void theUsersAuthoritiesAndRolesAreTheirGrants() throws Exception {
		assertThat(send("/paimon/tables", "ingest:ingest-pw", null).body()).contains("shop.visits")
			.doesNotContain("finance.ledger");
		assertThat(send("/paimon/tables", "reader:reader-pw", null).body()).contains("shop.visits", "finance.ledger");
		long ledger = tables.snapshotCount("finance.ledger");
		HttpResponse<String> upload = send("/paimon/tables/shop/visits/uploads", "ingest:ingest-pw", body());
		assertThat(upload.statusCode()).as(upload.body()).isEqualTo(200);
		assertThat(tables.idNames("shop.visits")).contains("1:a", "2:b");
		HttpResponse<String> finance = send("/paimon/tables/finance/ledger/uploads", "ingest:ingest-pw", body());
		assertThat(finance.statusCode()).as(finance.body()).isEqualTo(403);
		assertThat(finance.body()).contains("\"scope\":\"ingest\"", "'finance.ledger'");
		HttpResponse<String> reader = send("/paimon/tables/shop/visits/uploads", "reader:reader-pw", body());
		assertThat(reader.statusCode()).as(reader.body()).isEqualTo(403);
		assertThat(tables.snapshotCount("finance.ledger")).isEqualTo(ledger);
		assertThat(send("/paimon/tables", "visitor:visitor-pw", null).statusCode())
			.as("authenticated without grants").isEqualTo(403);
	}

	@Test
	void anAnonymousClientLearnsNothingAboutTheJsonLimit() throws Exception {
		String big = "{\"commitUser\":\"" + "u".repeat(2000) + "\"}";
		for (String user : new String[] { null, "ingest:ingest-pw" }) {
			URI transactions = base.resolve("/paimon/tables/shop/visits/transactions");
			HttpRequest.Builder request = HttpRequest.newBuilder(transactions)
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(big));
			if (user != null) {
				request.header("Authorization",
						"Basic " + Base64.getEncoder().encodeToString(user.getBytes(StandardCharsets.UTF_8)));
			}
			HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(response.body()).isEqualTo((user != null) ? 413 : 401);
			if (user == null) {
				assertThat(response.body()).doesNotContain("max-json-size");
			}
			else {
				assertThat(response.body()).contains("max-json-size");
			}
		}
	}

	private static byte[] body() {
		return ActuatorFixtures.arrowStream(1, "a", 2, "b");
	}

	private static HttpResponse<String> send(String path, @Nullable String user, byte @Nullable [] arrow)
			throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path));
		if (user != null) {
			request.header("Authorization",
					"Basic " + Base64.getEncoder().encodeToString(user.getBytes(StandardCharsets.UTF_8)));
		}
		if (arrow != null) {
			request.header("Content-Type", PaimonAdminController.ARROW_STREAM)
				.POST(HttpRequest.BodyPublishers.ofByteArray(arrow));
		}
		return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** An application with its own users and two chains: the admin API's and the rest's. */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

		@Bean
		@Order(1)
		SecurityFilterChain paimonAdminChain(HttpSecurity http) throws Exception {
			http.securityMatcher(PaimonAdminRequest.toAny())
				.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
				.httpBasic(Customizer.withDefaults())
				// API clients, no browser session: nothing to forge
				.csrf((csrf) -> csrf.disable());
			return http.build();
		}

		@Bean
		@Order(Ordered.LOWEST_PRECEDENCE)
		SecurityFilterChain applicationChain(HttpSecurity http) throws Exception {
			http.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll());
			return http.build();
		}

		@Bean
		InMemoryUserDetailsManager users() {
			return new InMemoryUserDetailsManager(
					User.withUsername("ingest").password("{noop}ingest-pw").authorities("PAIMON_INGEST:shop.*").build(),
					User.withUsername("reader").password("{noop}reader-pw").roles("PAIMON_READ").build(),
					User.withUsername("visitor").password("{noop}visitor-pw").roles("USER").build());
		}

		@Bean
		Hello hello() {
			return new Hello();
		}

	}

	@RestController
	static class Hello {

		@GetMapping("/hello")
		String hello() {
			return "hello";
		}

	}

}
