package io.github.paimonspring.kafka;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of the Kafka pipelines: each {@code paimon.kafka.pipelines.<name>} consumes
 * topics into one table. The connection (bootstrap servers, security) is Boot's {@code spring.kafka.*}.
 */
@ConfigurationProperties("paimon.kafka")
public class PaimonKafkaProperties {

	/**
	 * The pipelines by name: topics (or a pattern) consumed into a table, exactly once. Each one is
	 * configured with topics, table, format, group-id, concurrency, batch.*, columns.*, row-kind-field,
	 * tombstones, on-error, dead-letter-topic (see docs/kafka.md).
	 */
	private Map<String, KafkaPipelineProperties> pipelines = new LinkedHashMap<>();

	public Map<String, KafkaPipelineProperties> getPipelines() {
		return this.pipelines;
	}

	public void setPipelines(Map<String, KafkaPipelineProperties> pipelines) {
		this.pipelines = pipelines;
	}

}
