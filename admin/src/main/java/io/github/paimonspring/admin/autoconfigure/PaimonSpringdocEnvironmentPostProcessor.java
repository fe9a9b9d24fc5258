package io.github.paimonspring.admin.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ClassUtils;

/**
 * Ties springdoc's OpenAPI documents and Swagger UI to the admin API: with springdoc on the class
 * path, {@code springdoc.api-docs.enabled} and {@code springdoc.swagger-ui.enabled} default to
 * {@code paimon.admin.enabled} (so to {@code false} without the admin API). The defaults have the
 * lowest precedence: a value the application sets anywhere wins.
 */
public class PaimonSpringdocEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/** The name of the property source with the defaults. */
	public static final String PROPERTY_SOURCE_NAME = "paimonSpringdocDefaults";

	private static final String SPRINGDOC = "org.springdoc.core.properties.SpringDocConfigProperties";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (!ClassUtils.isPresent(SPRINGDOC, getClass().getClassLoader())
				|| environment.getPropertySources().contains(PROPERTY_SOURCE_NAME)) {
			return;
		}
		Map<String, Object> defaults = new LinkedHashMap<>();
		// resolved when read, so the admin switch may come from any property source
		defaults.put("springdoc.api-docs.enabled", "${paimon.admin.enabled:false}");
		defaults.put("springdoc.swagger-ui.enabled", "${paimon.admin.enabled:false}");
		environment.getPropertySources().addLast(new MapPropertySource(PROPERTY_SOURCE_NAME, defaults));
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
