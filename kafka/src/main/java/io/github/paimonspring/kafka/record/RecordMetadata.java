package io.github.paimonspring.kafka.record;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.paimonspring.kafka.KafkaColumnProperties;
import io.github.paimonspring.kafka.KafkaPipelineException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.TimestampType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.jspecify.annotations.Nullable;

/**
 * The record metadata a pipeline writes to columns ({@code columns.key}, {@code timestamp}, {@code topic},
 * {@code partition}, {@code offset}, {@code headers.*}), resolved against the table's columns.
 */
public final class RecordMetadata {

	private final List<Target> targets;

	private RecordMetadata(List<Target> targets) {
		this.targets = targets;
	}

	/**
	 * Resolves the configured columns.
	 * @param pipeline the pipeline's name, for messages
	 * @param columns the configuration
	 * @param keyed whether {@code columns.key} is used (key-format string)
	 * @param shape the table
	 * @return the metadata columns
	 * @throws KafkaPipelineException naming the property when a column is not one of the table's or
	 * cannot take the value
	 */
	public static RecordMetadata resolve(String pipeline, KafkaColumnProperties columns, boolean keyed,
			TableShape shape) {
		List<Target> targets = new ArrayList<>();
		String prefix = "paimon.kafka.pipelines." + pipeline + ".columns.";
		if (keyed) {
			add(targets, shape, prefix + "key", columns.getKey(), Source.KEY, null);
		}
		add(targets, shape, prefix + "timestamp", columns.getTimestamp(), Source.TIMESTAMP, null);
		add(targets, shape, prefix + "topic", columns.getTopic(), Source.TOPIC, null);
		add(targets, shape, prefix + "partition", columns.getPartition(), Source.PARTITION, null);
		add(targets, shape, prefix + "offset", columns.getOffset(), Source.OFFSET, null);
		for (Map.Entry<String, String> header : columns.getHeaders().entrySet()) {
			add(targets, shape, prefix + "headers." + header.getKey(), header.getValue(), Source.HEADER,
					header.getKey());
		}
		return new RecordMetadata(List.copyOf(targets));
	}

	private static void add(List<Target> targets, TableShape shape, String property, @Nullable String column,
			Source source, @Nullable String header) {
		if (column == null || column.isBlank()) {
			return;
		}
		int index = shape.index(column);
		if (index < 0) {
			throw new KafkaPipelineException(shape.identifier(), "Property " + property + " names column '" + column
					+ "', which table '" + shape.identifier()
							+ "' does not have (columns: " + shape.rowType().getFieldNames()
					+ ")");
		}
		DataType type = shape.rowType().getTypeAt(index);
		DataTypeRoot root = type.getTypeRoot();
		boolean fits = switch (source) {
			case TIMESTAMP -> root == DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE
					|| root == DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE || root == DataTypeRoot.BIGINT;
			case TOPIC -> root == DataTypeRoot.VARCHAR || root == DataTypeRoot.CHAR;
			case PARTITION -> root == DataTypeRoot.INTEGER || root == DataTypeRoot.BIGINT;
			case OFFSET -> root == DataTypeRoot.BIGINT;
			case KEY, HEADER -> root != DataTypeRoot.ARRAY && root != DataTypeRoot.MAP && root != DataTypeRoot.ROW;
		};
		if (!fits) {
			throw new KafkaPipelineException(shape.identifier(), "Property " + property + " names column '" + column
					+ "' of table '" + shape.identifier() + "', whose type " + type.asSQLString()
							+ " cannot take the record's "
					+ source.name().toLowerCase(Locale.ROOT));
		}
		targets.add(new Target(source, header, index, column, type));
	}

	/**
	 * Returns whether a column is set from the metadata.
	 * @param index the column's position
	 * @return whether one of the metadata columns is that column
	 */
	boolean sets(int index) {
		for (Target target : this.targets) {
			if (target.index == index) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Returns the positions of the columns set from the metadata.
	 * @return the column positions
	 */
	int[] indexes() {
		return this.targets.stream().mapToInt(Target::index).toArray();
	}

	/**
	 * Sets the metadata columns of a row.
	 * @param record the record
	 * @param values the row's values
	 * @throws BadRecordException when a key or header does not fit its column
	 */
	void apply(ConsumerRecord<byte[], byte[]> record, @Nullable Object[] values) {
		for (Target target : this.targets) {
			values[target.index] = value(target, record);
		}
	}

	/**
	 * Sets the metadata columns of a row.
	 * @param record the record
	 * @param row the row
	 * @throws BadRecordException when a key or header does not fit its column
	 */
	void apply(ConsumerRecord<byte[], byte[]> record, RowValues row) {
		for (Target target : this.targets) {
			switch (target.source) {
				case PARTITION -> row.setLong(target.index, record.partition()); // INT or BIGINT: no box
				case OFFSET -> row.setLong(target.index, record.offset());
				default -> row.set(target.index, value(target, record));
			}
		}
	}

	private static @Nullable Object value(Target target, ConsumerRecord<byte[], byte[]> record) {
		return switch (target.source) {
			case KEY -> bytes(record.key(), target);
			case HEADER -> {
				Header header = record.headers().lastHeader(target.header);
				yield (header != null) ? bytes(header.value(), target) : null;
			}
			case TIMESTAMP -> (record.timestampType() == TimestampType.NO_TIMESTAMP_TYPE || record.timestamp() < 0)
					? null
					: (target.type.getTypeRoot() == DataTypeRoot.BIGINT) ? (Object) record.timestamp()
							: TextValues.fromLong(record.timestamp(), target.type, target.column);
			case TOPIC -> record.topic();
			case PARTITION -> (target.type.getTypeRoot() == DataTypeRoot.INTEGER) ? (Object) record.partition()
					: (Object) (long) record.partition();
			case OFFSET -> record.offset();
		};
	}

	private static @Nullable Object bytes(byte @Nullable [] bytes, Target target) {
		if (bytes == null) {
			return null;
		}
		DataTypeRoot root = target.type.getTypeRoot();
		if (root == DataTypeRoot.BINARY || root == DataTypeRoot.VARBINARY) {
			return bytes;
		}
		return TextValues.fromText(new String(bytes, StandardCharsets.UTF_8), target.type, target.column);
	}

	private enum Source {

		KEY, TIMESTAMP, TOPIC, PARTITION, OFFSET, HEADER

	}

	private record Target(Source source, @Nullable String header, int index, String column, DataType type) {
	}

}
