package io.github.paimonspring.kafka.record;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.BadRecordException.Reason;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.RowKind;
import org.jspecify.annotations.Nullable;

/**
 * Converts the records of one pipeline into rows of its table: JSON objects (fields matched to columns
 * by name) or Arrow IPC streams, with the configured metadata columns, row kinds and tombstones. A
 * record that does not fit is refused with a {@link BadRecordException} before anything of it is
 * buffered; a field the table does not have is added as a column when the table's schema evolution
 * policy allows it. Used by one consumer thread.
 */
public final class RecordConverter {

	private static final ObjectMapper JSON = new ObjectMapper()
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

	private final String pipeline;

	private final KafkaPipelineProperties settings;

	private final PaimonOperations paimon;

	private final BufferAllocator allocator;

	private TableShape shape;

	private RecordMetadata metadata;

	private final @Nullable String rowKindField;

	/**
	 * Creates the converter of one pipeline.
	 * @param pipeline the pipeline name, for messages
	 * @param settings the pipeline's settings (formats, columns)
	 * @param paimon the operations whose tables the records are converted for
	 * @param allocator the Arrow memory the batches are built in
	 */
	public RecordConverter(String pipeline, KafkaPipelineProperties settings, PaimonOperations paimon,
			BufferAllocator allocator) {
		this.pipeline = pipeline;
		this.settings = settings;
		this.paimon = paimon;
		this.allocator = allocator;
		this.shape = TableShape.load(paimon, table());
		this.metadata = metadata(this.shape);
		String field = settings.getRowKindField();
		this.rowKindField = (field == null) ? this.shape.rowKindColumn() : (field.isBlank() ? null : field);
	}

	/**
	 * Returns the table's shape the next rows follow.
	 * @return the shape
	 */
	public TableShape shape() {
		return this.shape;
	}

	/**
	 * Converts a record.
	 * @param record the record
	 * @return its row or batches, or {@code null} for a record that writes nothing (a skipped tombstone)
	 * @throws BadRecordException when the record cannot be written (nothing of it was kept)
	 */
	public @Nullable Converted convert(ConsumerRecord<byte[], byte[]> record) {
		byte[] value = record.value();
		if (value == null) {
			return tombstone(record);
		}
		if (value.length > this.settings.getMaxRecordSize().toBytes()) {
			throw new BadRecordException(Reason.TOO_LARGE, "The value has " + value.length + " bytes, more than "
					+ "paimon.kafka.pipelines." + this.pipeline
							+ ".max-record-size (" + this.settings.getMaxRecordSize()
					+ ")");
		}
		return switch (this.settings.getFormat()) {
			case JSON -> new Converted(json(record, value), List.of());
			case ARROW -> new Converted(null, ArrowRecords.read(this, record, value, this.allocator));
		};
	}

	private @Nullable Converted tombstone(ConsumerRecord<byte[], byte[]> record) {
		switch (this.settings.getTombstones()) {
			case SKIP:
				return null;
			case REJECT:
				throw new BadRecordException(Reason.TOMBSTONE, "The record has a null value (a tombstone) and "
						+ "paimon.kafka.pipelines." + this.pipeline + ".tombstones is reject");
			default:
				break;
		}
		TableShape current = this.shape;
		if (current.primaryKeys().isEmpty()) {
			throw new BadRecordException(Reason.TOMBSTONE, "The record has a null value (a tombstone), but table '"
					+ current.identifier() + "' has no primary key to delete by (set paimon.kafka.pipelines."
					+ this.pipeline + ".tombstones to skip or reject)");
		}
		@Nullable Object[] values = new Object[current.rowType().getFieldCount()];
		applyKey(record, values, current);
		for (String key : current.primaryKeys()) {
			if (values[current.index(key)] == null) {
				throw new BadRecordException(Reason.TOMBSTONE, "The record is a tombstone (a null value), but its key "
						+ "gives no value for primary-key column '" + key + "' of table '" + current.identifier()
						+ "' (see paimon.kafka.pipelines." + this.pipeline + ".columns.key and key-format)");
			}
		}
		checkNotNull(values, current);
		return new Converted(new RecordRow(current, values, RowKind.DELETE.toByteValue()), List.of());
	}

