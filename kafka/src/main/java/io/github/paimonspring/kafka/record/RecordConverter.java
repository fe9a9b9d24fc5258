package io.github.paimonspring.kafka.record;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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

	private final String pipeline;

	private final KafkaPipelineProperties settings;

	private final PaimonOperations paimon;

	private final BufferAllocator allocator;

	private TableShape shape;

	private RecordMetadata metadata;

	private final @Nullable String rowKindField;

	private final JsonRow jsonRow;

	private final RowValues row;

	private final JsonTexts texts = JsonObjects.texts();

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
		this.jsonRow = new JsonRow(this.shape);
		this.row = new RowValues(this.shape);
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
	 * @return its row (this converter's, valid until its next record) or batches, or {@code null} for a
	 * record that writes nothing (a skipped tombstone)
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
		RowValues values = this.row;
		values.reset(current);
		values.kind(RowKind.DELETE.toByteValue());
		applyKey(record, values, current);
		for (String key : current.primaryKeys()) {
			if (values.isNull(current.index(key))) {
				throw new BadRecordException(Reason.TOMBSTONE, "The record is a tombstone (a null value), but its key "
						+ "gives no value for primary-key column '" + key + "' of table '" + current.identifier()
						+ "' (see paimon.kafka.pipelines." + this.pipeline + ".columns.key and key-format)");
			}
		}
		checkNotNull(values, current);
		return new Converted(values, List.of());
	}

	private RowValues json(ConsumerRecord<byte[], byte[]> record, byte[] value) {
		JsonRow reader = this.jsonRow;
		reader.read(value, this.shape);
		if (reader.added != null) {
			reader.read(value, evolve(new Schema(reader.added))); // the new columns are known now: read again
		}
		TableShape current = reader.shape;
		RowValues values = this.row;
		applyKey(record, values, current);
		checkNotNull(values, current);
		return values;
	}

	/** A JSON value read into a row of a shape, field by field as the parser gives them. */
	private final class JsonRow implements JsonObjects.Fields {

		private TableShape shape;

		private DataType[] types = new DataType[0];

		private byte[] source = new byte[0];

		private @Nullable List<Field> added;

		/** The names of the last record's fields by position, and their columns: no map look-up per field. */
		private String[] names = new String[0];

		private int[] nameIndexes = new int[0];

		private int position;

		/** Per column, the stamp of the last record that had it: duplicate names without a set per record. */
		private int[] seen = new int[0];

		private int stamp;

		/** The names of the record's fields that are not columns, once it has one. */
		private @Nullable Set<String> others;

		JsonRow(TableShape shape) {
			this.shape = shape;
		}

		void read(byte[] value, TableShape current) {
			follow(current);
			this.source = value;
			begin();
			JsonObjects.read(RecordConverter.this.texts, value, "value", "", this, this::begin);
		}

		/** Starts the row over: nothing of the value read yet. */
		private void begin() {
			RecordConverter.this.row.reset(this.shape);
			this.position = 0;
			this.stamp++;
			if (this.stamp == 0) {
				Arrays.fill(this.seen, 0);
				this.stamp = 1;
			}
			this.others = null;
			this.added = null;
		}

		/** Takes the columns of a shape, as nullable types (NOT NULL is checked once the key is applied). */
		@SuppressWarnings("ReferenceEquality") // one object per loaded schema: no per-record comparison by value
		private void follow(TableShape current) {
			if (current != this.shape || this.types.length == 0) {
				List<DataField> fields = current.rowType().getFields();
				this.types = new DataType[fields.size()];
				this.seen = new int[fields.size()];
				this.names = new String[Math.min(fields.size() + 2, MAX_CACHED_NAMES)];
				this.nameIndexes = new int[this.names.length];
				for (int i = 0; i < this.types.length; i++) {
					this.types[i] = fields.get(i).type().copy(true);
				}
				this.shape = current;
			}
		}

		@Override
		public void field(String name, JsonParser parser) throws IOException {
			int index = index(name);
			if (index >= 0) {
				if (this.seen[index] == this.stamp) {
					throw JsonObjects.duplicate(parser, name);
				}
				this.seen[index] = this.stamp;
				JsonColumnReader.read(parser, this.types[index], name, this.source, RecordConverter.this.texts.base(),
						RecordConverter.this.row, index);
			}
			else {
				Set<String> others = this.others;
				if (others == null) {
					others = new HashSet<>();
					this.others = others;
				}
				if (!others.add(name)) {
					throw JsonObjects.duplicate(parser, name);
				}
			}
			String rowKindField = RecordConverter.this.rowKindField;
			if (rowKindField != null && rowKindField.equals(name)) {
				if (parser.currentToken() != JsonToken.VALUE_NULL) {
					RecordConverter.this.row.kind(JsonRowKinds.read(name, parser, this.shape));
				}
			}
			else if (index < 0) {
				unknown(name, parser);
			}
		}

		/**
		 * The column of a field: Jackson gives the same name instance each time, so the name at the same
		 * position as in the last record is checked by identity first.
		 */
		@SuppressWarnings("ReferenceEquality")
		private int index(String name) {
			int at = this.position++;
			if (at < this.names.length) {
				if (this.names[at] == name) {
					return this.nameIndexes[at];
				}
				int index = this.shape.index(name);
				this.names[at] = name;
				this.nameIndexes[at] = index;
				return index;
			}
			return this.shape.index(name);
		}

		/** A field the table does not have: ignored, a column to add, or a bad record. */
		private void unknown(String name, JsonParser parser) throws IOException {
			TableShape current = this.shape;
			if (RecordConverter.this.settings.isIgnoreUnknownFields()) {
				JsonObjects.skip(parser);
				return;
			}
			if (!current.policy().addsColumns()) {
				throw JsonValues.mismatch(name, null, "is not a column of table '" + current.identifier()
						+ "', whose schema evolution policy is " + current.policy()
						+ " (set paimon.tables.<name>.schema-evolution to add-columns to add it, or "
						+ "paimon.kafka.pipelines." + RecordConverter.this.pipeline
						+ ".ignore-unknown-fields=true to ignore such fields)");
			}
			JsonToken token = parser.currentToken();
			ArrowType type = inferred(token);
			if (type == null) {
				if (token == JsonToken.VALUE_NULL) {
					return; // no type to add it with yet
				}
				throw JsonValues.mismatch(name, null, "is not a column of table '" + current.identifier()
						+ "', and a JSON " + JsonObjects.describe(token)
						+ " gives no type to add it with (add the column to the table)");
			}
			List<Field> added = this.added;
			if (added == null) {
				added = new ArrayList<>();
				this.added = added;
			}
			added.add(new Field(name, FieldType.nullable(type), null));
		}

	}

	private static final int MAX_CACHED_NAMES = 256;

	private static @Nullable ArrowType inferred(JsonToken token) {
		return switch (token) {
			case VALUE_TRUE, VALUE_FALSE -> ArrowType.Bool.INSTANCE;
			case VALUE_NUMBER_INT -> new ArrowType.Int(64, true);
			case VALUE_NUMBER_FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
			case VALUE_STRING -> ArrowType.Utf8.INSTANCE;
			default -> null;
		};
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

	private void applyKey(ConsumerRecord<byte[], byte[]> record, RowValues values, TableShape current) {
		this.metadata.apply(record, values);
		byte[] key = record.key();
		if (this.settings.getKeyFormat() != KafkaPipelineProperties.KeyFormat.JSON || key == null) {
			return;
		}
		Set<String> names = new HashSet<>();
		JsonObjects.read(this.texts, key, "key", " (key-format is json)", (name, parser) -> {
			if (!names.add(name)) {
				throw JsonObjects.duplicate(parser, name);
			}
			int index = current.index(name);
			if (index < 0) {
				throw JsonValues.mismatch(name, null, "of the record key is not a column of table '"
						+ current.identifier() + "'");
			}
			JsonColumnReader.read(parser, current.rowType().getTypeAt(index).copy(true), name, key, this.texts.base(),
					values, index);
		}, names::clear);
	}

	private static void checkNotNull(RowValues values, TableShape current) {
		List<DataField> fields = current.rowType().getFields();
		for (int i = 0; i < fields.size(); i++) {
			if (values.isNull(i) && !fields.get(i).type().isNullable()) {
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
	 * A converted record: a row (JSON, the converter's, valid until its next record) or batches (Arrow,
	 * owned by the receiver).
	 *
	 * @param row the row, or {@code null}
	 * @param batches the batches
	 */
	public record Converted(@Nullable RowValues row, List<VectorSchemaRoot> batches) {
	}

}
