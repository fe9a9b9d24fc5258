package io.github.paimonspring.admin.autoconfigure;

import io.github.paimonspring.admin.actuate.MicrometerAdminMetrics;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the Micrometer {@link AdminMetrics} of the admin API when a {@link MeterRegistry} exists.
 * It runs before {@link PaimonAdminAutoConfiguration} so that the admin service is created with it; the
 * {@code paimon.transactions.open} gauge is bound by {@link PaimonAdminActuatorAutoConfiguration}.
 */
@AutoConfiguration(after = PaimonAutoConfiguration.class, before = PaimonAdminAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple."
						+ "SimpleMetricsExportAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, PaimonOperations.class })
public final class PaimonAdminMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(AdminMetrics.class)
	MicrometerAdminMetrics paimonAdminMetrics(MeterRegistry registry) {
		return new MicrometerAdminMetrics(registry);
	}

}
