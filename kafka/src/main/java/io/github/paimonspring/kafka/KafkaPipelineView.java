package io.github.paimonspring.kafka;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A Kafka pipeline as this instance runs it, for the {@code paimon} actuator endpoint and health.
 *
 * @param name the pipeline name
 * @param table the table it writes
 * @param topics the topics, or the topic pattern
 * @param groupId the consumer group
 * @param state {@code running}, {@code stopped} (on an error, see {@code error}) or {@code closed}
 * @param error why it stopped, or {@code null}
 * @param lag the records of this instance's partitions beyond their committed offset tokens
 * @param partitions the partitions this instance has now
 */
public record KafkaPipelineView(String name, String table, String topics, String groupId, String state,
		@Nullable String error, long lag, List<Partition> partitions) {

	/**
	 * An assigned partition and its channel.
	 *
	 * @param topic the topic
	 * @param partition the partition
	 * @param channel the table channel it writes through
	 * @param generation the channel generation this instance opened, or {@code -1} while opening
	 * @param committedOffset the last offset committed to the table, or {@code null} for none yet
	 * @param lag the records between the partition's end and the committed offset
	 * @param appendsInFlight the appends sent and not yet committed
	 */
	public record Partition(String topic, int partition, String channel, long generation,
			@Nullable Long committedOffset,
			long lag, int appendsInFlight) {
	}

}
