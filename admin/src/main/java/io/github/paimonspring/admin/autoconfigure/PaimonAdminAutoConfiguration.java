package io.github.paimonspring.admin.autoconfigure;

import java.util.List;

import io.github.paimonspring.admin.AdminChannels;
import io.github.paimonspring.admin.AdminTables;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.OneShotUploads;
import io.github.paimonspring.admin.ChannelOwners;
import io.github.paimonspring.admin.TransactionReaper;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.access.AdminAuditListener;
import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.transaction.TransactionJournal;
import io.github.paimonspring.admin.web.AdminAccessAdvice;
import io.github.paimonspring.admin.web.AdminAccessInterceptor;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter;
import io.github.paimonspring.admin.web.AdminBodilessErrorFilter;
import io.github.paimonspring.admin.web.AdminErrorPageFilter;
import io.github.paimonspring.admin.web.AdminExceptionHandler;
import io.github.paimonspring.admin.web.AdminJsonBodyLimitFilter;
import io.github.paimonspring.admin.web.AdminTomcatCustomizer;
import io.github.paimonspring.admin.web.PaimonAdminController;
import io.github.paimonspring.admin.web.PaimonChannelController;
import io.github.paimonspring.admin.web.AdminPrincipals;
import io.github.paimonspring.admin.web.PaimonMaintenanceController;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.InstanceRegistry;
import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.maintenance.MaintenanceSchedule;
import io.github.paimonspring.maintenance.PaimonMaintenance;
import io.github.paimonspring.maintenance.PendingFiles;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.security.SecurityScheme;
import jakarta.servlet.DispatcherType;
import org.apache.catalina.startup.Tomcat;
import org.springdoc.core.models.GroupedOpenApi;
import org.springdoc.core.properties.SwaggerUiConfigProperties;
import org.springdoc.core.properties.SwaggerUiOAuthProperties;
import org.springdoc.core.providers.ObjectMapperProvider;
import org.springdoc.webmvc.ui.SwaggerIndexPageTransformer;
import org.springdoc.webmvc.ui.SwaggerIndexTransformer;
import org.springdoc.webmvc.ui.SwaggerWelcomeCommon;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Auto-configuration of the admin REST API ({@code paimon.admin.enabled=true}): the transaction
 * service, controller, problem+json errors (exception resolver, error-dispatch filter and, on Tomcat,
 * error report valve), bearer authentication (of the API, the {@code paimon} and {@code metrics}
 * actuator endpoints and the OpenAPI documents) and, with springdoc, the {@code paimon-admin}
 * OpenAPI group.
 */
// before springdoc's Swagger UI configuration: the admin console's sign-in replaces its index transformer
@AutoConfiguration(after = PaimonAutoConfiguration.class, beforeName = "org.springdoc.webmvc.ui.SwaggerConfig")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(DispatcherServlet.class)
@ConditionalOnBooleanProperty("paimon.admin.enabled")
@ConditionalOnBean(PaimonOperations.class)
@EnableConfigurationProperties(PaimonAdminProperties.class)
public final class PaimonAdminAutoConfiguration {

	/** Spring Boot's default order of Spring Security's filter chain ({@code spring.security.filter.order}). */
	private static final int SPRING_SECURITY_FILTER_ORDER = -100;

	/**
	 * The admin limits, built once from {@code paimon.admin.*}; uploads up to the group commit's
	 * {@code max-request-size} join it unless {@code paimon.ingest.enabled=false}.
	 */
	@Bean
	@ConditionalOnMissingBean
	AdminSettings paimonAdminSettings(PaimonAdminProperties admin, ObjectProvider<Ingester> ingester,
			Environment environment) {
		boolean grouping = environment.getProperty("paimon.ingest.enabled", Boolean.class, true);
		Ingester group = ingester.getIfAvailable();
		long maxRequest = (group != null) ? group.settings().maxRequestBytes()
				: IngestSettings.DEFAULTS.maxRequestBytes();
		long grouped = grouping ? maxRequest : 0;
		return settings(admin, Runtime.getRuntime().maxMemory(), grouped);
	}

	/**
	 * The reader of every request body, with one Arrow memory budget for all uploads; its memory is freed after
	 * the beans that read with it are gone.
	 */
	@Bean(destroyMethod = "destroy")
	@ConditionalOnMissingBean
	ArrowBodyReader paimonAdminBodyReader(AdminSettings settings) {
		return new ArrowBodyReader(settings);
	}

