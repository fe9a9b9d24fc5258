package io.github.paimonspring.flight.autoconfigure;

import io.github.paimonspring.flight.FlightMetrics;
import io.github.paimonspring.flight.PaimonFlightServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Health and metrics of the Flight SQL endpoint: the {@code paimonFlight} health indicator (up while the server
 * runs, with its port, TLS and Arrow memory) and the Micrometer timer {@code paimon.flight.calls} (tags
 * {@code command}, {@code status}); rows, commits and aborts are the admin API's metrics.
 *
 * @since 0.1.0
 */
@AutoConfiguration(before = PaimonFlightAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.export.simple."
						+ "SimpleMetricsExportAutoConfiguration" })
@ConditionalOnBooleanProperty("paimon.flight.enabled")
public final class PaimonFlightActuatorAutoConfiguration {

	/** The timer of Flight calls. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static class MetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		FlightMetrics paimonFlightMetrics(MeterRegistry registry) {
			return (command, status, duration) -> Timer.builder("paimon.flight.calls")
				.description("Flight SQL calls answered by the endpoint")
				.tag("command", command)
				.tag("status", status)
				.register(registry)
				.record(duration);
		}

	}

	/** The health of the endpoint. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	static class HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "paimonFlightHealthIndicator")
		@ConditionalOnEnabledHealthIndicator("paimonFlight")
		HealthIndicator paimonFlightHealthIndicator(PaimonFlightServer server) {
			return new AbstractHealthIndicator() {

				@Override
				protected void doHealthCheck(Health.Builder builder) {
					if (server.isRunning()) {
						builder.up();
					}
					else {
						builder.down();
					}
					builder.withDetail("port", server.getPort())
						.withDetail("tls", server.isTls())
						.withDetail("arrowMemory", server.arrowMemoryAllocated());
				}

			};
		}

	}

}
