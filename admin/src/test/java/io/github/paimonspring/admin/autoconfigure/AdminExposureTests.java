package io.github.paimonspring.admin.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.admin.access.AdminCredential;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the admin token protects besides the admin API: the {@code paimon} and {@code metrics}
 * actuator endpoints (also on a separate management port) and the OpenAPI documents, and springdoc
 * following the admin switch.
 */
class AdminExposureTests {

	@TempDir
	Path warehouse;

	private WebApplicationContextRunner runner() {
		return new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class, PaimonAdminAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse, "paimon.admin.enabled=true",
					"paimon.admin.token=secret");
	}

	@Test
	void theFilterSeesEveryRequestAndProtectsTheApiActuatorEndpointsAndOpenApiDocuments() {
		runner().run((context) -> {
			assertThat(context).hasNotFailed();
			FilterRegistrationBean<AdminAuthenticationFilter> registration = filter(context);
			assertThat(registration.isEnabled()).isTrue();
			assertThat(registration.getUrlPatterns()).containsExactly("/*");
			assertThat(registration.getFilter().getProtectedPaths()).containsExactly("/paimon", "/actuator/paimon",
					"/actuator/metrics", "/v3/api-docs*");
		});
	}

	@Test
	void theProtectedPathsFollowTheBootAndSpringdocPathProperties() {
		runner().withPropertyValues("paimon.admin.base-path=lake/", "management.endpoints.web.base-path=/manage/",
				"management.endpoints.web.path-mapping.paimon=lake-status", "springdoc.api-docs.path=/openapi")
			.run((context) -> assertThat(filter(context).getFilter().getProtectedPaths()).containsExactly("/lake",
					"/manage/lake-status", "/manage/metrics", "/openapi*"));
		runner().withPropertyValues("management.endpoints.web.base-path=/")
			.run((context) -> assertThat(filter(context).getFilter().getProtectedPaths()).containsExactly("/paimon",
					"/paimon", "/metrics", "/v3/api-docs*"));
	}

	@Test
	void withoutBearerAuthenticationTheFilterIsOff() {
		runner().withPropertyValues("paimon.admin.auth=none", "paimon.admin.token=")
			.run((context) -> assertThat(filter(context).isEnabled()).isFalse());
	}

	@Test
	void springdocDefaultsFollowTheAdminSwitchAndYieldToExplicitSettings() {
		assertThat(springdoc()).containsExactly("false", "false");
		assertThat(springdoc("paimon.admin.enabled", "true")).containsExactly("true", "true");
		assertThat(springdoc("paimon.admin.enabled", "false", "springdoc.api-docs.enabled", "true"))
			.containsExactly("true", "false");
		assertThat(springdoc("paimon.admin.enabled", "true", "springdoc.swagger-ui.enabled", "false"))
			.containsExactly("true", "false");
	}

	@Test
	void aSeparateManagementPortGetsTheTokenToo() throws Exception {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
			.web(WebApplicationType.SERVLET)
			.properties("server.port=0", "management.server.port=0", "paimon.catalog.warehouse=" + this.warehouse,
					"paimon.admin.enabled=true", "paimon.admin.token=secret",
					"paimon.admin.credentials.gateway.token-hashes=" + AdminCredential.hash("gateway-token"),
					"paimon.admin.credentials.gateway.scopes=ingest", "paimon.admin.credentials.gateway.tables=shop.*",
					"management.endpoints.web.exposure.include=health,paimon,metrics",
					"management.endpoint.health.show-details=when-authorized", "spring.jmx.enabled=false")
			.run()) {
			String management = context.getEnvironment().getProperty("local.management.port");
			String server = context.getEnvironment().getProperty("local.server.port");
			assertThat(management).isNotEqualTo(server);
			String base = "http://127.0.0.1:" + management;
			assertThat(get(base + "/actuator/paimon", null).statusCode()).isEqualTo(401);
			assertThat(get(base + "/actuator/metrics", null).statusCode()).isEqualTo(401);
			assertThat(get(base + "/actuator/paimon", "Bearer secret").statusCode()).isEqualTo(200);
			// the application context's credentials, scopes included
			HttpResponse<String> refused = get(base + "/actuator/paimon", "Bearer gateway-token");
			assertThat(refused.statusCode()).isEqualTo(403);
			assertThat(refused.body()).contains("scope 'read' on every table (*)");
			HttpResponse<String> anonymous = get(base + "/actuator/health", null);
			assertThat(anonymous.statusCode()).isEqualTo(200);
			assertThat(anonymous.body()).doesNotContain("components").doesNotContain(this.warehouse.toString());
			HttpResponse<String> authorized = get(base + "/actuator/health", "Bearer secret");
			assertThat(authorized.body()).contains("\"paimon\"").contains("warehouseKind")
				.doesNotContain(this.warehouse.toString());
			assertThat(get("http://127.0.0.1:" + server + "/paimon/tables", null).statusCode()).isEqualTo(401);
		}
	}

	@SuppressWarnings("unchecked")
	private static FilterRegistrationBean<AdminAuthenticationFilter> filter(
			ApplicationContext context) {
		return context.getBean("paimonAdminAuthenticationFilter", FilterRegistrationBean.class);
	}

	/** The springdoc switches after the post-processor, for the given properties. */
	private static List<String> springdoc(String... properties) {
		StandardEnvironment environment = new StandardEnvironment();
		Map<String, Object> map = new HashMap<>();
		for (int i = 0; i < properties.length; i += 2) {
			map.put(properties[i], properties[i + 1]);
		}
		environment.getPropertySources().addFirst(new MapPropertySource("test", map));
		new PaimonSpringdocEnvironmentPostProcessor().postProcessEnvironment(environment, null);
		return List.of(environment.getProperty("springdoc.api-docs.enabled"),
				environment.getProperty("springdoc.swagger-ui.enabled"));
	}

	private static HttpResponse<String> get(String uri, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri)).GET();
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

	}

}
