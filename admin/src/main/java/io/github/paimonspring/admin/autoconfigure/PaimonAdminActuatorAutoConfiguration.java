package io.github.paimonspring.admin.autoconfigure;

import java.util.List;

import io.github.paimonspring.actuate.PaimonEndpointSection;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.actuate.MicrometerAdminMetrics;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.transaction.TransactionState;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of the admin API's operations support, each part only when its library is present: the
 * {@code paimon.transactions.open} gauge and the {@code transactions} section of the {@code paimon} actuator
 * endpoint (the open admin transactions, newest first).
 */
@AutoConfiguration(after = PaimonAdminAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple."
						+ "SimpleMetricsExportAutoConfiguration" })
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean(AdminTransactions.class)
public final class PaimonAdminActuatorAutoConfiguration {

	@Bean
	PaimonEndpointSection paimonTransactionsEndpointSection(AdminTransactions transactions) {
		return new OpenTransactionsSection(transactions);
	}

	/**
	 * The {@code paimon.transactions.open} gauge of the admin API.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static class TransactionsMetricsConfiguration {

		@Bean
		MeterBinder paimonOpenTransactionsMeterBinder(AdminTransactions transactions) {
			return MicrometerAdminMetrics.openTransactions(transactions);
		}

	}

	/** The open admin transactions as the endpoint's {@code transactions} member. */
	private record OpenTransactionsSection(AdminTransactions transactions) implements PaimonEndpointSection {

		@Override
		public String name() {
			return "transactions";
		}

		@Override
		public @Nullable Object read() {
			List<AdminModel.TransactionView> open = this.transactions.list().stream()
				.filter((transaction) -> TransactionState.valueOf(transaction.state()).isActive())
				.toList();
			return open;
		}

	}

}
