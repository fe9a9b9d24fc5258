package io.github.paimonspring.autoconfigure.actuate;

import io.github.paimonspring.actuate.MicrometerAdminMetrics;
import io.github.paimonspring.actuate.MicrometerKafkaPipelineListener;
import io.github.paimonspring.actuate.PaimonEndpoint;
import io.github.paimonspring.actuate.PaimonHealthIndicator;
import io.github.paimonspring.actuate.PaimonKafkaHealthIndicator;
import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.autoconfigure.admin.PaimonAdminAutoConfiguration;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.ClusterMembership;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.kafka.KafkaPipelines;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.apache.paimon.catalog.Catalog;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of the operations support, each part only when its library is present and it
 * is enabled: the {@code paimon} actuator endpoint, the {@code paimon} health indicator
 * ({@code management.health.paimon.enabled}) and the {@code paimon.transactions.open} gauge of the
 * admin API. The admin metrics themselves come from {@link PaimonMetricsAutoConfiguration}.
 */
@AutoConfiguration(after = { PaimonAutoConfiguration.class, PaimonAdminAutoConfiguration.class },
		afterName = { "io.github.paimonspring.autoconfigure.kafka.PaimonKafkaAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration" })
@ConditionalOnClass(Catalog.class)
public final class PaimonActuatorAutoConfiguration {

	/**
	 * The {@code paimon} actuator endpoint.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnBean(PaimonTables.class)
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnAvailableEndpoint(PaimonEndpoint.class)
		PaimonEndpoint paimonEndpoint(PaimonTables tables, ObjectProvider<AdminTransactions> transactions,
				ObjectProvider<MaintenanceScheduler> maintenance, ObjectProvider<KafkaPipelines> kafka) {
			PaimonEndpoint endpoint = new PaimonEndpoint(tables, transactions, maintenance);
			endpoint.setKafkaPipelines(kafka);
			return endpoint;
		}

	}

	/**
	 * The {@code paimon} health indicator.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	@ConditionalOnBean(Catalog.class)
	static class HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "paimonHealthIndicator")
		@ConditionalOnEnabledHealthIndicator("paimon")
		PaimonHealthIndicator paimonHealthIndicator(Catalog catalog, ObjectProvider<Ingester> ingester,
				ObjectProvider<MaintenanceScheduler> maintenance, ObjectProvider<ClusterMembership> cluster) {
			ClusterMembership membership = cluster.getIfAvailable();
			return new PaimonHealthIndicator(catalog, ingester.getIfAvailable(), maintenance.getIfAvailable(),
					(membership != null) ? membership.instances() : null);
		}

	}

	/**
	 * The {@code paimon.transactions.open} gauge of the admin API.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean({ MeterRegistry.class, AdminTransactions.class })
	static class TransactionsMetricsConfiguration {

		@Bean
		MeterBinder paimonOpenTransactionsMeterBinder(AdminTransactions transactions) {
			return MicrometerAdminMetrics.openTransactions(transactions);
		}

	}

	/**
	 * The {@code paimonKafka} health indicator and the {@code paimon.kafka.lag} gauges of the Kafka pipelines.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.kafka.core.KafkaTemplate")
	@ConditionalOnBean(KafkaPipelines.class)
	static class KafkaConfiguration {

		@Bean
		@ConditionalOnClass(HealthIndicator.class)
		@ConditionalOnMissingBean(name = "paimonKafkaHealthIndicator")
		@ConditionalOnEnabledHealthIndicator("paimonKafka")
		PaimonKafkaHealthIndicator paimonKafkaHealthIndicator(KafkaPipelines pipelines) {
			return new PaimonKafkaHealthIndicator(pipelines);
		}

		@Bean
		@ConditionalOnClass(MeterRegistry.class)
		@ConditionalOnBean(MeterRegistry.class)
		MeterBinder paimonKafkaLagMeterBinder(KafkaPipelines pipelines) {
			return MicrometerKafkaPipelineListener.lag(pipelines);
		}

	}

}
