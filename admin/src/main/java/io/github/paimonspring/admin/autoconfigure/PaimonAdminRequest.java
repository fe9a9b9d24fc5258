package io.github.paimonspring.admin.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.security.web.servlet.ApplicationContextRequestMatcher;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.util.Assert;
import org.springframework.web.context.WebApplicationContext;

/**
 * Request matchers of the admin API's paths for the application's own Spring Security filter chains, in the manner
 * of Spring Boot's actuator {@code EndpointRequest}: the paths are resolved from the application context on the
 * first request ({@code paimon.admin.base-path}, {@code springdoc.api-docs.path}, and the dispatcher servlet's path
 * through Boot's {@link PathPatternRequestMatcher.Builder} bean), so a chain can be declared before they are known.
 * For example:
 * <pre class="code">
 * http.securityMatcher(PaimonAdminRequest.toAny())
 *     .authorizeHttpRequests((requests) -&gt; requests.anyRequest().authenticated())
 *     .oauth2ResourceServer((server) -&gt; server.jwt(Customizer.withDefaults()));
 * </pre>
 * The matchers only say which requests are the admin API's; which operation a principal may run on which table the
 * admin API decides itself from the {@code Authentication}'s authorities.
 */
public final class PaimonAdminRequest {

	private PaimonAdminRequest() {
	}

	/**
	 * Matches the admin API: {@code paimon.admin.base-path} (default {@code /paimon}) and everything beneath it.
	 * @return the matcher
	 */
	public static PaimonAdminRequestMatcher toAdminApi() {
		return new PaimonAdminRequestMatcher(true, false);
	}

	/**
	 * Matches springdoc's OpenAPI documents: {@code springdoc.api-docs.path} (default {@code /v3/api-docs}), its
	 * groups, its YAML variants and the Swagger UI configuration beneath it.
	 * @return the matcher
	 */
	public static PaimonAdminRequestMatcher toOpenApiDocuments() {
		return new PaimonAdminRequestMatcher(false, true);
	}

	/**
	 * Matches the admin API and the OpenAPI documents.
	 * @return the matcher
	 */
	public static PaimonAdminRequestMatcher toAny() {
		return new PaimonAdminRequestMatcher(true, true);
	}

	/**
	 * The matcher of some of the admin API's paths, resolved from the application context on the first request.
	 */
	public static final class PaimonAdminRequestMatcher
			extends ApplicationContextRequestMatcher<WebApplicationContext> {

		private static final String MANAGEMENT_NAMESPACE = "management";

		private final boolean adminApi;

		private final boolean openApi;

		private volatile @Nullable RequestMatcher delegate;

		private PaimonAdminRequestMatcher(boolean adminApi, boolean openApi) {
			super(WebApplicationContext.class);
			this.adminApi = adminApi;
			this.openApi = openApi;
		}

		/**
		 * The actuator's own server ({@code management.server.port}) serves no admin API.
		 * @param context the context of the request
		 * @return whether it is the management server's
		 */
		@Override
		protected boolean ignoreApplicationContext(WebApplicationContext context) {
			return hasServerNamespace(context, MANAGEMENT_NAMESPACE);
		}

		@Override
		protected void initialized(Supplier<WebApplicationContext> context) {
			this.delegate = new OrRequestMatcher(matchers(context.get()));
		}

		@Override
		protected boolean matches(HttpServletRequest request, Supplier<WebApplicationContext> context) {
			RequestMatcher delegate = this.delegate;
			Assert.state(delegate != null, "The admin request matcher is not initialized");
			return delegate.matches(request);
		}

		/**
		 * The path patterns this matcher matches in a context.
		 * @param context the application context
		 * @return the patterns, relative to the dispatcher servlet's path
		 */
		List<String> patterns(WebApplicationContext context) {
			List<String> patterns = new ArrayList<>();
			if (this.adminApi) {
				PaimonAdminProperties admin = context.getBeanProvider(PaimonAdminProperties.class)
					.getIfAvailable(() -> Binder.get(context.getEnvironment())
						.bind("paimon.admin", PaimonAdminProperties.class)
						.orElseGet(PaimonAdminProperties::new));
				patterns.add(PaimonAdminAutoConfiguration.basePath(admin) + "/**");
			}
			if (this.openApi) {
				patterns.add(AdminProtectedPaths.openApi(context.getEnvironment()) + "/**");
			}
			return patterns;
		}

		private List<RequestMatcher> matchers(WebApplicationContext context) {
			PathPatternRequestMatcher.Builder builder = context.getBeanProvider(PathPatternRequestMatcher.Builder.class)
				.getIfAvailable(PathPatternRequestMatcher::withDefaults);
			return patterns(context).stream().<RequestMatcher>map(builder::matcher).toList();
		}

		@Override
		public String toString() {
			return "PaimonAdminRequestMatcher adminApi=" + this.adminApi + ", openApiDocuments=" + this.openApi;
		}

	}

}
