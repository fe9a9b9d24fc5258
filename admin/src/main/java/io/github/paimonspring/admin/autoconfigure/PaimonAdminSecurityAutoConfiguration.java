package io.github.paimonspring.admin.autoconfigure;

import io.github.paimonspring.admin.web.AdminPrincipals;
import io.github.paimonspring.admin.web.SpringSecurityPrincipals;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.CsrfConfigurer;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

/**
 * The admin API with Spring Security ({@code paimon.admin.auth=spring-security}, the default when Spring Security
 * is on the class path): the {@link AdminPrincipals} that take the principal and its grants from Spring
 * Security's {@code Authentication} ({@link SpringSecurityPrincipals}). The application's security filter chain
 * authenticates (Boot's default chain, an OAuth2 resource server, a login); {@link PaimonAdminRequest} matches
 * the admin API's paths in it. Without Spring Security on the class path nothing of it loads.
 */
@AutoConfiguration(after = PaimonAutoConfiguration.class, before = PaimonAdminAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(SecurityContextHolder.class)
@ConditionalOnBooleanProperty("paimon.admin.enabled")
@ConditionalOnBean(PaimonOperations.class)
@ConditionalOnAdminAuth(PaimonAdminProperties.Auth.SPRING_SECURITY)
public final class PaimonAdminSecurityAutoConfiguration {

	PaimonAdminSecurityAutoConfiguration() {
	}

	@Bean
	@ConditionalOnMissingBean
	AdminPrincipals paimonAdminPrincipals(ObjectProvider<SecurityContextHolderStrategy> strategy) {
		return new SpringSecurityPrincipals(strategy.getIfAvailable(SecurityContextHolder::getContextHolderStrategy));
	}

	/**
	 * CSRF protection of the application's filter chains (Spring Security applies a {@code Customizer} bean of a
	 * configurer to every {@code HttpSecurity} it creates, before the chain's own configuration) skips admin
	 * requests that carry no credentials at all ({@link AdminRequestWithoutCredentials}): they have nothing a
	 * forged request could ride on, and are refused by authentication with 401 instead of by CSRF with 403. A
	 * browser's session cookie or an {@code Authorization} header keeps CSRF as the chain configures it.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HttpSecurity.class)
	static class Csrf {

		@Bean
		Customizer<CsrfConfigurer<HttpSecurity>> paimonAdminCsrf() {
			return (csrf) -> csrf.ignoringRequestMatchers(new AdminRequestWithoutCredentials());
		}

		/**
		 * The request cache of the application's filter chains does not save admin requests without credentials
		 * ({@link AdminRequestCacheConfigurer}): a token-less {@code GET} is answered 401 without a session.
		 */
		@Bean
		Customizer<HttpSecurity> paimonAdminRequestCache() {
			return (http) -> http.with(new AdminRequestCacheConfigurer());
		}

	}

	/**
	 * Health details by grants ({@link AdminHealthDetails}): an authentication with Paimon grants sees the health
	 * components and details only with {@code read} on every table.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthEndpointGroupsPostProcessor.class)
	static class HealthDetails {

		@Bean
		HealthEndpointGroupsPostProcessor paimonAdminHealthDetails() {
			return new AdminHealthDetails();
		}

	}

}