	private RecordRow json(ConsumerRecord<byte[], byte[]> record, byte[] value) {
		JsonNode node;
		try {
			node = JSON.readTree(value);
		}
		catch (IOException ex) {
			throw new BadRecordException(Reason.MALFORMED, "The value is not JSON: "
					+ ((ex instanceof JsonProcessingException json) ? json.getOriginalMessage() : ex.getMessage()), ex);
		}
		if (node == null || !node.isObject()) {
			throw new BadRecordException(Reason.MALFORMED, "The value is not a JSON object but "
					+ ((node == null) ? "empty" : "a JSON " + node.getNodeType().name().toLowerCase(Locale.ROOT)));
		}
		TableShape current = this.shape;
		List<Field> added = unknownFields(node, current);
		if (!added.isEmpty()) {
			current = evolve(new Schema(added));
		}
		List<DataField> fields = current.rowType().getFields();
		@Nullable Object[] values = new Object[fields.size()];
		for (int i = 0; i < values.length; i++) {
			DataField field = fields.get(i);
			values[i] = JsonValues.read(node.get(field.name()), field.type().copy(true), field.name());
		}
		byte kind = RowKind.INSERT.toByteValue();
		String rowKindField = this.rowKindField;
		if (rowKindField != null) {
			JsonNode kindNode = node.get(rowKindField);
			if (kindNode != null && !kindNode.isNull()) {
				kind = rowKind(rowKindField, kindNode, current);
			}
		}
		applyKey(record, values, current);
		checkNotNull(values, current);
		return new RecordRow(current, values, kind);
	}