	/** The record of the transactions in the shared state; it keeps no state of its own. */
	@Bean
	@ConditionalOnMissingBean
	TransactionJournal paimonAdminTransactionJournal(StateStore store, InstanceRegistry instances, PaimonTables tables,
			AdminSettings settings) {
		return new TransactionJournal(store, instances, tables, settings.idleTimeout(),
				settings.maxLifetime());
	}

	@Bean
	@ConditionalOnMissingBean
	AdminTables paimonAdminTables(PaimonOperations writer) {
		return new AdminTables(writer);
	}

	@Bean(destroyMethod = "destroy")
	@ConditionalOnMissingBean
	AdminTransactions paimonAdminTransactions(PaimonOperations writer, ObjectProvider<AdminMetrics> metrics,
			AdminTables tables, AdminSettings settings, ArrowBodyReader reader, TransactionJournal journal) {
		return new AdminTransactions(writer, settings, metrics.getIfAvailable(() -> AdminMetrics.NONE), tables,
				reader, journal);
	}

	/**
	 * The files of the staged transactions' prepared commits, which the orphan-file cleanup must keep: read
	 * from the journal in the shared state, so that those of every instance are kept.
	 */
	@Bean
	@SuppressWarnings("UnnecessaryMethodReference") // a view of the journal, which is no PendingFiles itself
	PendingFiles paimonAdminPendingFiles(TransactionJournal journal) {
		return journal::pendingFiles;
	}

	@Bean
	@ConditionalOnMissingBean
	AdminChannels paimonAdminChannels(PaimonOperations writer, ObjectProvider<AdminMetrics> metrics,
			AdminTables tables, ArrowBodyReader reader, AdminSettings settings) {
		return new AdminChannels(writer, tables, reader, settings, metrics.getIfAvailable(() -> AdminMetrics.NONE));
	}

	@Bean
	@ConditionalOnMissingBean
	PaimonChannelController paimonChannelController(AdminChannels channels) {
		return new PaimonChannelController(channels);
	}

	@Bean
	@ConditionalOnMissingBean
	PaimonMaintenanceController paimonMaintenanceController(AdminTables tables, PaimonMaintenance maintenance,
			ObjectProvider<MaintenanceSchedule> scheduler) {
		return new PaimonMaintenanceController(tables, maintenance, scheduler.getIfAvailable());
	}

	@Bean
	@ConditionalOnMissingBean
	TransactionReaper paimonAdminTransactionReaper(AdminTransactions transactions, AdminSettings settings) {
		return new TransactionReaper(transactions, settings);
	}

	static AdminSettings settings(PaimonAdminProperties admin) {
		return settings(admin, Runtime.getRuntime().maxMemory());
	}

	/**
	 * The admin limits, with the memory limits the properties leave open derived from the heap: a
	 * batch may use 1/16 of it (at least 8 MB), all uploads together 1/4 (at least one batch).
	 */
	static AdminSettings settings(PaimonAdminProperties admin, long maxHeap) {
		return settings(admin, maxHeap, 0);
	}

	static AdminSettings settings(PaimonAdminProperties admin, long maxHeap, long maxGroupedRequestBytes) {
		long batch = (admin.getMaxBatchMemory() != null) ? admin.getMaxBatchMemory().toBytes()
				: Math.max(8L << 20, maxHeap / 16);
		long total = (admin.getMaxUploadMemory() != null) ? admin.getMaxUploadMemory().toBytes()
				: Math.max(batch, maxHeap / 4);
		return new AdminSettings(admin.getMaxRequestSize().toBytes(), admin.getMaxTransactionSize().toBytes(),
				admin.getMaxMetadataSize().toBytes(), batch, total, admin.getMaxConcurrentUploads(),
				admin.getMaxSchemaDepth(), admin.getMaxSchemaFields(), admin.getMaxOpenTransactions(),
				admin.getMaxEndedTransactions(), admin.getIdleTimeout(), admin.getMaxLifetime(),
				admin.getProgressInterval(), maxGroupedRequestBytes);
	}

	/** The one-shot uploads with their idempotency keys. */
	@Bean
	@ConditionalOnMissingBean
	OneShotUploads paimonAdminOneShotUploads(PaimonOperations writer, PaimonAdminProperties admin,
			ObjectProvider<AdminMetrics> metrics, AdminTables tables, AdminSettings settings, ArrowBodyReader reader) {
		OneShotUploads uploads = new OneShotUploads(writer, settings, metrics.getIfAvailable(() -> AdminMetrics.NONE),
				tables, reader);
		uploads.setAllowSchemaEvolution(admin.isAllowSchemaEvolution());
		return uploads;
	}

