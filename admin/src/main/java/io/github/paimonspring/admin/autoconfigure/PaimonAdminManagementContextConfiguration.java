package io.github.paimonspring.admin.autoconfigure;

import java.util.List;

import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * The admin credentials on the actuator endpoints when they run on their own port
 * ({@code management.server.port}): the filter of the application's server does not see those
 * requests, so the management server gets one for the {@code paimon} and {@code metrics} endpoints.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(DispatcherServlet.class)
@ConditionalOnBooleanProperty("paimon.admin.enabled")
@ConditionalOnBean(AdminTransactions.class)
class PaimonAdminManagementContextConfiguration {

	@Bean
	FilterRegistrationBean<AdminAuthenticationFilter> paimonAdminManagementAuthenticationFilter(
			PaimonAdminProperties admin, ObjectProvider<AdminCredentials> credentials, Environment environment,
			ResourceLoader resourceLoader) {
		boolean bearer = admin.resolvedAuth(resourceLoader.getClassLoader()) == PaimonAdminProperties.Auth.BEARER;
		// the application context's credentials: one set, one reload, on both ports
		AdminCredentials checked = bearer ? credentials.getObject() : new AdminCredentials(List.of());
		FilterRegistrationBean<AdminAuthenticationFilter> registration = new FilterRegistrationBean<>(
				new AdminAuthenticationFilter(checked, AdminProtectedPaths.actuator(environment)));
		registration.addUrlPatterns("/*");
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
		registration.setName("paimonAdminManagementAuthenticationFilter");
		registration.setEnabled(bearer);
		return registration;
	}

}
