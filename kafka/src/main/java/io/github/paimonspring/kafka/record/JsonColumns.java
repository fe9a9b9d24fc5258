package io.github.paimonspring.kafka.record;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.paimonspring.arrow.ArrowTypes;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.jspecify.annotations.Nullable;

/**
 * The rows of one partition's next append, written straight into Arrow vectors of the canonical Arrow
 * types of one table shape's columns (plus the row-kind column when a row is not an insert) as each
 * checked row comes: no boxed values, no second pass. Vectors are sized from the previous batch. Used by
 * one consumer thread; {@link #drain} hands the vectors over, {@link #close} releases them.
 */
public final class JsonColumns implements AutoCloseable {

	private static final int FIRST_CAPACITY = 1024;

	private static final int FIRST_BYTES_PER_VALUE = 32;

	private final TableShape shape;

	private final BufferAllocator allocator;

	private final List<Field> fields;

	private final DataType[] types;

	private final DataTypeRoot[] roots;

	private FieldVector @Nullable [] vectors;

	private byte[] kinds = new byte[0];

	private boolean updates;

	private int rows;

	private int capacity = FIRST_CAPACITY;

	private final long[] bytes;

	/**
	 * Creates the columns of a shape.
	 * @param shape the table's shape the rows follow
	 * @param allocator the memory of the vectors
	 */
	public JsonColumns(TableShape shape, BufferAllocator allocator) {
		this.shape = shape;
		this.allocator = allocator;
		this.fields = ArrowTypes.toArrowSchema(shape.rowType()).getFields();
		int count = shape.rowType().getFieldCount();
		this.types = new DataType[count];
		this.roots = new DataTypeRoot[count];
		this.bytes = new long[count];
		for (int i = 0; i < count; i++) {
			this.types[i] = shape.rowType().getTypeAt(i);
			this.roots[i] = this.types[i].getTypeRoot();
			this.bytes[i] = (long) FIRST_CAPACITY * FIRST_BYTES_PER_VALUE;
		}
	}

	/**
	 * Returns the shape the rows follow.
	 * @return the shape
	 */
	public TableShape shape() {
		return this.shape;
	}

	/**
	 * Returns the number of rows written.
	 * @return the rows
	 */
	public int rows() {
		return this.rows;
	}

	/**
	 * Writes a checked row after the others.
	 * @param row the row, of this shape
	 */
	public void append(RowValues row) {
		FieldVector[] columns = vectors();
		int at = this.rows;
		for (int i = 0; i < columns.length; i++) {
			write(columns[i], at, row, i);
		}
		if (at == this.kinds.length) {
			this.kinds = Arrays.copyOf(this.kinds, Math.max(FIRST_CAPACITY, at * 2));
		}
		this.kinds[at] = row.kind();
		this.updates |= row.kind() != 0;
		this.rows = at + 1;
	}

	private void write(FieldVector vector, int at, RowValues row, int column) {
		switch (row.slot(column)) {
			case RowValues.LONG -> writeLong(vector, at, row.longAt(column), this.roots[column]);
			case RowValues.DOUBLE -> {
				if (this.roots[column] == DataTypeRoot.FLOAT) {
					((Float4Vector) vector).setSafe(at, (float) row.doubleAt(column));
				}
				else {
					((Float8Vector) vector).setSafe(at, row.doubleAt(column));
				}
			}
			case RowValues.SLICE -> ((VarCharVector) vector).setSafe(at, row.source(column), row.offset(column),
					row.length(column));
			case RowValues.OBJECT -> ArrowColumns.write(vector, at, row.object(column), this.types[column]);
			default -> ArrowColumns.write(vector, at, null, this.types[column]);
		}
	}

	private static void writeLong(FieldVector vector, int at, long value, DataTypeRoot root) {
		switch (root) {
			case BOOLEAN -> ((BitVector) vector).setSafe(at, (int) value);
			case TINYINT -> ((TinyIntVector) vector).setSafe(at, (byte) value);
			case SMALLINT -> ((SmallIntVector) vector).setSafe(at, (short) value);
			case INTEGER -> ((IntVector) vector).setSafe(at, (int) value);
			case BIGINT -> ((BigIntVector) vector).setSafe(at, value);
			case DECIMAL -> ((DecimalVector) vector).setSafe(at, value);
			case DATE -> ((DateDayVector) vector).setSafe(at, (int) value);
			case TIME_WITHOUT_TIME_ZONE -> ((TimeMilliVector) vector).setSafe(at, (int) value);
			case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
				((TimeStampVector) vector).setSafe(at, value);
			default -> throw new IllegalStateException("No number writer for " + root);
		}
	}

	private FieldVector[] vectors() {
		FieldVector[] current = this.vectors;
		if (current != null) {
			return current;
		}
		FieldVector[] created = new FieldVector[this.fields.size()];
		try {
			for (int i = 0; i < created.length; i++) {
				FieldVector vector = this.fields.get(i).createVector(this.allocator);
				created[i] = vector;
				if (vector instanceof BaseVariableWidthVector variable) {
					variable.allocateNew(Math.max(this.bytes[i], 1), this.capacity);
				}
				else if (vector instanceof BaseFixedWidthVector fixed) {
					fixed.allocateNew(this.capacity);
				}
				else {
					vector.allocateNew();
				}
			}
		}
		catch (RuntimeException ex) {
			for (FieldVector vector : created) {
				if (vector != null) {
					vector.close();
				}
			}
			throw ex;
		}
		this.vectors = created;
		return created;
	}

	/**
	 * Hands the rows over as one batch (the receiver owns it) and starts the next batch empty.
	 * @return the batch, with the row-kind column when a row is not an insert
	 */
	public VectorSchemaRoot drain() {
		FieldVector[] columns = vectors();
		int count = this.rows;
		List<Field> batchFields = new ArrayList<>(this.fields);
		List<FieldVector> batchVectors = new ArrayList<>(Arrays.asList(columns));
		this.vectors = null;
		this.rows = 0;
		if (this.updates) {
			Field field = new Field(this.shape.rowKindColumn(), FieldType.notNullable(new ArrowType.Int(8, true)),
					null);
			TinyIntVector kindVector = (TinyIntVector) field.createVector(this.allocator);
			kindVector.allocateNew(Math.max(count, 1));
			for (int i = 0; i < count; i++) {
				kindVector.set(i, this.kinds[i]);
			}
			batchFields.add(field);
			batchVectors.add(kindVector);
			this.updates = false;
		}
		for (int i = 0; i < columns.length; i++) {
			if (columns[i] instanceof BaseVariableWidthVector variable) {
				this.bytes[i] = Math.max(variable.getStartOffset(count), 1);
			}
		}
		this.capacity = Math.max(count, 1);
		VectorSchemaRoot root = new VectorSchemaRoot(batchFields, batchVectors, 0);
		root.setRowCount(count);
		return root;
	}

	/** Releases the rows not handed over. */
	@Override
	public void close() {
		FieldVector[] columns = this.vectors;
		this.vectors = null;
		this.rows = 0;
		this.updates = false;
		if (columns != null) {
			for (FieldVector vector : columns) {
				vector.close();
			}
		}
	}

}
