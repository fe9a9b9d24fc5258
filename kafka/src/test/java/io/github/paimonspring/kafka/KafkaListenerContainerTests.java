package io.github.paimonspring.kafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.kafka.autoconfigure.DefaultKafkaConsumerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipelines consume through spring-kafka's listener container with consumers of the application's
 * {@code ConsumerFactory}: what a user's {@link DefaultKafkaConsumerFactoryCustomizer} does to the factory
 * (a consumer interceptor, a factory listener) applies to the pipeline's consumers, several consumer
 * threads share the partitions, and a factory whose deserializers cannot give byte arrays is refused at
 * start with a message that says what to do.
 */
class KafkaListenerContainerTests {

	private static final int PARTITIONS = 4;

	private static final int RECORDS = 20_000;

	@TempDir
	Path warehouse;

	@Test
	void aUsersConsumerFactoryCustomizerAppliesToThePipelinesConsumers() throws Exception {
		String topic = TestKafka.createTopic("customized", PARTITIONS);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			KafkaExactlyOnceTests.produce(producer, topic, 0, RECORDS);
		}
		CountingInterceptor.RECORDS.set(0);
		runner(topic).withUserConfiguration(Customized.class)
			.withPropertyValues("paimon.kafka.pipelines.events.concurrency=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "events", topic, PARTITIONS,
						Duration.ofMinutes(2))).as("every partition's last offset committed").isTrue();
				Set<String> consumers = context.getBean(Customized.class).consumers;
				assertThat(consumers).as("the consumers the factory made, as its customizer's listener saw them")
					.hasSize(2)
					.allMatch((id) -> id.contains("paimon-events"));
				assertThat(CountingInterceptor.RECORDS.get()).as("records the customizer's interceptor saw")
					.isGreaterThanOrEqualTo(RECORDS);
				KafkaPipelineView view = context.getBean(KafkaPipelines.class).pipelines().get(0);
				assertThat(view.partitions()).as("the partitions over both consumer threads").hasSize(PARTITIONS);
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			List<Long> ids = warehouse.read("default.events", (row) -> row.getLong(0));
			assertThat(ids).hasSize(RECORDS).doesNotHaveDuplicates();
		}
	}

	@Test
	void bootsListenerPropertiesContainerCustomizersAndProducerCustomizersApplyToThePipelines() throws Exception {
		String topic = TestKafka.createTopic("boot-machinery", PARTITIONS);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			KafkaExactlyOnceTests.produce(producer, topic, 0, 1_000);
			TestKafka.send(producer, topic, 1, "bad", "not json");
		}
		runner(topic).withUserConfiguration(BootMachinery.class)
			.withPropertyValues("spring.kafka.listener.observation-enabled=true",
					"spring.kafka.listener.immediate-stop=true", "spring.kafka.listener.ack-mode=record",
					"spring.kafka.listener.concurrency=3")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "events", topic, PARTITIONS,
						Duration.ofMinutes(2))).as("every partition's last offset committed").isTrue();
				BootMachinery machinery = context.getBean(BootMachinery.class);
				assertThat(machinery.containers).as("the containers the application's ContainerCustomizer saw")
					.singleElement()
					.satisfies((container) -> {
						ContainerProperties properties = container.getContainerProperties();
						// spring.kafka.listener.* applies ...
						assertThat(properties.isObservationEnabled()).isTrue();
						assertThat(properties.isStopImmediate()).isTrue();
						// ... but not over what exactly-once needs: the pipeline's acknowledgement, group and
						// concurrency
						assertThat(properties.getAckMode()).isEqualTo(ContainerProperties.AckMode.MANUAL);
						assertThat(properties.getGroupId()).isEqualTo("paimon-events");
						assertThat(container.getConcurrency()).isEqualTo(1);
					});
				assertThat(TestKafka.read(topic + "-dlt", 1, Duration.ofSeconds(60))).as("the dead letter")
					.hasSize(1);
				assertThat(machinery.producers).as("producers the producer factory customizer's listener saw: the "
						+ "dead letters'").isNotEmpty();
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			List<Long> ids = warehouse.read("default.events", (row) -> row.getLong(0));
			assertThat(ids).hasSize(1_000).doesNotHaveDuplicates();
		}
	}

	@Test
	void aConsumerFactoryWithDeserializerInstancesIsRefusedAtStart() {
		String topic = TestKafka.createTopic("deserializers", 1);
		runner(topic).withUserConfiguration(WithDeserializers.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(KafkaPipelineException.class)
				.hasMessageContaining(StringDeserializer.class.getName())
				.hasMessageContaining("spring.kafka.consumer.key-deserializer");
		});
	}

	private ApplicationContextRunner runner(String topic) {
		return KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(KafkaPipelineFixture.eventsPipeline(topic));
	}

	@Configuration(proxyBeanMethods = false)
	static class Customized {

		final Set<String> consumers = ConcurrentHashMap.newKeySet();

		@Bean
		DefaultKafkaConsumerFactoryCustomizer countingCustomizer() {
			return (factory) -> customize(factory, this.consumers);
		}

		private static <K, V> void customize(DefaultKafkaConsumerFactory<K, V> factory, Set<String> consumers) {
			factory.updateConfigs(
					Map.of(ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG, CountingInterceptor.class.getName()));
			factory.addListener(new ConsumerFactory.Listener<K, V>() {

				@Override
				public void consumerAdded(String id, Consumer<K, V> consumer) {
					consumers.add(id);
				}

			});
		}

	}

	/** A container customizer and a producer factory customizer of the application, each recording what it saw. */
	@Configuration(proxyBeanMethods = false)
	static class BootMachinery {

		final List<ConcurrentMessageListenerContainer<?, ?>> containers = new CopyOnWriteArrayList<>();

		final Set<String> producers = ConcurrentHashMap.newKeySet();

		@Bean
		ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> recordingCustomizer() {
			return this.containers::add;
		}

		@Bean
		DefaultKafkaProducerFactoryCustomizer recordingProducerCustomizer() {
			return (factory) -> listen(factory, this.producers);
		}

		private static <K, V> void listen(DefaultKafkaProducerFactory<K, V> factory, Set<String> producers) {
			factory.addListener(new ProducerFactory.Listener<K, V>() {

				@Override
				public void producerAdded(String id, Producer<K, V> producer) {
					producers.add(id);
				}

			});
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class WithDeserializers {

		@Bean
		DefaultKafkaConsumerFactoryCustomizer stringDeserializers() {
			return (factory) -> {
				@SuppressWarnings("unchecked")
				DefaultKafkaConsumerFactory<String, String> strings =
						(DefaultKafkaConsumerFactory<String, String>) factory;
				strings.setKeyDeserializer(new StringDeserializer());
				strings.setValueDeserializer(new StringDeserializer());
			};
		}

	}

	/** Counts the records every consumer it is configured on returns from a poll. */
	public static class CountingInterceptor implements ConsumerInterceptor<Object, Object> {

		static final AtomicLong RECORDS = new AtomicLong();

		@Override
		public ConsumerRecords<Object, Object> onConsume(ConsumerRecords<Object, Object> records) {
			RECORDS.addAndGet(records.count());
			return records;
		}

		@Override
		public void onCommit(Map<TopicPartition, OffsetAndMetadata> offsets) {
		}

		@Override
		public void close() {
		}

		@Override
		public void configure(Map<String, ?> configs) {
		}

	}

}
