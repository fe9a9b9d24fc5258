package io.github.paimonspring.admin.autoconfigure;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AdminConsoleSignIn} on Swagger UI's own {@code swagger-initializer.js} from the webjar:
 * Swagger UI gets the console's options (the interceptor that sends the token) first, the sign-in
 * script follows, and every other resource passes unchanged.
 */
class AdminConsoleSignInTests {

	private final AdminConsoleSignIn signIn = new AdminConsoleSignIn((request, resource, chain) -> resource);

	@Test
	void theInitializerGetsTheConsoleOptionsAndTheSignIn() throws Exception {
		Resource webjar = webjarInitializer();
		String transformed = this.signIn.transform(null, webjar, null).getContentAsString(StandardCharsets.UTF_8);
		assertThat(transformed).contains(AdminConsoleSignIn.BUNDLE + "\n    ...window.paimonAdminConsole.options,")
			.contains("requestInterceptor")
			.contains("'Bearer ' + token")
			.contains("preauthorizeApiKey(SCHEME, token)")
			.contains("const SCHEME = 'paimon-bearer';")
			.contains("window.sessionStorage")
			.doesNotContain("localStorage")
			.doesNotContain("__SECURITY_SCHEME__");
		assertThat(transformed.indexOf("window.paimonAdminConsole = {"))
			.isGreaterThan(transformed.indexOf(AdminConsoleSignIn.BUNDLE));
	}

	@Test
	void otherResourcesAndAnUnknownTemplatePassUnchanged() throws Exception {
		Resource page = new ByteArrayResource("<html></html>".getBytes(StandardCharsets.UTF_8)) {
			@Override
			public String getFilename() {
				return "index.html";
			}
		};
		assertThat(this.signIn.transform(null, page, null)).isSameAs(page);
		Resource changed = new ByteArrayResource("window.ui = SwaggerUI({});".getBytes(StandardCharsets.UTF_8)) {
			@Override
			public String getFilename() {
				return AdminConsoleSignIn.INITIALIZER;
			}
		};
		assertThat(this.signIn.transform(null, changed, null)).isSameAs(changed);
	}

	private static Resource webjarInitializer() throws Exception {
		PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver();
		Resource[] found = resolver
				.getResources("classpath*:META-INF/resources/webjars/swagger-ui/*/swagger-initializer.js");
		assertThat(found).as("Swagger UI's webjar").hasSize(1);
		return found[0];
	}

}