	/** The controller of the transactions and one-shot uploads. */
	@Bean
	@ConditionalOnMissingBean
	PaimonAdminController paimonAdminController(AdminTables tables, AdminTransactions transactions,
			OneShotUploads uploads) {
		return new PaimonAdminController(tables, transactions, uploads);
	}

	/** The audit trail of the state-changing requests, told to every {@link AdminAuditListener} bean. */
	@Bean
	@ConditionalOnMissingBean
	AdminAudit paimonAdminAudit(ObjectProvider<AdminAuditListener> listeners) {
		return new AdminAudit(listeners.orderedStream().toList());
	}

	/**
	 * The check of every admin operation's scope before its handler, and its audit event after it; with
	 * {@code paimon.admin.auth=none} only the audit events.
	 */
	@Bean
	WebMvcConfigurer paimonAdminAccess(PaimonAdminProperties admin, ObjectProvider<AdminPrincipals> principals,
			AdminTransactions transactions, StateStore store, AdminAudit audit) {
		AdminAccessInterceptor interceptor = new AdminAccessInterceptor(
				principals.getIfAvailable(() -> AdminPrincipals.BEARER),
				admin.getAuth() != PaimonAdminProperties.Auth.NONE, transactions, new ChannelOwners(store),
				audit);
		String base = basePath(admin);
		return new WebMvcConfigurer() {

			@Override
			public void addInterceptors(InterceptorRegistry registry) {
				registry.addInterceptor(interceptor).addPathPatterns(base + "/**");
			}

		};
	}

	/** Lists narrowed to the tables the principal may read; what answers tell the audit events. */
	@Bean
	AdminAccessAdvice paimonAdminAccessAdvice() {
		return new AdminAccessAdvice();
	}

	@Bean
	@ConditionalOnMissingBean
	AdminExceptionHandler paimonAdminExceptionHandler(PaimonAdminProperties admin) {
		return new AdminExceptionHandler(basePath(admin));
	}

	@Bean
	FilterRegistrationBean<AdminErrorPageFilter> paimonAdminErrorPageFilter(PaimonAdminProperties admin) {
		FilterRegistrationBean<AdminErrorPageFilter> registration = new FilterRegistrationBean<>(
				new AdminErrorPageFilter(basePath(admin)));
		registration.setDispatcherTypes(DispatcherType.ERROR);
		registration.addUrlPatterns("/*");
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
		registration.setName("paimonAdminErrorPageFilter");
		return registration;
	}

