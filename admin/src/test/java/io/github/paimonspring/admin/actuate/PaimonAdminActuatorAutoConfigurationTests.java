package io.github.paimonspring.admin.actuate;

import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.actuate.PaimonEndpoint;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin API's part of the actuator support: its metrics bean and the {@code transactions} section of the
 * {@code paimon} endpoint.
 */
class PaimonAdminActuatorAutoConfigurationTests {

	@TempDir
	Path warehouse;

	@Test
	void createsTheAdminMetricsWithAMeterRegistry() {
		new ApplicationContextRunner().withConfiguration(AdminActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(MicrometerAdminMetrics.class));
	}

	@Test
	void backsOffWithoutMicrometer() {
		new ApplicationContextRunner().withConfiguration(AdminActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withBean(SimpleMeterRegistry.class)
			.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(AdminMetrics.class));
	}

	@Test
	void backsOffWithoutAMeterRegistryBean() {
		new ApplicationContextRunner().withConfiguration(AdminActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(AdminMetrics.class));
	}

	@Test
	void listsOpenAdminTransactionsOnly() {
		new WebApplicationContextRunner().withConfiguration(AdminActuatorFixtures.PAIMON)
			.withPropertyValues(AdminActuatorFixtures.TABLES)
			.withPropertyValues(AdminActuatorFixtures.ADMIN)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse,
					"management.endpoints.web.exposure.include=paimon")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonEndpoint endpoint = context.getBean(PaimonEndpoint.class);
				assertThat(transactions(endpoint)).isEmpty();
				AdminTransactions admin = context.getBean(AdminTransactions.class);
				AdminModel.TransactionView open = admin.create("test", "events", null, null);
				AdminModel.TransactionView done = admin.create("test", "orders", null, null);
				admin.abort(done.id());
				assertThat(transactions(endpoint)).singleElement().satisfies((transaction) -> {
					assertThat(transaction.id()).isEqualTo(open.id());
					assertThat(transaction.table()).isEqualTo("test.events");
					assertThat(transaction.state()).isEqualTo("OPEN");
				});
				admin.abort(open.id());
				assertThat(transactions(endpoint)).isEmpty();
			});
	}

	@SuppressWarnings("unchecked")
	private static List<AdminModel.TransactionView> transactions(PaimonEndpoint endpoint) {
		return (List<AdminModel.TransactionView>) endpoint.paimon().section("transactions");
	}

}
