package io.github.paimonspring.admin.actuate;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.web.PaimonAdminController;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Micrometer {@link AdminMetrics}: its meters, and its wiring into the admin service.
 */
class MicrometerAdminMetricsTests {

	@TempDir
	Path warehouse;

	@Test
	void recordsWritesCommitsAndAbortsPerTable() {
		new ApplicationContextRunner().withConfiguration(AdminActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				AdminMetrics metrics = context.getBean(AdminMetrics.class);
				assertThat(metrics).isInstanceOf(MicrometerAdminMetrics.class);
				metrics.written("db.a", 10, 1000);
				metrics.written("db.a", 5, 500);
				metrics.written("db.b", 1, 10);
				metrics.committed("db.a", Duration.ofMillis(40), true);
				metrics.committed("db.a", Duration.ofMillis(60), false);
				metrics.aborted("db.b");
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("paimon.write.rows").tag("table", "db.a").counter().count()).isEqualTo(15);
				assertThat(registry.get("paimon.write.bytes").tag("table", "db.a").counter().count()).isEqualTo(1500);
				assertThat(registry.get("paimon.write.rows").tag("table", "db.b").counter().count()).isEqualTo(1);
				assertThat(registry.get("paimon.commits").tags("table", "db.a", "result",
						"committed").counter().count())
					.isEqualTo(1);
				assertThat(registry.get("paimon.commits").tags("table", "db.a", "result", "skipped").counter().count())
					.isEqualTo(1);
				assertThat(registry.get("paimon.aborts").tag("table", "db.b").counter().count()).isEqualTo(1);
				assertThat(registry.get("paimon.commit.latency").tag("table", "db.a").timer().count()).isEqualTo(2);
				assertThat(registry.get("paimon.commit.latency").tag("table",
						"db.a").timer().totalTime(TimeUnit.MILLISECONDS))
					.isEqualTo(100);
				assertThat(registry.find("paimon.transactions.open").gauge()).as("no admin API, no gauge").isNull();
			});
	}

	@Test
	void theAdminServiceRecordsIntoMicrometerAndTheGaugeCountsOpenTransactions() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
			.withConfiguration(AdminActuatorFixtures.PAIMON)
			.withPropertyValues(AdminActuatorFixtures.TABLES)
			.withPropertyValues(AdminActuatorFixtures.ADMIN)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withBean(SimpleMeterRegistry.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				AdminTransactions admin = context.getBean(AdminTransactions.class);
				assertThat(registry.get("paimon.transactions.open").gauge().value()).isZero();
				AdminModel.TransactionView transaction = admin.create("test", "events", null, null);
				assertThat(registry.get("paimon.transactions.open").gauge().value()).isEqualTo(1);

				byte[] body = AdminActuatorFixtures.arrowStream(1, "a", 2, "b", 3, "c");
				admin.upload(transaction.id(), new ByteArrayInputStream(body), body.length);
				admin.commit(transaction.id(), null);
				assertThat(registry.get("paimon.transactions.open").gauge().value()).isZero();
				assertThat(registry.get("paimon.write.rows").tag("table",
						"test.events").counter().count()).isEqualTo(3);
				assertThat(registry.get("paimon.write.bytes").tag("table", "test.events").counter().count())
					.isEqualTo(body.length);
				assertThat(registry.get("paimon.commits").tags("table", "test.events", "result", "committed")
					.counter()
					.count()).isEqualTo(1);

				MockHttpServletRequest request = new MockHttpServletRequest("POST",
						"/paimon/tables/test/orders/uploads");
				request.setContentType(PaimonAdminController.ARROW_STREAM);
				request.setContent(body);
				AdminModel.CommitResponse once = context.getBean(PaimonAdminController.class)
					.uploadOnce("test", "orders", false, null, null, request, new MockHttpServletResponse())
					.join();
				assertThat(once.committed()).isTrue();
				assertThat(registry.get("paimon.write.rows").tag("table",
						"test.orders").counter().count()).isEqualTo(3);

				admin.abort(admin.create("test", "orders", null, null).id());
				assertThat(registry.get("paimon.aborts").tag("table", "test.orders").counter().count()).isEqualTo(1);
			});
	}

	@Test
	void backsOffForAUserDefinedAdminMetrics() {
		AdminMetrics mine = new AdminMetrics() {
		};
		new ApplicationContextRunner().withConfiguration(AdminActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withBean(SimpleMeterRegistry.class)
			.withBean(AdminMetrics.class, () -> mine)
			.run((context) -> assertThat(context).hasNotFailed().getBean(AdminMetrics.class).isSameAs(mine));
	}

}
