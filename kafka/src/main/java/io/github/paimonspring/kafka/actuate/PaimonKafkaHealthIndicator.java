package io.github.paimonspring.kafka.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.kafka.KafkaPipelineView;
import io.github.paimonspring.kafka.KafkaPipelines;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The {@code paimonKafka} health indicator: DOWN while a Kafka pipeline is stopped (on a bad record with
 * {@code on-error = stop}, or an append the table refused), with the reason; UP otherwise. Details per
 * pipeline: its state, lag and partitions of this instance.
 */
public class PaimonKafkaHealthIndicator extends AbstractHealthIndicator {

	private final KafkaPipelines pipelines;

	/**
	 * Creates the indicator.
	 * @param pipelines the pipelines to report on
	 */
	public PaimonKafkaHealthIndicator(KafkaPipelines pipelines) {
		super("Kafka pipelines health check failed");
		this.pipelines = pipelines;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		boolean down = false;
		for (KafkaPipelineView view : this.pipelines.pipelines()) {
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("state", view.state());
			detail.put("table", view.table());
			detail.put("lag", view.lag());
			detail.put("partitions", view.partitions().size());
			if (view.error() != null) {
				detail.put("error", view.error());
			}
			down |= view.state().equals("stopped");
			builder.withDetail(view.name(), detail);
		}
		if (down) {
			builder.down();
		}
		else {
			builder.up();
		}
	}

}
