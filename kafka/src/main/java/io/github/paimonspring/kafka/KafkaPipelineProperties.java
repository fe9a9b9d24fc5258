package io.github.paimonspring.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.util.unit.DataSize;

/**
 * One Kafka pipeline ({@code paimon.kafka.pipelines.<name>}): topics consumed into a table.
 */
public class KafkaPipelineProperties {

	/**
	 * Whether this pipeline runs.
	 */
	private boolean enabled = true;

	/**
	 * The topics to consume. Each topic partition writes through the table channel
	 * '<topic>-<partition>', so topic names must be at most 117 characters.
	 */
	private List<String> topics = new ArrayList<>();

	/**
	 * A regular expression of topics to consume instead of a list (topics created later are picked
	 * up by Kafka's metadata refresh).
	 */
	private @Nullable String topicPattern;

	/**
	 * The table the records are written to: a paimon.tables name or database.table.
	 */
	private @Nullable String table;

	/**
	 * The format of the record values.
	 */
	private Format format = Format.JSON;

	/**
	 * The consumer group; by default 'paimon-<pipeline name>'. Instances with the same group share
	 * the partitions.
	 */
	private @Nullable String groupId;

	/**
	 * The number of consumers of this pipeline in this instance (each a thread with its own
	 * partitions). 2 or more on a machine with two or more cores raises the throughput; consumers
	 * beyond the instance's share of partitions stay idle.
	 */
	private int concurrency = 1;

	/**
	 * Where a partition starts when its channel has no committed offset token: earliest or latest.
	 * By default spring.kafka.consumer.auto-offset-reset, else earliest. Kafka's own committed
	 * offsets are never used for positioning.
	 */
	private @Nullable String autoOffsetReset;

	/**
	 * Additional Kafka consumer properties of this pipeline, overriding spring.kafka.consumer.*.
	 */
	private Map<String, String> consumerProperties = new LinkedHashMap<>();

	/**
	 * Batching of the records of a partition into channel appends.
	 */
	private final KafkaBatchProperties batch = new KafkaBatchProperties();

	/**
	 * Record metadata written to columns.
	 */
	private final KafkaColumnProperties columns = new KafkaColumnProperties();

	/**
	 * How the record key is read: string (its bytes go to columns.key) or json (an object whose
	 * fields set their columns).
	 */
	private KeyFormat keyFormat = KeyFormat.STRING;

	/**
	 * The JSON field that gives a record's row kind (+I, -U, +U, -D or 0 to 3); by default the
	 * table's row-kind column (paimon.write.row-kind-column, '_row_kind'). Empty: every record is an
	 * insert.
	 */
	private @Nullable String rowKindField;

	/**
	 * What a record with a null value (a tombstone) does: delete (the row of its key, primary-key
	 * tables), skip, or reject (a bad record).
	 */
	private Tombstones tombstones = Tombstones.DELETE;

	/**
	 * Whether JSON fields that are not columns of the table are ignored; by default such a record is
	 * a bad record, unless the table's schema evolution policy adds the column.
	 */
	private boolean ignoreUnknownFields;

	/**
	 * Records with larger values are bad records.
	 */
	private DataSize maxRecordSize = DataSize.ofMegabytes(1);

	/**
	 * What a record that cannot be written does: dead-letter (published to the dead-letter topic with
	 * the reason in its headers, then the pipeline goes on) or stop (the pipeline stops, health DOWN).
	 */
	private OnError onError = OnError.DEAD_LETTER;

	/**
	 * The dead-letter topic; by default '<topic>-dlt' of each record's topic. Created when missing unless
	 * dead-letter-topic-create is false.
	 */
	private @Nullable String deadLetterTopic;

	/**
	 * Whether a missing dead-letter topic is created: at start for the listed topics, before the first dead
	 * letter of a topic seen later (topic-pattern). When false, the dead-letter topic must exist: a missing
	 * one fails the start naming it. An existing topic is never changed.
	 */
	private boolean deadLetterTopicCreate = true;

	/**
	 * The partitions of a created dead-letter topic; by default those of its source topic (the most of its
	 * source topics when dead-letter-topic is shared by several), so that a record goes to the partition of
	 * the same number as its own.
	 */
	private @Nullable Integer deadLetterTopicPartitions;

	/**
	 * The replication factor of a created dead-letter topic; by default the broker's
	 * (default.replication.factor).
	 */
	private @Nullable Short deadLetterTopicReplicationFactor;

	/**
	 * How long a revoked partition waits for its appends in flight to be committed before they are
	 * abandoned (the new owner's opening of the channel fences them).
	 */
	private Duration revokeTimeout = Duration.ofSeconds(10);

	/**
	 * How long a failed append waits before its partition is reopened and resumed from the
	 * committed offset token (doubling up to 30 times this while it keeps failing).
	 */
	private Duration retryBackoff = Duration.ofMillis(500);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public List<String> getTopics() {
		return this.topics;
	}

	public void setTopics(List<String> topics) {
		this.topics = topics;
	}

	public @Nullable String getTopicPattern() {
		return this.topicPattern;
	}

