package io.github.paimonspring.write.parquet;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Small Arrow batches written out value by value for tests: columns of Int32, Int64, Float64, Utf8,
 * Timestamp (any unit) and the Int8 row-kind column; {@code null} values are nulls.
 */
final class ArrowRows {

	private final List<Field> fields = new ArrayList<>();

	private ArrowRows() {
	}

	static ArrowRows columns() {
		return new ArrowRows();
	}

	ArrowRows column(String name, ArrowType type) {
		this.fields.add(new Field(name, FieldType.nullable(type), null));
		return this;
	}

	ArrowRows intColumn(String name) {
		return column(name, new ArrowType.Int(32, true));
	}

	ArrowRows stringColumn(String name) {
		return column(name, ArrowType.Utf8.INSTANCE);
	}

	/** The row-kind column ({@code _row_kind}, Int8 codes 0 to 3). */
	ArrowRows rowKinds() {
		return column("_row_kind", new ArrowType.Int(8, true));
	}

	/**
	 * Builds a batch; the caller closes it.
	 * @param allocator the allocator
	 * @param rows the rows, one value per column in column order
	 * @return the batch
	 */
	VectorSchemaRoot rows(BufferAllocator allocator, Object[]... rows) {
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(this.fields), allocator);
		root.allocateNew();
		for (int r = 0; r < rows.length; r++) {
			for (int c = 0; c < this.fields.size(); c++) {
				set(root.getVector(c), r, rows[r][c]);
			}
		}
		root.setRowCount(rows.length);
		return root;
	}

	private static void set(FieldVector vector, int row, Object value) {
		if (value == null) {
			if (vector instanceof BaseFixedWidthVector fixed) {
				fixed.setNull(row);
			}
			else {
				((VarCharVector) vector).setNull(row);
			}
			return;
		}
		if (vector instanceof IntVector ints) {
			ints.setSafe(row, ((Number) value).intValue());
		}
		else if (vector instanceof BigIntVector longs) {
			longs.setSafe(row, ((Number) value).longValue());
		}
		else if (vector instanceof TinyIntVector bytes) {
			bytes.setSafe(row, ((Number) value).byteValue());
		}
		else if (vector instanceof Float8Vector doubles) {
			doubles.setSafe(row, ((Number) value).doubleValue());
		}
		else if (vector instanceof TimeStampVector timestamps) {
			timestamps.setSafe(row, ((Number) value).longValue());
		}
		else if (vector instanceof VarCharVector strings) {
			strings.setSafe(row, value.toString().getBytes(StandardCharsets.UTF_8));
		}
		else {
			throw new IllegalArgumentException("No setter for " + vector.getField());
		}
	}

}
