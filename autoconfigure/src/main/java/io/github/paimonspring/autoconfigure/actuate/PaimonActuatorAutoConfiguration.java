package io.github.paimonspring.autoconfigure.actuate;

import io.github.paimonspring.actuate.PaimonEndpoint;
import io.github.paimonspring.actuate.PaimonEndpointSection;
import io.github.paimonspring.actuate.PaimonHealthIndicator;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.ClusterMembership;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
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
 * ({@code management.health.paimon.enabled}). The admin and Kafka modules add their sections to the
 * endpoint ({@link PaimonEndpointSection} beans).
 */
@AutoConfiguration(after = PaimonAutoConfiguration.class)
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
		PaimonEndpoint paimonEndpoint(PaimonTables tables, ObjectProvider<MaintenanceScheduler> maintenance,
				ObjectProvider<PaimonEndpointSection> sections) {
			return new PaimonEndpoint(tables, maintenance, sections);
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

}