	@Bean
	FilterRegistrationBean<AdminBodilessErrorFilter> paimonAdminBodilessErrorFilter(PaimonAdminProperties admin) {
		FilterRegistrationBean<AdminBodilessErrorFilter> registration = new FilterRegistrationBean<>(
				new AdminBodilessErrorFilter(basePath(admin)));
		registration.setDispatcherTypes(DispatcherType.REQUEST);
		registration.addUrlPatterns("/*");
		// before Spring Security's filter chain (spring.security.filter.order, -100), whose refusals it completes
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 20);
		registration.setName("paimonAdminBodilessErrorFilter");
		return registration;
	}

	@Bean
	FilterRegistrationBean<AdminJsonBodyLimitFilter> paimonAdminJsonBodyLimitFilter(PaimonAdminProperties admin,
			Environment environment, ResourceLoader resourceLoader) {
		FilterRegistrationBean<AdminJsonBodyLimitFilter> registration = new FilterRegistrationBean<>(
				new AdminJsonBodyLimitFilter(basePath(admin), admin.getMaxJsonSize().toBytes()));
		registration.addUrlPatterns("/*");
		// after authentication: an anonymous client learns nothing about the limits (with Spring Security: after
		// its filter chain, spring.security.filter.order)
		boolean springSecurity = admin.resolvedAuth(resourceLoader.getClassLoader())
				== PaimonAdminProperties.Auth.SPRING_SECURITY;
		int securityChain = environment.getProperty("spring.security.filter.order", Integer.class,
				SPRING_SECURITY_FILTER_ORDER);
		registration.setOrder(springSecurity ? securityChain + 1 : Ordered.HIGHEST_PRECEDENCE + 20);
		registration.setName("paimonAdminJsonBodyLimitFilter");
		return registration;
	}

	/**
	 * The bearer credentials: {@code paimon.admin.token}, {@code paimon.admin.credentials.<name>.*} and the
	 * credentials file, re-read as it changes.
	 */
	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAdminAuth(PaimonAdminProperties.Auth.BEARER)
	AdminCredentials paimonAdminCredentials(PaimonAdminProperties admin) {
		return AdminCredentialsFactory.create(admin);
	}

	@Bean
	FilterRegistrationBean<AdminAuthenticationFilter> paimonAdminAuthenticationFilter(PaimonAdminProperties admin,
			ObjectProvider<AdminCredentials> credentials, Environment environment, ResourceLoader resourceLoader) {
		boolean bearer = admin.resolvedAuth(resourceLoader.getClassLoader()) == PaimonAdminProperties.Auth.BEARER;
		AdminCredentials checked = bearer ? credentials.getObject() : new AdminCredentials(List.of());
		FilterRegistrationBean<AdminAuthenticationFilter> registration = new FilterRegistrationBean<>(
				new AdminAuthenticationFilter(checked,
						AdminProtectedPaths.application(basePath(admin), environment)));
		// every request: a token is required below the protected paths and yields a principal anywhere
		registration.addUrlPatterns("/*");
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
		registration.setName("paimonAdminAuthenticationFilter");
		registration.setEnabled(bearer);
		return registration;
	}

	static String basePath(PaimonAdminProperties admin) {
		String path = admin.getBasePath();
		if (path == null || path.isBlank() || path.equals("/")) {
			throw new IllegalStateException("paimon.admin.base-path must be a path such as /paimon, got '" + path
					+ "'");
		}
		path = path.startsWith("/") ? path : "/" + path;
		return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
	}

	/**
	 * problem+json instead of Tomcat's HTML error page for requests Tomcat rejects itself.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ Tomcat.class, ConfigurableTomcatWebServerFactory.class })
	static class TomcatConfiguration {

		@Bean
		AdminTomcatCustomizer paimonAdminTomcatCustomizer(PaimonAdminProperties admin) {
			return new AdminTomcatCustomizer(basePath(admin));
		}

	}

	/**
	 * The {@code paimon-admin} OpenAPI group with the bearer scheme.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(GroupedOpenApi.class)
	static class OpenApiConfiguration {

		@Bean
		GroupedOpenApi paimonAdminOpenApi(PaimonAdminProperties admin) {
			String base = basePath(admin);
			return GroupedOpenApi.builder()
				.group("paimon-admin")
				.displayName("Paimon admin")
				.pathsToMatch(base + "/**")
				.addOpenApiCustomizer((openApi) -> {
					if (openApi.getComponents() == null) {
						openApi.setComponents(new Components());
					}
					openApi.getComponents()
						.addSecuritySchemes(PaimonAdminController.SECURITY_SCHEME, new SecurityScheme()
							.type(SecurityScheme.Type.HTTP)
							.scheme("bearer")
							.description("paimon.admin.token, or a credential's token (paimon.admin.credentials)"));
					openApi.getInfo().setTitle("Paimon admin API");
					openApi.getInfo().setDescription("Upload Arrow IPC streams into Apache Paimon tables, in staged "
							+ "transactions or one-shot, and commit, abort or truncate them.");
				})
				.build();
		}

	}

	/**
	 * The admin console's sign-in on springdoc's Swagger UI ({@link AdminConsoleSignIn}), with the
	 * starter's bearer authentication only: with Spring Security the console uses the application's own login.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(SwaggerIndexPageTransformer.class)
	@ConditionalOnBooleanProperty(name = "springdoc.swagger-ui.enabled", matchIfMissing = true)
	@ConditionalOnAdminAuth(PaimonAdminProperties.Auth.BEARER)
	static class ConsoleConfiguration {

		@Bean
		@ConditionalOnMissingBean(SwaggerIndexTransformer.class)
		SwaggerIndexTransformer paimonAdminConsoleSignIn(ObjectProvider<SwaggerUiConfigProperties> ui,
				ObjectProvider<SwaggerUiOAuthProperties> oauth, ObjectProvider<SwaggerWelcomeCommon> welcome,
				ObjectProvider<ObjectMapperProvider> objectMapper) {
			// springdoc's Swagger UI configuration may be off (springdoc.api-docs.enabled=false): nothing to sign in to
			if (ui.getIfAvailable() == null || oauth.getIfAvailable() == null || welcome.getIfAvailable() == null
					|| objectMapper.getIfAvailable() == null) {
				return new AdminConsoleSignIn((request, resource, chain) -> resource);
			}
			return new AdminConsoleSignIn(new SwaggerIndexPageTransformer(ui.getObject(), oauth.getObject(),
					welcome.getObject(), objectMapper.getObject()));
		}

	}

}
