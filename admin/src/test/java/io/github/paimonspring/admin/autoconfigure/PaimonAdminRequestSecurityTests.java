package io.github.paimonspring.admin.autoconfigure;

import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockServletContext;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.context.WebApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PaimonAdminRequest}: the matchers resolve the admin API's and the OpenAPI documents' paths from the
 * application context on the first request.
 */
class PaimonAdminRequestSecurityTests {

	private static final AutoConfigurations PAIMON = AutoConfigurations.of(PaimonAutoConfiguration.class,
			PaimonAdminSecurityAutoConfiguration.class, PaimonAdminAutoConfiguration.class);

	@TempDir
	Path warehouse;

	private WebApplicationContextRunner runner(String... properties) {
		return new WebApplicationContextRunner().withConfiguration(PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse, "paimon.admin.enabled=true")
			.withPropertyValues(properties);
	}

	@Test
	void theDefaultPaths() {
		runner().run((context) -> {
			Matches matches = new Matches(context);
			List<String> admin = List.of("/paimon", "/paimon/", "/paimon/tables", "/paimon/tables/shop/orders/uploads",
					"/paimon/transactions/t-1/abort");
			List<String> openApi = List.of("/v3/api-docs", "/v3/api-docs/paimon-admin", "/v3/api-docs.yaml",
					"/v3/api-docs/swagger-config");
			List<String> neither = List.of("/", "/paimonx", "/orders", "/actuator/health", "/swagger-ui/index.html",
					"/v3", "/api/paimon/tables");
			assertThat(matches.all(PaimonAdminRequest.toAdminApi(), admin)).isTrue();
			assertThat(matches.any(PaimonAdminRequest.toAdminApi(), openApi)).isFalse();
			assertThat(matches.all(PaimonAdminRequest.toOpenApiDocuments(), openApi)).isTrue();
			assertThat(matches.any(PaimonAdminRequest.toOpenApiDocuments(), admin)).isFalse();
			assertThat(matches.all(PaimonAdminRequest.toAny(), admin)).isTrue();
			assertThat(matches.all(PaimonAdminRequest.toAny(), openApi)).isTrue();
			for (RequestMatcher matcher : List.of(PaimonAdminRequest.toAdminApi(),
					PaimonAdminRequest.toOpenApiDocuments(), PaimonAdminRequest.toAny())) {
				assertThat(matches.any(matcher, neither)).as(matcher.toString()).isFalse();
			}
		});
	}

	@Test
	void thePathsFollowTheProperties() {
		runner("paimon.admin.base-path=/ops/lake/", "springdoc.api-docs.path=/openapi").run((context) -> {
			Matches matches = new Matches(context);
			assertThat(matches.all(PaimonAdminRequest.toAdminApi(), List.of("/ops/lake", "/ops/lake/tables")))
				.isTrue();
			assertThat(matches.any(PaimonAdminRequest.toAdminApi(), List.of("/paimon/tables", "/ops", "/ops/lakes")))
				.isFalse();
			assertThat(matches.all(PaimonAdminRequest.toOpenApiDocuments(),
					List.of("/openapi", "/openapi/paimon-admin", "/openapi.yaml")))
				.isTrue();
			assertThat(matches.any(PaimonAdminRequest.toOpenApiDocuments(), List.of("/v3/api-docs"))).isFalse();
		});
	}

	@Test
	void theDispatcherServletsPathComesFromBootsMatcherBuilder() {
		runner().withBean(PathPatternRequestMatcher.Builder.class,
				() -> PathPatternRequestMatcher.withDefaults().basePath("/api"))
			.run((context) -> {
				Matches matches = new Matches(context);
				assertThat(matches.all(PaimonAdminRequest.toAdminApi(), List.of("/api/paimon", "/api/paimon/tables")))
					.isTrue();
				assertThat(matches.any(PaimonAdminRequest.toAdminApi(), List.of("/paimon/tables"))).isFalse();
			});
	}

	@Test
	void theAdminApisPathWithTheAdminApiOff() {
		new WebApplicationContextRunner().withPropertyValues("paimon.admin.base-path=/lake").run((context) -> {
			Matches matches = new Matches(context);
			assertThat(matches.all(PaimonAdminRequest.toAdminApi(), List.of("/lake/tables"))).isTrue();
			assertThat(matches.any(PaimonAdminRequest.toAdminApi(), List.of("/paimon/tables"))).isFalse();
		});
	}

	/** Requests of a context's servlet context, as the matchers find their context through it. */
	private static final class Matches {

		private final MockServletContext servletContext;

		Matches(WebApplicationContext context) {
			this.servletContext = (MockServletContext) context.getServletContext();
			this.servletContext.setAttribute(WebApplicationContext.ROOT_WEB_APPLICATION_CONTEXT_ATTRIBUTE, context);
		}

		boolean all(RequestMatcher matcher, List<String> paths) {
			return paths.stream().allMatch((path) -> matches(matcher, path));
		}

		boolean any(RequestMatcher matcher, List<String> paths) {
			return paths.stream().anyMatch((path) -> matches(matcher, path));
		}

		private boolean matches(RequestMatcher matcher, String path) {
			MockHttpServletRequest request = new MockHttpServletRequest(this.servletContext, "GET", path);
			request.setRequestURI(path);
			return matcher.matches(request);
		}

	}

}
