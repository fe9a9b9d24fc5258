package io.github.paimonspring.arrow;

import java.util.List;
import java.util.Objects;

import io.github.paimonspring.arrow.vector.NullColumnVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowKind;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Exposes Arrow record batches to Paimon as {@link VectorizedColumnBatch}es whose column vectors
 * read the Arrow buffers in place, after checking the Arrow schema and the table's
 * {@code NOT NULL} constraints. Instances are thread-safe; the batches they return are not.
 *
 * <p>Columns are matched by name (case-sensitive, in any order). A batch may omit nullable columns,
 * which read as null; it may carry a row-kind column (by default {@value #ROW_KIND_COLUMN}, not a
 * table column) whose values — Paimon's short strings {@code +I}, {@code -U}, {@code +U}, {@code -D}
 * or their Int8 codes 0 to 3 — give each row's kind ({@link #rowKinds}); it is not stored.
 *
 * <p>Accepted Arrow types per Paimon type (widening only): BOOLEAN from Bool; TINYINT, SMALLINT,
 * INT, BIGINT from any signed Int no wider; FLOAT from Float32; DOUBLE from Float32 or Float64;
 * DECIMAL from Decimal128 of any precision and scale; CHAR, VARCHAR, STRING from Utf8, LargeUtf8,
 * Utf8View or a dictionary of those; BINARY, VARBINARY from Binary, LargeBinary, BinaryView or
 * FixedSizeBinary; DATE from Date; TIME from Time32 or Time64; TIMESTAMP from Timestamp without
 * time zone and TIMESTAMP_LTZ from Timestamp with a time zone, any unit; ARRAY from List or
 * LargeList; MAP from Map; ROW from Struct with children matched by name. Timestamps keep the
 * nanoseconds of their Arrow unit whatever the precision; {@link #convert} refuses a timestamp, time or
 * date whose value overflows once scaled (such as milliseconds beyond the microseconds a
 * {@code TIMESTAMP(6)} stores). Decimal values that do not fit the column's precision and scale are
 * reported when the row is read, not by {@link #convert}.
 *
 * @since 0.1.0
 */
public final class ArrowBatchConverter {

	/** The default name of the row-kind column. */
	public static final String ROW_KIND_COLUMN = "_row_kind";

	private final String table;

	private final RowType rowType;

	private final ArrowSchemaValidator validator;

	private final ArrowColumnVectors columnVectors;

	private final @Nullable NotNullCheck[] notNullChecks;

	private final @Nullable ScaledValueCheck[] scaledValueChecks;

	private final ArrowBufferValidator bufferValidator;

	private final @Nullable String rowKindColumn;

	private volatile @Nullable Validated validated;

	private record Validated(Schema schema, ArrowSchemaValidator.ColumnMapping mapping) {
	}

	/**
	 * Creates a converter for one table.
	 * @param table the table identifier used in messages, such as {@code db.orders}
	 * @param rowType the table's row type
	 */
	public ArrowBatchConverter(String table, RowType rowType) {
		this(table, rowType, ROW_KIND_COLUMN);
	}

	/**
	 * Creates a converter for one table with a row-kind column of a given name.
	 * @param table the table identifier used in messages, such as {@code db.orders}
	 * @param rowType the table's row type
	 * @param rowKindColumn the name of the row-kind column, or {@code null} for none
	 */
	public ArrowBatchConverter(String table, RowType rowType, @Nullable String rowKindColumn) {
		this.rowKindColumn = rowKindColumn;
		this.table = Objects.requireNonNull(table, "table must not be null");
		this.rowType = Objects.requireNonNull(rowType, "rowType must not be null");
		this.validator = new ArrowSchemaValidator(table, rowType);
		this.bufferValidator = new ArrowBufferValidator(table);
		this.columnVectors = new ArrowColumnVectors(table, this.validator, this.bufferValidator);
		List<DataField> fields = rowType.getFields();
		this.notNullChecks = new NotNullCheck[fields.size()];
		this.scaledValueChecks = new ScaledValueCheck[fields.size()];
		for (int i = 0; i < fields.size(); i++) {
			this.notNullChecks[i] = NotNullCheck.of(fields.get(i).name(), fields.get(i).type());
			this.scaledValueChecks[i] = ScaledValueCheck.of(fields.get(i).name(), fields.get(i).type());
		}
	}

	/**
	 * Checks that an Arrow schema matches the table: every field is a table column of the same name
	 * (case-sensitive, any order) with a compatible type, recursively, or the row-kind column; omitted
	 * columns are nullable. Arrow nullability flags are ignored; nulls are checked per batch by
	 * {@link #convert}.
	 * @param schema the Arrow schema
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null} if there
	 * are none
	 * @throws ArrowDataException naming the table and column on the first mismatch
	 */
	public void validateSchema(Schema schema, @Nullable DictionaryProvider dictionaries) {
		mapping(schema, dictionaries);
	}

	@SuppressWarnings("ReferenceEquality") // identity first: a writer sends the same Schema batch after batch
	private ArrowSchemaValidator.ColumnMapping mapping(Schema schema, @Nullable DictionaryProvider dictionaries) {
		Validated known = this.validated;
		if (known != null && (known.schema() == schema || known.schema().equals(schema))) {
			return known.mapping();
		}
		ArrowSchemaValidator.ColumnMapping mapping = this.validator.validate(schema, dictionaries, this.rowKindColumn);
		this.validated = new Validated(schema, mapping);
		return mapping;
	}

	/**
	 * Validates the root (the schema only once per distinct schema), the table's {@code NOT NULL}
	 * constraints and that every timestamp, time and date fits the number Paimon stores for it once
	 * scaled from its Arrow unit ({@link ScaledValueCheck}), then returns a batch whose column vectors read the Arrow
	 * buffers directly. The caller keeps ownership of the Arrow data; the batch is valid only
	 * while the root and its dictionaries stay unchanged.
	 * @param root the Arrow data
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null} if there
	 * are none
	 * @return the batch, with its row count set
	 * @throws ArrowDataException if the schema does not match, a dictionary is missing, a
	 * {@code NOT NULL} column contains nulls or a scaled value overflows (naming column and row)
	 * @throws ArrowFormatException naming the column if a vector's buffers are inconsistent with
	 * its value count (offsets out of range or decreasing, buffers too short); no value has been
	 * read through them
	 */
	public VectorizedColumnBatch convert(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
		ArrowValidationEvent event = new ArrowValidationEvent();
		event.begin();
		VectorizedColumnBatch batch = check(root, dictionaries);
		event.commit(this.table, root.getRowCount());
		return batch;
	}

	private VectorizedColumnBatch check(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
		ArrowSchemaValidator.ColumnMapping mapping = mapping(root.getSchema(), dictionaries);
		List<DataField> fields = this.rowType.getFields();
		List<FieldVector> vectors = root.getFieldVectors();
		int numRows = root.getRowCount();
		for (int i = 0; i < fields.size(); i++) {
			if (mapping.fields()[i] >= 0) {
				this.bufferValidator.validate(fields.get(i).name(), vectors.get(mapping.fields()[i]), numRows);
			}
		}
		String rowKindColumn = this.rowKindColumn;
		if (rowKindColumn != null && mapping.rowKind() >= 0) {
			this.bufferValidator.validate(rowKindColumn, vectors.get(mapping.rowKind()), numRows);
		}
		VectorizedColumnBatch batch = reconvert(root, dictionaries);
		for (int i = 0; i < this.notNullChecks.length; i++) {
			if (this.notNullChecks[i] != null) {
				this.notNullChecks[i].check(this.table, batch.columns[i], numRows);
			}
			if (this.scaledValueChecks[i] != null) {
				this.scaledValueChecks[i].check(this.table, batch.columns[i], numRows);
			}
		}
		return batch;
	}

	/**
	 * Returns another batch over a root that {@link #convert} has accepted and that has not changed
	 * since, without checking it again (for example, one batch per parallel writer).
	 * @param root the Arrow data, already accepted by {@link #convert}
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null}
	 * @return the batch, with its row count set
	 */
	public VectorizedColumnBatch reconvert(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
		ArrowSchemaValidator.ColumnMapping mapping = mapping(root.getSchema(), dictionaries);
		List<DataField> fields = this.rowType.getFields();
		List<FieldVector> vectors = root.getFieldVectors();
		ColumnVector[] columns = new ColumnVector[fields.size()];
		for (int i = 0; i < columns.length; i++) {
			DataField field = fields.get(i);
			int index = mapping.fields()[i];
			columns[i] = (index < 0) ? NullColumnVector.INSTANCE
					: this.columnVectors.create(field.name(), field.type(), vectors.get(index), dictionaries);
		}
		VectorizedColumnBatch batch = new VectorizedColumnBatch(columns);
		batch.setNumRows(root.getRowCount());
		new ArrowConversionEvent().commit(this.table, root.getRowCount());
		return batch;
	}

	/**
	 * Reads the row kinds of a root that {@link #convert} has accepted: one byte per row, Paimon's
	 * {@link RowKind#toByteValue() byte value}, or {@code null} when the batch has no row-kind column
	 * (every row is an insert).
	 * @param root the Arrow data
	 * @return the row kinds, or {@code null}
	 * @throws ArrowDataException naming the row and the value if a kind is null or unknown
	 */
	public byte @Nullable [] rowKinds(VectorSchemaRoot root) {
		ArrowSchemaValidator.ColumnMapping mapping = mapping(root.getSchema(), null);
		if (mapping.rowKind() < 0) {
			return null;
		}
		FieldVector vector = root.getFieldVectors().get(mapping.rowKind());
		int rows = root.getRowCount();
		byte[] kinds = new byte[rows];
		for (int i = 0; i < rows; i++) {
			kinds[i] = rowKind(vector, i);
		}
		return kinds;
	}

	private byte rowKind(FieldVector vector, int row) {
		Object value = vector.getObject(row);
		if (value == null) {
			throw new ArrowDataException(this.table, this.rowKindColumn, null, null, row,
					"Row " + row + " of the batch for "
					+ "table '" + this.table + "' has no row kind: column '" + this.rowKindColumn + "' is null");
		}
		if (value instanceof Number code) {
			if (code.intValue() >= 0 && code.intValue() <= 3) {
				return code.byteValue();
			}
		}
		else {
			for (RowKind kind : RowKind.values()) {
				if (kind.shortString().equals(value.toString())) {
					return kind.toByteValue();
				}
			}
		}
		String shown = (value instanceof Number) ? value.toString() : "'" + value + "'";
		throw new ArrowDataException(this.table, this.rowKindColumn, null, null, row,
				"Row " + row + " of the batch for "
				+ "table '" + this.table + "' has the unknown row kind " + shown + " in column '" + this.rowKindColumn
				+ "' (expected '+I', '-U', '+U', '-D' or 0 to 3)");
	}

	/**
	 * Returns the name of the row-kind column.
	 * @return the name, or {@code null} if row kinds are not read from the data
	 */
	public @Nullable String getRowKindColumn() {
		return this.rowKindColumn;
	}

	/**
	 * Returns the table this converter writes to.
	 * @return the table identifier used in messages
	 */
	public String getTable() {
		return this.table;
	}

	/**
	 * Returns the table's row type.
	 * @return the row type
	 */
	public RowType getRowType() {
		return this.rowType;
	}

}
