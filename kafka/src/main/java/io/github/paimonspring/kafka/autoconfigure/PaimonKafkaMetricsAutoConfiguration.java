package io.github.paimonspring.kafka.autoconfigure;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.KafkaPipelineListener;
import io.github.paimonspring.kafka.actuate.MicrometerKafkaPipelineListener;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the Micrometer {@link KafkaPipelineListener} when a {@link MeterRegistry} exists, next to
 * the application's own listener beans (every one is told, so a listener of the application never switches the
 * metrics off). It runs
 * before {@link PaimonKafkaAutoConfiguration} so that the pipelines are created with it; the lag gauges are bound
 * by {@link PaimonKafkaActuatorAutoConfiguration}.
 */
@AutoConfiguration(after = PaimonAutoConfiguration.class, before = PaimonKafkaAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple."
						+ "SimpleMetricsExportAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, PaimonOperations.class })
public final class PaimonKafkaMetricsAutoConfiguration {

	@Bean
	MicrometerKafkaPipelineListener paimonKafkaPipelineMetrics(MeterRegistry registry) {
		return new MicrometerKafkaPipelineListener(registry);
	}

}
