package io.github.paimonspring.admin.autoconfigure;

import java.nio.file.Path;

import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter;
import io.github.paimonspring.admin.web.AdminPrincipals;
import io.github.paimonspring.admin.web.SpringSecurityPrincipals;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springdoc.webmvc.ui.SwaggerIndexTransformer;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PaimonAdminSecurityAutoConfiguration} and the resolved {@code paimon.admin.auth}: with Spring Security on
 * the class path the admin API takes its principals from Spring Security unless bearer or none is chosen; without
 * it nothing of it loads and bearer stays the default.
 */
class PaimonAdminSecurityAutoConfigurationTests {

	private static final AutoConfigurations PAIMON = AutoConfigurations.of(PaimonAutoConfiguration.class,
			PaimonAdminSecurityAutoConfiguration.class, PaimonAdminAutoConfiguration.class);

	@TempDir
	Path warehouse;

	private WebApplicationContextRunner enabled() {
		return new WebApplicationContextRunner().withConfiguration(PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse, "paimon.admin.enabled=true");
	}

	@Test
	void springSecurityOnTheClassPathIsTheDefaultAndNeedsNoToken() {
		enabled().run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(AdminTransactions.class);
			PaimonAdminProperties admin = context.getBean(PaimonAdminProperties.class);
			assertThat(admin.getAuth()).isNull();
			assertThat(admin.resolvedAuth(context.getClassLoader()))
				.isEqualTo(PaimonAdminProperties.Auth.SPRING_SECURITY);
			assertThat(context).getBean(AdminPrincipals.class).isInstanceOf(SpringSecurityPrincipals.class);
			assertThat(authenticationFilter(context).isEnabled()).isFalse();
			// the JSON body limit after Spring Security's chain: an anonymous client learns nothing about it
			assertThat(filter(context, "paimonAdminJsonBodyLimitFilter").getOrder()).isEqualTo(-99);
			// the console uses the application's own login: no sign-in step of the starter
			assertThat(context).doesNotHaveBean(SwaggerIndexTransformer.class);
		});
	}

	@Test
	void springSecurityChosenExplicitly() {
		enabled().withPropertyValues("paimon.admin.auth=spring-security").run((context) -> {
			assertThat(context).hasNotFailed()
				.getBean(AdminPrincipals.class)
				.isInstanceOf(SpringSecurityPrincipals.class);
			assertThat(authenticationFilter(context).isEnabled()).isFalse();
		});
	}

	@Test
	void bearerAndNoneStayChoosableWithSpringSecurityOnTheClassPath() {
		enabled().withPropertyValues("paimon.admin.auth=bearer", "paimon.admin.token=secret").run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(AdminPrincipals.class);
			assertThat(authenticationFilter(context).isEnabled()).isTrue();
			assertThat(filter(context, "paimonAdminJsonBodyLimitFilter").getOrder())
				.isEqualTo(Ordered.HIGHEST_PRECEDENCE + 20);
			assertThat(context).getBean(SwaggerIndexTransformer.class).isInstanceOf(AdminConsoleSignIn.class);
		});
		enabled().withPropertyValues("spring.security.filter.order=5")
			.run((context) -> assertThat(filter(context, "paimonAdminJsonBodyLimitFilter").getOrder()).isEqualTo(6));
		enabled().withPropertyValues("paimon.admin.auth=bearer").run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.rootCause()
			.isInstanceOf(AdminTokenMissingException.class));
		enabled().withPropertyValues("paimon.admin.auth=none").run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(AdminPrincipals.class);
			assertThat(authenticationFilter(context).isEnabled()).isFalse();
			assertThat(context).doesNotHaveBean(SwaggerIndexTransformer.class);
		});
	}

	@Test
	void withoutSpringSecurityOnTheClassPathNothingOfItLoadsAndBearerIsTheDefault() {
		FilteredClassLoader noSpringSecurity = new FilteredClassLoader("org.springframework.security");
		enabled().withClassLoader(noSpringSecurity).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().isInstanceOf(AdminTokenMissingException.class);
		});
		enabled().withClassLoader(noSpringSecurity).withPropertyValues("paimon.admin.token=secret").run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(AdminTransactions.class)
				.doesNotHaveBean(PaimonAdminSecurityAutoConfiguration.class)
				.doesNotHaveBean(AdminPrincipals.class);
			assertThat(context.getBean(PaimonAdminProperties.class).resolvedAuth(context.getClassLoader()))
				.isEqualTo(PaimonAdminProperties.Auth.BEARER);
			assertThat(authenticationFilter(context).isEnabled()).isTrue();
			assertThat(context).getBean(SwaggerIndexTransformer.class).isInstanceOf(AdminConsoleSignIn.class);
		});
		assertThat(PaimonAdminProperties.Auth.resolve(null, noSpringSecurity))
			.isEqualTo(PaimonAdminProperties.Auth.BEARER);
		assertThat(PaimonAdminProperties.Auth.resolve(null, getClass().getClassLoader()))
			.isEqualTo(PaimonAdminProperties.Auth.SPRING_SECURITY);
		assertThat(PaimonAdminProperties.Auth.resolve(PaimonAdminProperties.Auth.NONE, getClass().getClassLoader()))
			.isEqualTo(PaimonAdminProperties.Auth.NONE);
	}

	@Test
	void theApplicationsOwnPrincipalsWin() {
		enabled().withUserConfiguration(OwnPrincipals.class).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(AdminPrincipals.class);
			assertThat(context.getBean(AdminPrincipals.class)).isSameAs(OwnPrincipals.PRINCIPALS);
		});
	}

	@Test
	void backsOffWhenTheAdminApiIsOff() {
		new WebApplicationContextRunner().withConfiguration(PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(AdminPrincipals.class)
				.doesNotHaveBean(PaimonAdminSecurityAutoConfiguration.class));
	}

	private static FilterRegistrationBean<?> filter(AssertableWebApplicationContext context, String name) {
		return context.getBean(name, FilterRegistrationBean.class);
	}

	@SuppressWarnings("unchecked")
	private static FilterRegistrationBean<AdminAuthenticationFilter> authenticationFilter(
			AssertableWebApplicationContext context) {
		return context.getBean("paimonAdminAuthenticationFilter", FilterRegistrationBean.class);
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnPrincipals {

		static final AdminPrincipals PRINCIPALS = (request) -> AdminPrincipal.unrestricted("mine");

		@Bean
		AdminPrincipals ownPrincipals() {
			return PRINCIPALS;
		}

	}

}
