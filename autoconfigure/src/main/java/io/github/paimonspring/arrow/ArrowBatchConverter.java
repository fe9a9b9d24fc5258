package io.github.paimonspring.arrow;

import java.util.List;
import java.util.Objects;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Exposes Arrow record batches to Paimon as {@link VectorizedColumnBatch}es whose column vectors
 * read the Arrow buffers in place, after checking the Arrow schema and the table's
 * {@code NOT NULL} constraints. Instances are thread-safe; the batches they return are not.
 *
 * <p>Accepted Arrow types per Paimon type (widening only): BOOLEAN from Bool; TINYINT, SMALLINT,
 * INT, BIGINT from any signed Int no wider; FLOAT from Float32; DOUBLE from Float32 or Float64;
 * DECIMAL from Decimal128 of any precision and scale; CHAR, VARCHAR, STRING from Utf8, LargeUtf8,
 * Utf8View or a dictionary of those; BINARY, VARBINARY from Binary, LargeBinary, BinaryView or
 * FixedSizeBinary; DATE from Date; TIME from Time32 or Time64; TIMESTAMP from Timestamp without
 * time zone and TIMESTAMP_LTZ from Timestamp with a time zone, any unit; ARRAY from List or
 * LargeList; MAP from Map; ROW from Struct with children matched by name. Decimal values that do
 * not fit the column's precision and scale are reported when the row is read, not by
 * {@link #convert}.
 */
public final class ArrowBatchConverter {

	private final String table;

	private final RowType rowType;

	private final ArrowSchemaValidator validator;

	private final ArrowColumnVectors columnVectors;

	private final @Nullable NotNullCheck[] notNullChecks;

	private final ArrowBufferValidator bufferValidator;

	private volatile Schema validatedSchema;

	/**
	 * Creates a converter for one table.
	 * @param table the table identifier used in messages, such as {@code db.orders}
	 * @param rowType the table's row type
	 */
	public ArrowBatchConverter(String table, RowType rowType) {
		this.table = Objects.requireNonNull(table, "table must not be null");
		this.rowType = Objects.requireNonNull(rowType, "rowType must not be null");
		this.validator = new ArrowSchemaValidator(table, rowType);
		this.bufferValidator = new ArrowBufferValidator(table);
		this.columnVectors = new ArrowColumnVectors(table, this.validator, this.bufferValidator);
		List<DataField> fields = rowType.getFields();
		this.notNullChecks = new NotNullCheck[fields.size()];
		for (int i = 0; i < fields.size(); i++) {
			this.notNullChecks[i] = NotNullCheck.of(fields.get(i).name(), fields.get(i).type());
		}
	}

	/**
	 * Checks that an Arrow schema matches the table: same column count, same names in the same
	 * order (case-sensitive) and compatible types, recursively. Arrow nullability flags are
	 * ignored; nulls are checked per batch by {@link #convert}.
	 * @param schema the Arrow schema
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null} if there
	 * are none
	 * @throws ArrowDataException naming the table and column on the first mismatch
	 */
	public void validateSchema(Schema schema, @Nullable DictionaryProvider dictionaries) {
		this.validator.validate(schema, dictionaries);
	}

	/**
	 * Validates the root (the schema only once per distinct schema) and the table's
	 * {@code NOT NULL} constraints, then returns a batch whose column vectors read the Arrow
	 * buffers directly. The caller keeps ownership of the Arrow data; the batch is valid only
	 * while the root and its dictionaries stay unchanged.
	 * @param root the Arrow data
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null} if there
	 * are none
	 * @return the batch, with its row count set
	 * @throws ArrowDataException if the schema does not match, a dictionary is missing or a
	 * {@code NOT NULL} column contains nulls
	 * @throws ArrowFormatException naming the column if a vector's buffers are inconsistent with
	 * its value count (offsets out of range or decreasing, buffers too short); no value has been
	 * read through them
	 */
	public VectorizedColumnBatch convert(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
		Schema schema = root.getSchema();
		Schema validated = this.validatedSchema;
		if (validated != schema && !schema.equals(validated)) {
			validateSchema(schema, dictionaries);
			this.validatedSchema = schema;
		}
		List<DataField> fields = this.rowType.getFields();
		List<FieldVector> vectors = root.getFieldVectors();
		int numRows = root.getRowCount();
		for (int i = 0; i < fields.size(); i++) {
			this.bufferValidator.validate(fields.get(i).name(), vectors.get(i), numRows);
		}
		VectorizedColumnBatch batch = reconvert(root, dictionaries);
		for (int i = 0; i < this.notNullChecks.length; i++) {
			if (this.notNullChecks[i] != null) {
				this.notNullChecks[i].check(this.table, batch.columns[i], numRows);
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
		List<DataField> fields = this.rowType.getFields();
		List<FieldVector> vectors = root.getFieldVectors();
		ColumnVector[] columns = new ColumnVector[fields.size()];
		for (int i = 0; i < columns.length; i++) {
			DataField field = fields.get(i);
			columns[i] = this.columnVectors.create(field.name(), field.type(), vectors.get(i), dictionaries);
		}
		VectorizedColumnBatch batch = new VectorizedColumnBatch(columns);
		batch.setNumRows(root.getRowCount());
		return batch;
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
