package io.github.paimonspring.kafka;

import java.util.List;

/**
 * The Kafka pipelines of this instance, as the actuator endpoint, health and metrics read them.
 */
public interface KafkaPipelines {

	/**
	 * Describes the pipelines.
	 * @return one view per declared pipeline, in configuration order
	 */
	List<KafkaPipelineView> pipelines();

}
