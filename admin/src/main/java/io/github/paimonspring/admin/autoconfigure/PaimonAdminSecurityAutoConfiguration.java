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
import org.springframework.context.annotation.Bean;
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

}
