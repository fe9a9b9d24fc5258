package io.github.paimonspring.kafka.autoconfigure;

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
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

/**
 * Auto-configuration of the Kafka pipelines ({@code paimon.kafka.pipelines.*}): active when spring-kafka
 * is on the class path, Paimon is configured and at least one pipeline is declared. The Kafka clients are
 * configured by Boot's Kafka auto-configuration ({@code spring.kafka.*}, with spring-boot-starter-kafka): the
 * consumers and producers come from its factories, the listener containers from a container factory that Boot's
 * {@code ConcurrentKafkaListenerContainerFactoryConfigurer} configures ({@code spring.kafka.listener.*}) with
 * the application's {@code ContainerCustomizer}.
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
			ObjectProvider<ConsumerFactory<Object, Object>> consumerFactory,
			ObjectProvider<ProducerFactory<?, ?>> producerFactory,
			ObjectProvider<ConcurrentKafkaListenerContainerFactoryConfigurer> containerFactoryConfigurer,
			ObjectProvider<ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>>>
					containerCustomizer,
			ObjectProvider<KafkaPipelineListener> listeners, ObjectProvider<KafkaAdmin> kafkaAdmin) {
		ConsumerFactory<Object, Object> consumers = consumerFactory.getIfAvailable();
		ProducerFactory<?, ?> producers = producerFactory.getIfAvailable();
		if (consumers == null || producers == null) {
			throw new KafkaPipelineException(null, "paimon.kafka.pipelines are declared, but there is no Kafka "
					+ "ConsumerFactory and ProducerFactory: add spring-boot-starter-kafka (Boot's Kafka "
					+ "auto-configuration, configured with spring.kafka.*)");
		}
		// the pipelines' containers as Boot makes the application's @KafkaListener containers: spring.kafka.listener.*
		// and the application's ContainerCustomizer apply (the pipeline then sets what exactly-once needs)
		ConcurrentKafkaListenerContainerFactory<Object, Object> containers =
				new ConcurrentKafkaListenerContainerFactory<>();
		ConcurrentKafkaListenerContainerFactoryConfigurer configurer = containerFactoryConfigurer.getIfAvailable();
		if (configurer != null) {
			configurer.configure(containers, consumers);
		}
		else {
			containers.setConsumerFactory(consumers);
		}
		containerCustomizer.ifAvailable(containers::setContainerCustomizer);
		return new KafkaPipelineRunner(properties.getPipelines(), paimon, containers, producers,
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
