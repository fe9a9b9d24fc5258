package io.github.paimonspring.admin.autoconfigure;

import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.github.paimonspring.admin.AdminChannels;
import io.github.paimonspring.admin.AdminTables;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.OneShotUploads;
import io.github.paimonspring.admin.TransactionReaper;
import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.admin.transaction.TransactionJournal;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter;
import io.github.paimonspring.admin.web.AdminErrorPageFilter;
import io.github.paimonspring.admin.web.AdminExceptionHandler;
import io.github.paimonspring.admin.web.AdminJsonBodyLimitFilter;
import io.github.paimonspring.admin.web.AdminProblem;
import io.github.paimonspring.admin.web.PaimonAdminController;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.core.PaimonWriter;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.RequestDispatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springdoc.core.models.GroupedOpenApi;
import org.springdoc.webmvc.ui.SwaggerIndexTransformer;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.unit.DataSize;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.ModelAndView;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PaimonAdminAutoConfiguration}: when the admin API is configured, which settings it refuses,
 * how {@code paimon.admin.base-path} reaches the filters and the exception resolver, and how
 * {@link PaimonAdminProperties} turns into the admin limits.
 */
class PaimonAdminAutoConfigurationTests {

	private static final AutoConfigurations PAIMON = AutoConfigurations.of(PaimonAutoConfiguration.class,
			PaimonAdminAutoConfiguration.class);

	private static final String[] FILTERS = { "paimonAdminAuthenticationFilter", "paimonAdminErrorPageFilter",
			"paimonAdminJsonBodyLimitFilter" };

	@TempDir
	Path warehouse;

	private WebApplicationContextRunner web() {
		return new WebApplicationContextRunner().withConfiguration(PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse);
	}

	private WebApplicationContextRunner enabled() {
		return web().withPropertyValues("paimon.admin.enabled=true", "paimon.admin.token=secret");
	}

