package io.github.paimonspring.actuate;

import java.nio.file.Path;

import io.github.paimonspring.core.PaimonWriter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each part of the operations support backs off when its library is missing, and the starter still
 * works without any of them.
 */
class PaimonActuatorAutoConfigurationTests {

	@TempDir
	Path warehouse;

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse,
					"management.endpoints.web.exposure.include=paimon")
			.withBean(SimpleMeterRegistry.class);
	}

	@Test
	void createsEndpointHealthAndMetrics() {
		runner().run((context) -> assertThat(context).hasNotFailed()
			.hasSingleBean(PaimonEndpoint.class)
			.hasSingleBean(PaimonHealthIndicator.class)
			.hasSingleBean(MicrometerIngestListener.class));
	}

	@Test
	void backsOffWithoutTheActuator() {
		runner().withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(PaimonEndpoint.class)
				.hasSingleBean(PaimonHealthIndicator.class));
	}

	@Test
	void backsOffWithoutHealth() {
		runner().withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(PaimonHealthIndicator.class)
				.hasSingleBean(PaimonEndpoint.class));
	}

	@Test
	void backsOffWithoutMicrometer() {
		runner().withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerIngestListener.class));
	}

	@Test
	void backsOffWithoutAMeterRegistryBean() {
		new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerIngestListener.class));
	}

	@Test
	void theStarterWorksWithoutActuatorHealthOrMicrometer() {
		new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse,
					"management.endpoints.web.exposure.include=*")
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate.",
					"org.springframework.boot.health.", "io.micrometer.core."))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(PaimonWriter.class)
				.doesNotHaveBean(PaimonEndpoint.class)
				.doesNotHaveBean(PaimonHealthIndicator.class)
				.doesNotHaveBean(MicrometerIngestListener.class));
	}

}