	/** The fields of a JSON object the table does not have, as columns to add (empty when none). */
	private List<Field> unknownFields(JsonNode node, TableShape current) {
		int known = 0;
		int size = node.size();
		for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
			String name = names.next();
			if (current.index(name) >= 0 || name.equals(this.rowKindField)) {
				known++;
			}
		}
		if (known == size || this.settings.isIgnoreUnknownFields()) {
			return List.of();
		}
		List<Field> added = new ArrayList<>();
		for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
			Map.Entry<String, JsonNode> entry = it.next();
			String name = entry.getKey();
			if (current.index(name) >= 0 || name.equals(this.rowKindField)) {
				continue;
			}
			if (!current.policy().addsColumns()) {
				throw JsonValues.mismatch(name, null, "is not a column of table '" + current.identifier()
						+ "', whose schema evolution policy is " + current.policy()
								+ " (set paimon.tables.<name>.schema-evolution "
						+ "to add-columns to add it, or paimon.kafka.pipelines." + this.pipeline
						+ ".ignore-unknown-fields=true to ignore such fields)");
			}
			ArrowType type = inferred(entry.getValue());
			if (type == null) {
				if (entry.getValue().isNull()) {
					continue; // no type to add it with yet
				}
				throw JsonValues.mismatch(name, null, "is not a column of table '" + current.identifier()
						+ "', and a JSON " + entry.getValue().getNodeType().name().toLowerCase(Locale.ROOT)
						+ " gives no type to add it with (add the column to the table)");
			}
			added.add(new Field(name, FieldType.nullable(type), null));
		}
		return added;
	}

	private static @Nullable ArrowType inferred(JsonNode value) {
		if (value.isBoolean()) {
			return ArrowType.Bool.INSTANCE;
		}
		if (value.isIntegralNumber()) {
			return new ArrowType.Int(64, true);
		}
		if (value.isNumber()) {
			return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
		}
		if (value.isTextual()) {
			return ArrowType.Utf8.INSTANCE;
		}
		return null;
	}

	/**
	 * Adds the columns of an Arrow schema that the table does not have, as its policy allows.
	 * @param schema the fields
	 * @return the table's new shape
	 * @throws BadRecordException (mismatch) when the policy does not allow it
	 */
	TableShape evolve(Schema schema) {
		try {
			this.paimon.schemaEvolution().evolve(table(), schema, null, null);
		}
		catch (ArrowDataException ex) {
			throw new BadRecordException(Reason.MISMATCH, ex.getMessage(), ex);
		}
		TableShape reloaded = TableShape.load(this.paimon, table());
		this.metadata = metadata(reloaded);
		this.shape = reloaded;
		return reloaded;
	}

	private byte rowKind(String field, JsonNode node, TableShape current) {
		RowKind kind = null;
		if (node.isTextual()) {
			for (RowKind candidate : RowKind.values()) {
				if (candidate.shortString().equals(node.textValue())) {
					kind = candidate;
				}
			}
		}
		else if (node.isIntegralNumber() && node.canConvertToInt() && node.intValue() >= 0 && node.intValue() <= 3) {
			kind = RowKind.fromByteValue((byte) node.intValue());
		}
		if (kind == null) {
			throw JsonValues.mismatch(field, null, "has the unknown row kind " + JsonValues.shorten(node.toString())
					+ " (expected +I, -U, +U, -D or 0 to 3)");
		}
		if (kind != RowKind.INSERT && current.primaryKeys().isEmpty()) {
			throw JsonValues.mismatch(field, null, "is " + kind.shortString() + ", but table '"
					+ current.identifier() + "' has no primary key: it takes inserts (+I) only");
		}
		return kind.toByteValue();
	}

	private void applyKey(ConsumerRecord<byte[], byte[]> record, @Nullable Object[] values, TableShape current) {
		this.metadata.apply(record, values);
		if (this.settings.getKeyFormat() != KafkaPipelineProperties.KeyFormat.JSON || record.key() == null) {
			return;
		}
		JsonNode key;
		try {
			key = JSON.readTree(record.key());
		}
		catch (IOException ex) {
			throw new BadRecordException(Reason.MALFORMED,
					"The key is not JSON (key-format is json): " + ex.getMessage(), ex);
		}
		if (key == null || !key.isObject()) {
			throw new BadRecordException(Reason.MALFORMED, "The key is not a JSON object (key-format is json)");
		}
		for (Iterator<Map.Entry<String, JsonNode>> it = key.fields(); it.hasNext();) {
			Map.Entry<String, JsonNode> entry = it.next();
			int index = current.index(entry.getKey());
			if (index < 0) {
				throw JsonValues.mismatch(entry.getKey(), null, "of the record key is not a column of table '"
						+ current.identifier() + "'");
			}
			DataType type = current.rowType().getTypeAt(index);
			values[index] = JsonValues.read(entry.getValue(), type.copy(true), entry.getKey());
		}
	}

	private static void checkNotNull(@Nullable Object[] values, TableShape current) {
		List<DataField> fields = current.rowType().getFields();
		for (int i = 0; i < values.length; i++) {
			if (values[i] == null && !fields.get(i).type().isNullable()) {
				throw JsonValues.mismatch(fields.get(i).name(), fields.get(i).type(),
						"is NOT NULL but the record has no value for it");
			}
		}
	}

	/**
	 * Returns the metadata columns of the current shape.
	 * @return the metadata columns
	 */
	RecordMetadata metadata() {
		return this.metadata;
	}

	private RecordMetadata metadata(TableShape current) {
		return RecordMetadata.resolve(this.pipeline, this.settings.getColumns(),
				this.settings.getKeyFormat() == KafkaPipelineProperties.KeyFormat.STRING, current);
	}

	private String table() {
		return Objects.requireNonNull(this.settings.getTable());
	}

	/**
	 * A converted record: a row (JSON) or batches (Arrow, owned by the receiver).
	 *
	 * @param row the row, or {@code null}
	 * @param batches the batches
	 */
	public record Converted(@Nullable RecordRow row, List<VectorSchemaRoot> batches) {
	}

}
