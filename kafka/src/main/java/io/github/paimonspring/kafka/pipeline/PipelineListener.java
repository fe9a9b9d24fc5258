package io.github.paimonspring.kafka.pipeline;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.paimonspring.kafka.KafkaPipelineException;
import io.github.paimonspring.kafka.KafkaPipelineView;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.kafka.event.ConsumerStoppedEvent;
import org.springframework.kafka.event.ConsumerStoppingEvent;
import org.springframework.kafka.event.ListenerContainerIdleEvent;
import org.springframework.kafka.listener.BatchConsumerAwareMessageListener;
import org.springframework.kafka.listener.ConsumerAwareRebalanceListener;

/**
 * The listener of a pipeline's container: the records of each poll, the rebalances and the container's
 * idle events of every consumer thread go to that consumer's {@link PipelineConsumer}. The idle events
 * (at most a poll timeout apart while nothing arrives) let a consumer flush aged records, take answered
 * appends and resume partitions when it receives nothing. A {@link KafkaPipelineException} stops the
 * pipeline; any other exception goes to the container's error handler, which calls the listener again
 * with the same records after a backoff (records already taken are skipped).
 */
final class PipelineListener implements BatchConsumerAwareMessageListener<byte[], byte[]>,
		ConsumerAwareRebalanceListener, ApplicationEventPublisher {

	private final KafkaPipeline pipeline;

	private final String resetTo;

	private final Map<Consumer<?, ?>, PipelineConsumer> consumers = new ConcurrentHashMap<>();

	PipelineListener(KafkaPipeline pipeline, String resetTo) {
		this.pipeline = pipeline;
		this.resetTo = resetTo;
	}

	private PipelineConsumer of(Consumer<?, ?> consumer) {
		return this.consumers.computeIfAbsent(consumer,
				(created) -> new PipelineConsumer(this.pipeline, created, this.resetTo));
	}

	@Override
	public void onMessage(List<ConsumerRecord<byte[], byte[]>> records, @Nullable Consumer<?, ?> consumer) {
		if (consumer == null) {
			throw new IllegalStateException("The container of pipeline '" + this.pipeline.name()
					+ "' called its listener without the consumer");
		}
		if (!this.pipeline.isRunning()) {
			return; // stopping: the records are read again by the next owner
		}
		try {
			of(consumer).poll(records);
		}
		catch (KafkaPipelineException ex) {
			this.pipeline.failed(ex);
		}
	}

	@Override
	public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
		of(consumer).assigned(partitions);
	}

	@Override
	public void onPartitionsRevokedBeforeCommit(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
		PipelineConsumer work = this.consumers.get(consumer);
		if (work != null) {
			work.revoked(partitions);
		}
	}

	@Override
	public void onPartitionsLost(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
		PipelineConsumer work = this.consumers.get(consumer);
		if (work != null) {
			work.lost(partitions);
		}
	}

	@Override
	public void publishEvent(Object event) {
		if (event instanceof ListenerContainerIdleEvent idle) {
			PipelineConsumer work = this.consumers.get(idle.getConsumer());
			if (work != null && this.pipeline.isRunning()) {
				try {
					work.maintain();
				}
				catch (KafkaPipelineException ex) {
					this.pipeline.failed(ex);
				}
			}
		}
		else if (event instanceof ConsumerStoppingEvent stopping) {
			PipelineConsumer work = this.consumers.remove(stopping.getConsumer());
			if (work != null) {
				work.close();
			}
		}
		else if (event instanceof ConsumerStoppedEvent stopped
				&& stopped.getReason() != ConsumerStoppedEvent.Reason.NORMAL) {
			this.pipeline.failed(new KafkaPipelineException(this.pipeline.table(), "A consumer of pipeline '"
					+ this.pipeline.name() + "' stopped (" + stopped.getReason() + ")"));
		}
	}

	/**
	 * Describes the partitions of every consumer.
	 * @return the partitions now
	 */
	List<KafkaPipelineView.Partition> partitions() {
		return this.consumers.values().stream().flatMap((consumer) -> consumer.partitions().stream()).toList();
	}

}
