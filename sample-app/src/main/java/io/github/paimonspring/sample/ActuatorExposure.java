package io.github.paimonspring.sample;

import java.util.Set;

import org.springframework.boot.actuate.endpoint.EndpointFilter;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The sample exposes the {@code paimon} and {@code metrics} actuator endpoints over HTTP only when the
 * admin API is on with its bearer token, which then protects them; without it they stay hidden
 * rather than open to anonymous clients.
 */
@Configuration(proxyBeanMethods = false)
class ActuatorExposure {

	private static final Set<String> TOKEN_PROTECTED = Set.of("paimon", "metrics");

	@Bean
	EndpointFilter<ExposableWebEndpoint> tokenProtectedEndpointsOnlyWithTheToken(Environment environment) {
		boolean token = environment.getProperty("paimon.admin.enabled", Boolean.class, false)
				&& !"none".equalsIgnoreCase(environment.getProperty("paimon.admin.auth", "bearer"));
		return (endpoint) -> token || !TOKEN_PROTECTED.contains(endpoint.getEndpointId().toLowerCaseString());
	}

}