	public void setTopicPattern(@Nullable String topicPattern) {
		this.topicPattern = topicPattern;
	}

	public @Nullable String getTable() {
		return this.table;
	}

	public void setTable(@Nullable String table) {
		this.table = table;
	}

	public Format getFormat() {
		return this.format;
	}

	public void setFormat(Format format) {
		this.format = format;
	}

	public @Nullable String getGroupId() {
		return this.groupId;
	}

	public void setGroupId(@Nullable String groupId) {
		this.groupId = groupId;
	}

	public int getConcurrency() {
		return this.concurrency;
	}

	public void setConcurrency(int concurrency) {
		this.concurrency = concurrency;
	}

	public @Nullable String getAutoOffsetReset() {
		return this.autoOffsetReset;
	}

	public void setAutoOffsetReset(@Nullable String autoOffsetReset) {
		this.autoOffsetReset = autoOffsetReset;
	}

	public Map<String, String> getConsumerProperties() {
		return this.consumerProperties;
	}

	public void setConsumerProperties(Map<String, String> consumerProperties) {
		this.consumerProperties = consumerProperties;
	}

	public KafkaBatchProperties getBatch() {
		return this.batch;
	}

	public KafkaColumnProperties getColumns() {
		return this.columns;
	}

	public KeyFormat getKeyFormat() {
		return this.keyFormat;
	}

	public void setKeyFormat(KeyFormat keyFormat) {
		this.keyFormat = keyFormat;
	}

	public @Nullable String getRowKindField() {
		return this.rowKindField;
	}

	public void setRowKindField(@Nullable String rowKindField) {
		this.rowKindField = rowKindField;
	}

	public Tombstones getTombstones() {
		return this.tombstones;
	}

	public void setTombstones(Tombstones tombstones) {
		this.tombstones = tombstones;
	}

	public boolean isIgnoreUnknownFields() {
		return this.ignoreUnknownFields;
	}

	public void setIgnoreUnknownFields(boolean ignoreUnknownFields) {
		this.ignoreUnknownFields = ignoreUnknownFields;
	}

	public DataSize getMaxRecordSize() {
		return this.maxRecordSize;
	}

	public void setMaxRecordSize(DataSize maxRecordSize) {
		this.maxRecordSize = maxRecordSize;
	}

	public OnError getOnError() {
		return this.onError;
	}

	public void setOnError(OnError onError) {
		this.onError = onError;
	}

	public @Nullable String getDeadLetterTopic() {
		return this.deadLetterTopic;
	}

	public void setDeadLetterTopic(@Nullable String deadLetterTopic) {
		this.deadLetterTopic = deadLetterTopic;
	}

	public boolean isDeadLetterTopicCreate() {
		return this.deadLetterTopicCreate;
	}

	public void setDeadLetterTopicCreate(boolean deadLetterTopicCreate) {
		this.deadLetterTopicCreate = deadLetterTopicCreate;
	}

	public @Nullable Integer getDeadLetterTopicPartitions() {
		return this.deadLetterTopicPartitions;
	}

	public void setDeadLetterTopicPartitions(@Nullable Integer deadLetterTopicPartitions) {
		this.deadLetterTopicPartitions = deadLetterTopicPartitions;
	}

	public @Nullable Short getDeadLetterTopicReplicationFactor() {
		return this.deadLetterTopicReplicationFactor;
	}

	public void setDeadLetterTopicReplicationFactor(@Nullable Short deadLetterTopicReplicationFactor) {
		this.deadLetterTopicReplicationFactor = deadLetterTopicReplicationFactor;
	}

	public Duration getRevokeTimeout() {
		return this.revokeTimeout;
	}

	public void setRevokeTimeout(Duration revokeTimeout) {
		this.revokeTimeout = revokeTimeout;
	}

	public Duration getRetryBackoff() {
		return this.retryBackoff;
	}

	public void setRetryBackoff(Duration retryBackoff) {
		this.retryBackoff = retryBackoff;
	}

	/** The format of the record values. */
	public enum Format {

		/** A JSON object per record, its fields matched to the table's columns by name. */
		JSON,

		/** An Arrow IPC stream per record, its columns matched to the table's columns by name. */
		ARROW

	}

	/** What happens to a record whose key or value is null (a tombstone). */
	public enum Tombstones {

		/** Deletes the row of its key (primary-key tables; the key must give every primary-key column). */
		DELETE,

		/** Skips it: the record is consumed and writes nothing. */
		SKIP,

		/** Treats it as a bad record: dead-lettered or stopping the pipeline, as on-error says. */
		REJECT

	}

	/** What happens to a record that cannot be written. */
	public enum OnError {

		/** Publishes it to the dead-letter topic with the reason in its headers, then goes on. */
		DEAD_LETTER,

		/** Stops the pipeline (its health goes DOWN); nothing after the record is written. */
		STOP

	}

	/** How the record key is read. */
	public enum KeyFormat {

		/** The key's bytes (as UTF-8 text, or as bytes for a BYTES column) go to columns.key. */
		STRING,

		/** The key is a JSON object whose fields set their columns (the primary key, for tombstones). */
		JSON

	}

}
