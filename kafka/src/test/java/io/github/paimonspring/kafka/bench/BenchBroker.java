package io.github.paimonspring.kafka.bench;

import java.io.IOException;

import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * The broker of the Flink comparison benchmark, in a JVM of its own: spring-kafka-test's embedded KRaft broker
 * (Kafka's own {@code KafkaClusterTestKit}, one combined broker and controller) on a free port. It prints
 * {@code bootstrap=<host:port>} once it is up and stops when its standard input closes (the harness ends it).
 * <p>
 * Settings (they shape the start-up of every consumer): {@link #SETTINGS}.
 */
public final class BenchBroker {

	/** The broker settings, as key/value pairs: no rebalance delay for a new group, 4 offsets partitions. */
	static final String[] SETTINGS = { "group.initial.rebalance.delay.ms", "0", "offsets.topic.num.partitions", "4",
			"offsets.topic.replication.factor", "1", "num.partitions", "4" };

	private BenchBroker() {
	}

	public static void main(String[] args) throws IOException {
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 4);
		for (int i = 0; i < SETTINGS.length; i += 2) {
			broker.brokerProperty(SETTINGS[i], SETTINGS[i + 1]);
		}
		broker.afterPropertiesSet();
		System.out.println("bootstrap=" + broker.getBrokersAsString());
		System.out.flush();
		try {
			while (System.in.read() != -1) {
				// until the harness closes the pipe or ends this JVM
			}
		}
		finally {
			broker.destroy();
		}
	}

}
