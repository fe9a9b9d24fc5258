package io.github.paimonspring.kafka.autoconfigure;

import io.github.paimonspring.actuate.PaimonEndpointSection;
import io.github.paimonspring.kafka.KafkaPipelines;
import io.github.paimonspring.kafka.actuate.MicrometerKafkaPipelineListener;
import io.github.paimonspring.kafka.actuate.PaimonKafkaHealthIndicator;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;

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
 * Auto-configuration of the Kafka pipelines' operations support, each part only when its library is present
 * and it is enabled: the {@code paimonKafka} health indicator, the {@code paimon.kafka.lag} gauges and the
 * {@code kafkaPipelines} section of the {@code paimon} actuator endpoint.
 */
@AutoConfiguration(after = PaimonKafkaAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple."
						+ "SimpleMetricsExportAutoConfiguration" })
@ConditionalOnBean(KafkaPipelines.class)
public final class PaimonKafkaActuatorAutoConfiguration {

	/**
	 * The {@code kafkaPipelines} section of the {@code paimon} actuator endpoint.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	static class EndpointConfiguration {

		@Bean
		PaimonEndpointSection paimonKafkaPipelinesEndpointSection(KafkaPipelines pipelines) {
			return new PipelinesSection(pipelines);
		}

	}

	/**
	 * The {@code paimonKafka} health indicator.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	static class HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "paimonKafkaHealthIndicator")
		@ConditionalOnEnabledHealthIndicator("paimonKafka")
		PaimonKafkaHealthIndicator paimonKafkaHealthIndicator(KafkaPipelines pipelines) {
			return new PaimonKafkaHealthIndicator(pipelines);
		}

	}

	/**
	 * The {@code paimon.kafka.lag} gauges.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static class MetricsConfiguration {

		@Bean
		MeterBinder paimonKafkaLagMeterBinder(KafkaPipelines pipelines) {
			return MicrometerKafkaPipelineListener.lag(pipelines);
		}

	}

	/** The pipelines of this instance as the endpoint's {@code kafkaPipelines} member. */
	private record PipelinesSection(KafkaPipelines pipelines) implements PaimonEndpointSection {

		@Override
		public String name() {
			return "kafkaPipelines";
		}

		@Override
		public @Nullable Object read() {
			return this.pipelines.pipelines();
		}

	}

}