	@Test
	void configuresTheAdminApiWhenEnabledWithAToken() {
		enabled().run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(PaimonAdminProperties.class)
				.hasSingleBean(AdminTransactions.class)
				.hasSingleBean(AdminTables.class)
				.hasSingleBean(TransactionReaper.class)
				.hasSingleBean(PaimonAdminController.class)
				.hasSingleBean(AdminExceptionHandler.class)
				.hasSingleBean(GroupedOpenApi.class)
				.hasSingleBean(SwaggerIndexTransformer.class);
			assertThat(context.getBean(SwaggerIndexTransformer.class)).isInstanceOf(AdminConsoleSignIn.class);
			assertThat(context.getBean(TransactionReaper.class).isRunning()).isTrue();
			// the auto-configuration keeps no state: the services' parts are beans of their own
			assertThat(context).hasSingleBean(AdminSettings.class)
				.hasSingleBean(ArrowBodyReader.class)
				.hasSingleBean(OneShotUploads.class)
				.hasSingleBean(AdminChannels.class)
				.hasSingleBean(TransactionJournal.class);
			assertThat(PaimonAdminAutoConfiguration.class.getDeclaredFields()).as("no state in the configuration")
				.allMatch((field) -> Modifier.isStatic(field.getModifiers()));
			for (String filter : FILTERS) {
				assertThat(context).hasBean(filter);
			}
			assertThat(filter(context, "paimonAdminAuthenticationFilter").isEnabled()).isTrue();
			assertThat(context.getBean(PaimonAdminProperties.class).getToken()).isEqualTo("secret");
		});
	}

	@Test
	void backsOffWithoutPaimonAdminEnabled() {
		for (String[] properties : List.of(new String[0], new String[] { "paimon.admin.enabled=false" },
				new String[] { "paimon.admin.enabled=false", "paimon.admin.token=secret" })) {
			web().withPropertyValues(properties).run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(PaimonWriter.class);
				assertNoAdminApi(context);
			});
		}
	}

	@Test
	void refusesToStartWithoutAToken() {
		for (String[] properties : List.of(new String[] { "paimon.admin.enabled=true" },
				new String[] { "paimon.admin.enabled=true", "paimon.admin.token=" },
				new String[] { "paimon.admin.enabled=true", "paimon.admin.token=  ", "paimon.admin.auth=bearer" })) {
			web().withPropertyValues(properties).run((context) -> {
				assertThat(context).as(String.join(" ", properties)).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(AdminTokenMissingException.class)
					.hasMessageContaining("paimon.admin.token");
			});
		}
	}

	@Test
	void authNoneStartsWithoutATokenAndSwitchesTheAuthenticationFilterOff() {
		web().withPropertyValues("paimon.admin.enabled=true", "paimon.admin.auth=none").run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(AdminTransactions.class);
			assertThat(context.getBean(PaimonAdminProperties.class).getAuth())
					.isEqualTo(PaimonAdminProperties.Auth.NONE);
			assertThat(filter(context, "paimonAdminAuthenticationFilter").isEnabled()).isFalse();
			// no token, no sign-in step in the console
			assertThat(context).doesNotHaveBean(SwaggerIndexTransformer.class);
			assertThat(filter(context, "paimonAdminErrorPageFilter").isEnabled()).isTrue();
			assertThat(filter(context, "paimonAdminJsonBodyLimitFilter").isEnabled()).isTrue();
		});
	}

	@Test
	void theBasePathReachesTheFiltersTheExceptionResolverAndTheOpenApiGroup() {
		enabled().withPropertyValues("paimon.admin.base-path=/ops/lake", "paimon.admin.max-json-size=10B")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				FilterRegistrationBean<AdminAuthenticationFilter> authentication = filter(context,
						"paimonAdminAuthenticationFilter");
				assertThat(authentication.getFilter().getProtectedPaths()).first().isEqualTo("/ops/lake");
				assertThat(authentication.getFilter().getProtectedPaths()).doesNotContain("/paimon");
				assertThat(run(authentication.getFilter(), get("/ops/lake/tables")).getStatus()).isEqualTo(401);
				assertThat(run(authentication.getFilter(), get("/paimon/tables")).getStatus()).isEqualTo(200);

				AdminExceptionHandler handler = context.getBean(AdminExceptionHandler.class);
				MockHttpServletResponse resolved = new MockHttpServletResponse();
				ModelAndView view = handler.resolveException(get("/ops/lake/tables/db.t"), resolved, null,
						new TableNotFoundException("db.t", "Unknown table 'db.t'"));
				assertThat(view).isNotNull();
				assertThat(resolved.getStatus()).isEqualTo(404);
				assertThat(resolved.getContentType()).startsWith(AdminProblem.MEDIA_TYPE);
				assertThat(handler.resolveException(get("/paimon/tables/db.t"), new MockHttpServletResponse(), null,
						new TableNotFoundException("db.t", "Unknown table 'db.t'")))
					.isNull();

				AdminErrorPageFilter errorPage = (AdminErrorPageFilter) filter(context, "paimonAdminErrorPageFilter")
					.getFilter();
				MockHttpServletResponse rendered = run(errorPage, errorDispatch("/ops/lake/nope"));
				assertThat(rendered.getStatus()).isEqualTo(404);
				assertThat(rendered.getContentType()).startsWith(AdminProblem.MEDIA_TYPE);
				assertThat(run(errorPage, errorDispatch("/paimon/nope")).getContentType()).isNull();

				AdminJsonBodyLimitFilter json = (AdminJsonBodyLimitFilter) filter(context,
						"paimonAdminJsonBodyLimitFilter")
					.getFilter();
				assertThat(run(json, post("/ops/lake/transactions", 11)).getStatus()).isEqualTo(413);
				assertThat(run(json, post("/ops/lake/transactions", 10)).getStatus()).isEqualTo(200);
				assertThat(run(json, post("/paimon/transactions", 11)).getStatus()).isEqualTo(200);

				assertThat(context.getBean(GroupedOpenApi.class).getPathsToMatch()).containsExactly("/ops/lake/**");
			});
	}

	@Test
	void theBasePathIsNormalized() {
		enabled().withPropertyValues("paimon.admin.base-path=ops/lake/")
			.run((context) -> {
				FilterRegistrationBean<AdminAuthenticationFilter> authentication = filter(context,
						"paimonAdminAuthenticationFilter");
				assertThat(authentication.getFilter().getProtectedPaths()).first().isEqualTo("/ops/lake");
			});
	}

	@Test
	void refusesTheRootAsBasePath() {
		for (String path : List.of("/", " ")) {
			enabled().withPropertyValues("paimon.admin.base-path=" + path).run((context) -> {
				assertThat(context).as("base path '%s'", path).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(IllegalStateException.class)
					.hasMessageContaining("paimon.admin.base-path");
			});
		}
	}

	@Test
	void backsOffOutsideServletWebApplications() {
		String[] properties = { "paimon.catalog.warehouse=" + this.warehouse, "paimon.admin.enabled=true",
				"paimon.admin.token=secret" };
		new ApplicationContextRunner().withConfiguration(PAIMON).withPropertyValues(properties)
			.run(PaimonAdminAutoConfigurationTests::hasNoAdminBeans);
		new ReactiveWebApplicationContextRunner().withConfiguration(PAIMON).withPropertyValues(properties)
			.run(PaimonAdminAutoConfigurationTests::hasNoAdminBeans);
	}

	private static void hasNoAdminBeans(ApplicationContextAssertProvider<?> context) {
		assertThat(context).hasNotFailed().hasSingleBean(PaimonWriter.class);
		assertThat(context).doesNotHaveBean(PaimonAdminProperties.class)
			.doesNotHaveBean(AdminTransactions.class)
			.doesNotHaveBean(PaimonAdminController.class)
			.doesNotHaveBean(AdminExceptionHandler.class)
			.doesNotHaveBean(FilterRegistrationBean.class);
	}

	@Test
	void backsOffWithoutSpringMvc() {
		enabled().withClassLoader(new FilteredClassLoader(DispatcherServlet.class)).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(PaimonWriter.class);
			assertNoAdminApi(context);
		});
	}

	@Test
	void bindsTheLimitsAndDerivesTheMemoryLimitsFromTheHeap() {
		enabled().withPropertyValues("paimon.admin.max-request-size=2MB", "paimon.admin.max-open-transactions=3",
				"paimon.admin.idle-timeout=30s")
			.run((context) -> {
				PaimonAdminProperties admin = context.getBean(PaimonAdminProperties.class);
				assertThat(admin.getMaxBatchMemory()).isNull();
				assertThat(admin.getMaxUploadMemory()).isNull();
				AdminSettings settings = PaimonAdminAutoConfiguration.settings(admin, 1L << 30);
				assertThat(settings.maxRequestBytes()).isEqualTo(2L << 20);
				assertThat(settings.maxTransactionBytes()).isEqualTo(64L << 30);
				assertThat(settings.maxOpenTransactions()).isEqualTo(3);
				assertThat(settings.idleTimeout()).isEqualTo(Duration.ofSeconds(30));
				assertThat(settings.maxBatchMemory()).isEqualTo(64L << 20);
				assertThat(settings.maxUploadMemory()).isEqualTo(256L << 20);
			});
		PaimonAdminProperties defaults = new PaimonAdminProperties();
		AdminSettings small = PaimonAdminAutoConfiguration.settings(defaults, 64L << 20);
		assertThat(small.maxBatchMemory()).isEqualTo(8L << 20);
		assertThat(small.maxUploadMemory()).isEqualTo(16L << 20);
		defaults.setMaxBatchMemory(DataSize.ofMegabytes(100));
		AdminSettings explicitBatch = PaimonAdminAutoConfiguration.settings(defaults, 64L << 20);
		assertThat(explicitBatch.maxBatchMemory()).isEqualTo(100L << 20);
		assertThat(explicitBatch.maxUploadMemory()).isEqualTo(100L << 20);
		defaults.setMaxUploadMemory(DataSize.ofMegabytes(300));
		assertThat(PaimonAdminAutoConfiguration.settings(defaults, 64L << 20).maxUploadMemory()).isEqualTo(300L << 20);
	}

	private static void assertNoAdminApi(AssertableWebApplicationContext context) {
		assertThat(context).doesNotHaveBean(PaimonAdminProperties.class)
			.doesNotHaveBean(AdminTransactions.class)
			.doesNotHaveBean(PaimonAdminController.class)
			.doesNotHaveBean(AdminExceptionHandler.class)
			.doesNotHaveBean(GroupedOpenApi.class)
			.doesNotHaveBean(FilterRegistrationBean.class);
		for (String filter : FILTERS) {
			assertThat(context).doesNotHaveBean(filter);
		}
	}

	@SuppressWarnings("unchecked")
	private static <F extends Filter> FilterRegistrationBean<F> filter(
			AssertableWebApplicationContext context, String name) {
		return context.getBean(name, FilterRegistrationBean.class);
	}

	/** A request as the container passes it to a servlet mapped to {@code /}. */
	private static MockHttpServletRequest get(String path) {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
		request.setServletPath(path);
		return request;
	}

	private static MockHttpServletRequest post(String path, int length) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
		request.setServletPath(path);
		request.setContentType("application/json");
		request.setContent(new byte[length]);
		return request;
	}

	private static MockHttpServletRequest errorDispatch(String path) {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/error");
		request.setDispatcherType(DispatcherType.ERROR);
		request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, path);
		request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, 404);
		return request;
	}

	/** Runs the filter; a request that passes gets the chain's 200. */
	private static MockHttpServletResponse run(Filter filter, MockHttpServletRequest request)
			throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		filter.doFilter(request, response, new MockFilterChain());
		return response;
	}

}
