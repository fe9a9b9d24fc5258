package io.github.paimonspring.admin.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.admin.web.AdminAuthenticationFilter.ProtectedPath;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter.Requirement;

import org.springframework.core.env.Environment;

/**
 * The paths the admin credentials protect besides the admin API: the actuator endpoints that show
 * its state ({@code paimon}, {@code metrics}), which need {@code read} on every table, and the
 * OpenAPI documents, which need {@code read} on some table. Each follows Boot's and springdoc's path
 * properties.
 */
final class AdminProtectedPaths {

	/** The actuator endpoints that require a credential with read on every table. */
	static final List<String> ENDPOINTS = List.of("paimon", "metrics");

	private AdminProtectedPaths() {
	}

	/**
	 * The paths the admin filter of the application protects.
	 * @param basePath the admin API's base path
	 * @param environment the environment
	 * @return the base path, the actuator endpoints and the OpenAPI documents
	 */
	static List<ProtectedPath> application(String basePath, Environment environment) {
		List<ProtectedPath> paths = new ArrayList<>();
		paths.add(new ProtectedPath(basePath, Requirement.AUTHENTICATED));
		paths.addAll(actuator(environment));
		paths.add(new ProtectedPath(openApi(environment), Requirement.READ_SOME_TABLE));
		return paths;
	}

	/**
	 * The paths of the protected actuator endpoints ({@code management.endpoints.web.base-path} and
	 * {@code management.endpoints.web.path-mapping.<id>}).
	 * @param environment the environment
	 * @return one path per endpoint
	 */
	static List<ProtectedPath> actuator(Environment environment) {
		String base = trim(environment.getProperty("management.endpoints.web.base-path", "/actuator"));
		List<ProtectedPath> paths = new ArrayList<>();
		for (String id : ENDPOINTS) {
			String mapping = trim(environment.getProperty("management.endpoints.web.path-mapping." + id, id));
			paths.add(new ProtectedPath(base + (mapping.isEmpty() ? "/" + id : mapping), Requirement.READ_EVERY_TABLE));
		}
		return paths;
	}

	/**
	 * The prefix of springdoc's OpenAPI documents ({@code springdoc.api-docs.path}): the groups, the
	 * YAML variants and the Swagger UI configuration.
	 * @param environment the environment
	 * @return the prefix, ending with {@code *}
	 */
	static String openApi(Environment environment) {
		String path = trim(environment.getProperty("springdoc.api-docs.path", "/v3/api-docs"));
		return (path.isEmpty() ? "/v3/api-docs" : path) + "*";
	}

	/** {@code /x/} and {@code x} become {@code /x}, {@code /} becomes empty. */
	private static String trim(String path) {
		String result = (path == null) ? "" : path.trim();
		while (result.endsWith("/")) {
			result = result.substring(0, result.length() - 1);
		}
		return (result.isEmpty() || result.startsWith("/")) ? result : "/" + result;
	}

}
