package io.github.paimonspring.kafka;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Record metadata written to columns of the table ({@code paimon.kafka.pipelines.<name>.columns.*}); each is
 * the name of a column, or empty.
 */
public class KafkaColumnProperties {

	/**
	 * The column that gets the record key (key-format string): its UTF-8 text converted to the
	 * column's type, or its bytes for a BYTES column.
	 */
	private @Nullable String key;

	/**
	 * The column that gets the record timestamp: a TIMESTAMP, TIMESTAMP_LTZ or BIGINT (epoch
	 * milliseconds) column.
	 */
	private @Nullable String timestamp;

	/**
	 * The column that gets the record's topic.
	 */
	private @Nullable String topic;

	/**
	 * The column that gets the record's partition (INT or BIGINT).
	 */
	private @Nullable String partition;

	/**
	 * The column that gets the record's offset (BIGINT).
	 */
	private @Nullable String offset;

	/**
	 * Record headers written to columns: header name → column (its UTF-8 text converted to the
	 * column's type, or its bytes for a BYTES column).
	 */
	private Map<String, String> headers = new LinkedHashMap<>();

	public @Nullable String getKey() {
		return this.key;
	}

	public void setKey(@Nullable String key) {
		this.key = key;
	}

	public @Nullable String getTimestamp() {
		return this.timestamp;
	}

	public void setTimestamp(@Nullable String timestamp) {
		this.timestamp = timestamp;
	}

	public @Nullable String getTopic() {
		return this.topic;
	}

	public void setTopic(@Nullable String topic) {
		this.topic = topic;
	}

	public @Nullable String getPartition() {
		return this.partition;
	}

	public void setPartition(@Nullable String partition) {
		this.partition = partition;
	}

	public @Nullable String getOffset() {
		return this.offset;
	}

	public void setOffset(@Nullable String offset) {
		this.offset = offset;
	}

	public Map<String, String> getHeaders() {
		return this.headers;
	}

	public void setHeaders(Map<String, String> headers) {
		this.headers = headers;
	}

}
