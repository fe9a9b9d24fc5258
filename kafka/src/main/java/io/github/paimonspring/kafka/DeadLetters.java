package io.github.paimonspring.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.jspecify.annotations.Nullable;

import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;

/**
 * Publishes bad records of a pipeline to its dead-letter topic with spring-kafka's
 * {@link DeadLetterPublishingRecoverer}: the original key, value and headers, spring-kafka's
 * {@code kafka_dlt-*} headers (original topic, partition, offset, the exception and its message), and
 * {@value #REASON_HEADER} (malformed, mismatch, too-large or tombstone), {@value #PIPELINE_HEADER} and
 * {@value #TABLE_HEADER}. {@link #publish} returns once the broker acknowledged the record, so an
 * append whose offset token covers it is sent only after that. With {@link DeadLetterTopics}, the
 * dead-letter topic is made to exist before its first dead letter.
 */
public class DeadLetters {

	/** The header with the reason of a dead-lettered record. */
	public static final String REASON_HEADER = "paimon_reason";

	/** The header with the pipeline of a dead-lettered record. */
	public static final String PIPELINE_HEADER = "paimon_pipeline";

	/** The header with the table of a dead-lettered record. */
	public static final String TABLE_HEADER = "paimon_table";

	private final DeadLetterPublishingRecoverer recoverer;

	private final @Nullable DeadLetterTopics topics;

	/**
	 * Creates the publisher of a pipeline whose dead-letter topics are not checked: each must exist (or be
	 * created by the broker), and the producer's partitioner chooses the partition of every dead letter.
	 * @param template the template that sends (byte array keys and values)
	 * @param pipeline the pipeline name
	 * @param table the table name
	 * @param topic the dead-letter topic, or {@code null} for {@code <topic>-dlt} of each record's topic
	 * @param timeout how long to wait for the broker's acknowledgement
	 */
	public DeadLetters(KafkaOperations<byte[], byte[]> template, String pipeline, String table, @Nullable String topic,
			Duration timeout) {
		this(template, pipeline, table, topic, null, timeout);
	}

	/**
	 * Creates the publisher of a pipeline whose dead-letter topics are made to exist before their first
	 * dead letter ({@link DeadLetterTopics#ensure(String)}). A record goes to the partition of the same
	 * number as its own when the dead-letter topic has it (as with a topic of the source's partitions),
	 * otherwise the producer's partitioner chooses (by the key's hash).
	 * @param template the template that sends (byte array keys and values)
	 * @param pipeline the pipeline name
	 * @param table the table name
	 * @param topics the pipeline's dead-letter topics
	 * @param timeout how long to wait for the broker's acknowledgement
	 */
	public DeadLetters(KafkaOperations<byte[], byte[]> template, String pipeline, String table,
			DeadLetterTopics topics, Duration timeout) {
		this(template, pipeline, table, null, topics, timeout);
	}

	private DeadLetters(KafkaOperations<byte[], byte[]> template, String pipeline, String table,
			@Nullable String topic, @Nullable DeadLetterTopics topics, Duration timeout) {
		this.topics = topics;
		this.recoverer = new DeadLetterPublishingRecoverer(template, (record, ex) -> {
			if (topics == null) {
				return new TopicPartition((topic != null) ? topic : record.topic() + "-dlt", -1);
			}
			String destination = topics.topicFor(record.topic());
			boolean samePartition = record.partition() >= 0 && record.partition() < topics.partitions(destination);
			return new TopicPartition(destination, samePartition ? record.partition() : -1);
		});
		this.recoverer.setFailIfSendResultIsError(true);
		this.recoverer.setWaitForSendResultTimeout(timeout);
		this.recoverer.setLogRecoveryRecord(false);
		this.recoverer.addHeadersFunction((record, ex) -> {
			RecordHeaders headers = new RecordHeaders();
			String reason = (ex instanceof BadRecordException bad) ? bad.reason().value() : "error";
			headers.add(new RecordHeader(REASON_HEADER, reason.getBytes(StandardCharsets.UTF_8)));
			headers.add(new RecordHeader(PIPELINE_HEADER, pipeline.getBytes(StandardCharsets.UTF_8)));
			headers.add(new RecordHeader(TABLE_HEADER, table.getBytes(StandardCharsets.UTF_8)));
			return headers;
		});
	}

	/**
	 * Publishes a record and waits for the broker's acknowledgement.
	 * @param record the bad record
	 * @param reason why it cannot be written
	 * @throws org.springframework.kafka.KafkaException if it could not be published
	 * @throws KafkaPipelineException if the dead-letter topic neither exists nor could be created
	 */
	public void publish(ConsumerRecord<byte[], byte[]> record, BadRecordException reason) {
		if (this.topics != null) {
			this.topics.ensure(record.topic());
		}
		this.recoverer.accept(record, null, reason);
	}

}
