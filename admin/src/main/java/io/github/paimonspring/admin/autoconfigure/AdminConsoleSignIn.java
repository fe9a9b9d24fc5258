package io.github.paimonspring.admin.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.paimonspring.admin.web.PaimonAdminController;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springdoc.webmvc.ui.SwaggerIndexTransformer;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.web.servlet.resource.ResourceTransformerChain;
import org.springframework.web.servlet.resource.TransformedResource;

/**
 * The admin console's sign-in, added to springdoc's Swagger UI: its {@code swagger-initializer.js}
 * first asks for the admin token, keeps it in the tab's {@code sessionStorage} and gives Swagger UI a
 * request interceptor that sends {@code Authorization: Bearer <token>} with every request to the
 * page's own origin — the Swagger UI configuration and the OpenAPI document included, which need the
 * token — and pre-authorizes the {@code paimon-bearer} scheme. A 401 signs out. The page itself is
 * static and holds nothing of the API. Everything else is springdoc's own transformation, which this
 * one wraps.
 */
final class AdminConsoleSignIn implements SwaggerIndexTransformer {

	private static final Logger logger = LoggerFactory.getLogger(AdminConsoleSignIn.class);

	static final String INITIALIZER = "swagger-initializer.js";

	/** Where springdoc's initializer creates Swagger UI; the console's options are put first. */
	static final String BUNDLE = "window.ui = SwaggerUIBundle({";

	private final SwaggerIndexTransformer springdoc;

	private final String script;

	AdminConsoleSignIn(SwaggerIndexTransformer springdoc) {
		this.springdoc = springdoc;
		this.script = script().replace("__SECURITY_SCHEME__", PaimonAdminController.SECURITY_SCHEME);
	}

	@Override
	public Resource transform(HttpServletRequest request, Resource resource, ResourceTransformerChain chain)
			throws IOException {
		Resource transformed = this.springdoc.transform(request, resource, chain);
		if (!INITIALIZER.equals(resource.getFilename())) {
			return transformed;
		}
		String initializer = transformed.getContentAsString(StandardCharsets.UTF_8);
		if (!initializer.contains(BUNDLE)) {
			logger.warn("The admin console sign-in was not added: {} has no '{}' (springdoc's template changed)",
					INITIALIZER, BUNDLE);
			return transformed;
		}
		String signIn = initializer.replaceFirst(Pattern.quote(BUNDLE),
				Matcher.quoteReplacement(BUNDLE + "\n    ...window.paimonAdminConsole.options,"))
				+ this.script;
		return new TransformedResource(resource, signIn.getBytes(StandardCharsets.UTF_8));
	}

	private static String script() {
		try (InputStream in = new ClassPathResource("admin-console.js", AdminConsoleSignIn.class).getInputStream()) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the admin console script", ex);
		}
	}

}
