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
 * append whose offset token covers it is sent only after that.
 */
public class DeadLetters {

	/** The header with the reason of a dead-lettered record. */
	public static final String REASON_HEADER = "paimon_reason";

	/** The header with the pipeline of a dead-lettered record. */
	public static final String PIPELINE_HEADER = "paimon_pipeline";

	/** The header with the table of a dead-lettered record. */
	public static final String TABLE_HEADER = "paimon_table";

	private final DeadLetterPublishingRecoverer recoverer;

	/**
	 * Creates the publisher.
	 * @param template the template that sends (byte array keys and values)
	 * @param pipeline the pipeline name
	 * @param table the table name
	 * @param topic the dead-letter topic, or {@code null} for {@code <topic>-dlt} of each record's topic
	 * @param timeout how long to wait for the broker's acknowledgement
	 */
	public DeadLetters(KafkaOperations<byte[], byte[]> template, String pipeline, String table, @Nullable String topic,
			Duration timeout) {
		this.recoverer = new DeadLetterPublishingRecoverer(template,
				(record, ex) -> new TopicPartition((topic != null) ? topic : record.topic() + "-dlt", -1));
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
	 */
	public void publish(ConsumerRecord<byte[], byte[]> record, BadRecordException reason) {
		this.recoverer.accept(record, null, reason);
	}

}
