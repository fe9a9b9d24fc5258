package io.github.paimonspring.kafka.autoconfigure;

import java.util.Map;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.KafkaPipelineException;
import io.github.paimonspring.kafka.KafkaPipelineListener;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import io.github.paimonspring.kafka.KafkaPipelines;
import io.github.paimonspring.kafka.PaimonKafkaProperties;
import io.github.paimonspring.kafka.pipeline.KafkaPipelineRunner;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;

/**
 * Auto-configuration of the Kafka pipelines ({@code paimon.kafka.pipelines.*}): active when spring-kafka
 * is on the class path, Paimon is configured and at least one pipeline is declared. The Kafka clients are
 * configured by Boot's Kafka auto-configuration ({@code spring.kafka.*}, with spring-boot-starter-kafka).
 */
@AutoConfiguration(afterName = { "io.github.paimonspring.autoconfigure.PaimonAutoConfiguration",
		"io.github.paimonspring.autoconfigure.actuate.PaimonMetricsAutoConfiguration",
		"org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration" })
@ConditionalOnClass(KafkaTemplate.class)
@ConditionalOnBean(PaimonOperations.class)
@Conditional(PaimonKafkaAutoConfiguration.PipelinesDeclared.class)
@EnableConfigurationProperties(PaimonKafkaProperties.class)
public final class PaimonKafkaAutoConfiguration {

	/**
	 * The pipelines: a {@code SmartLifecycle} in the default phase, so it stops before the group commits it
	 * feeds (whose phase is lower) and starts after them; every {@link KafkaPipelineListener} bean is told.
	 */
	@Bean
	@ConditionalOnMissingBean(KafkaPipelines.class)
	KafkaPipelineRunner paimonKafkaPipelines(PaimonKafkaProperties properties, PaimonOperations paimon,
			ObjectProvider<ConsumerFactory<?, ?>> consumerFactory, ObjectProvider<ProducerFactory<?,
					?>> producerFactory,
			ObjectProvider<KafkaPipelineListener> listeners, ObjectProvider<KafkaAdmin> kafkaAdmin) {
		ConsumerFactory<?, ?> consumers = consumerFactory.getIfAvailable();
		ProducerFactory<?, ?> producers = producerFactory.getIfAvailable();
		if (consumers == null || producers == null) {
			throw new KafkaPipelineException(null, "paimon.kafka.pipelines are declared, but there is no Kafka "
					+ "ConsumerFactory and ProducerFactory: add spring-boot-starter-kafka (Boot's Kafka "
							+ "auto-configuration, "
					+ "configured with spring.kafka.*)");
		}
		Map<String, Object> producerConfig = producers.getConfigurationProperties();
		return new KafkaPipelineRunner(properties.getPipelines(), paimon, consumers, producerConfig,
				KafkaPipelineListener.composite(listeners.orderedStream().toList()), kafkaAdmin.getIfUnique());
	}

	/** Matches when at least one {@code paimon.kafka.pipelines.<name>} is declared. */
	static class PipelinesDeclared extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			boolean declared = Binder.get(context.getEnvironment())
				.bind("paimon.kafka.pipelines", Bindable.mapOf(String.class, KafkaPipelineProperties.class))
				.map((pipelines) -> !pipelines.isEmpty())
				.orElse(false);
			return declared ? ConditionOutcome.match("paimon.kafka.pipelines are declared")
					: ConditionOutcome.noMatch("no paimon.kafka.pipelines are declared");
		}

	}

}
