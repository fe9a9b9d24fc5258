package io.github.paimonspring.autoconfigure.actuate;

import io.github.paimonspring.actuate.MicrometerIngestListener;
import io.github.paimonspring.actuate.MicrometerMaintenanceListener;
import io.github.paimonspring.actuate.MicrometerSchemaChangeListener;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.maintenance.MaintenanceListener;
import io.github.paimonspring.write.SchemaChangeListener;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the Micrometer {@link IngestListener}, {@link SchemaChangeListener} and
 * {@link MaintenanceListener} when a {@link MeterRegistry} exists. The listeners are registered next to the
 * application's own listener beans, not instead of them: every listener bean of a type is told, in order, so a
 * listener of the application never switches the metrics off. The admin and Kafka modules add their own metrics.
 */
@AutoConfiguration(after = PaimonAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple."
						+ "SimpleMetricsExportAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, PaimonOperations.class })
public final class PaimonMetricsAutoConfiguration {

	@Bean
	MicrometerIngestListener paimonIngestMetrics(MeterRegistry registry) {
		return new MicrometerIngestListener(registry);
	}

	@Bean
	MicrometerSchemaChangeListener paimonSchemaChangeMetrics(MeterRegistry registry) {
		return new MicrometerSchemaChangeListener(registry);
	}

	@Bean
	MicrometerMaintenanceListener paimonMaintenanceMetrics(MeterRegistry registry) {
		return new MicrometerMaintenanceListener(registry);
	}

}
