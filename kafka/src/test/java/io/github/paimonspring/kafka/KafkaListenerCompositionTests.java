package io.github.paimonspring.kafka;

import java.nio.file.Path;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.kafka.actuate.MicrometerKafkaPipelineListener;
import io.github.paimonspring.kafka.autoconfigure.PaimonKafkaMetricsAutoConfiguration;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's own {@link KafkaPipelineListener} bean sits next to the Micrometer one, not instead of it.
 */
class KafkaListenerCompositionTests {

	@TempDir
	Path warehouse;

	@Test
	void aUserListenerKeepsTheMetrics() {
		KafkaPipelineListener own = new KafkaPipelineListener() {
		};
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(PaimonAutoConfiguration.class, PaimonKafkaMetricsAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withBean(SimpleMeterRegistry.class)
			.withBean("ownListener", KafkaPipelineListener.class, () -> own)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(MicrometerKafkaPipelineListener.class);
				assertThat(context.getBeanProvider(KafkaPipelineListener.class).orderedStream().toList())
					.contains(own)
					.hasSize(2);
			});
	}

}
