package io.github.paimonspring.write.parity;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.write.parity.ParityCase.Row;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Builds the Arrow batch of generated rows: one vector per column of the case, of the column's Arrow
 * type, and the {@code _row_kind} column when the case sends row kinds.
 */
final class ParityBatch {

	private ParityBatch() {
	}

	/**
	 * Returns a batch of the rows; the caller closes it.
	 * @param allocator the allocator
	 * @param parityCase the case whose columns the rows have
	 * @param rows the rows
	 * @return the batch
	 */
	static VectorSchemaRoot of(BufferAllocator allocator, ParityCase parityCase, List<Row> rows) {
		List<Field> fields = new ArrayList<>();
		for (ParityColumn column : parityCase.columns()) {
			fields.add(new Field(column.name(), new FieldType(column.type().isNullable(), column.arrow(), null), null));
		}
		if (parityCase.kindColumn()) {
			fields.add(new Field(ArrowBatchConverter.ROW_KIND_COLUMN, FieldType.notNullable(ArrowType.Utf8.INSTANCE),
					null));
		}
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
		try {
			root.allocateNew();
			for (int c = 0; c < parityCase.columns().size(); c++) {
				FieldVector vector = root.getVector(c);
				for (int r = 0; r < rows.size(); r++) {
					set(vector, r, rows.get(r).values().get(c));
				}
				vector.setValueCount(rows.size());
			}
			if (parityCase.kindColumn()) {
				VarCharVector kinds = (VarCharVector) root.getVector(ArrowBatchConverter.ROW_KIND_COLUMN);
				for (int r = 0; r < rows.size(); r++) {
					kinds.setSafe(r, rows.get(r).kind().shortString().getBytes(StandardCharsets.UTF_8));
				}
				kinds.setValueCount(rows.size());
			}
			root.setRowCount(rows.size());
			return root;
		}
		catch (RuntimeException ex) {
			root.close();
			throw ex;
		}
	}

	private static void set(FieldVector vector, int index, @Nullable Object value) {
		if (value == null) {
			vector.setNull(index);
		}
		else if (vector instanceof BitVector v) {
			v.setSafe(index, ((Boolean) value) ? 1 : 0);
		}
		else if (vector instanceof BaseIntVector v) {
			v.setWithPossibleTruncate(index, ((Number) value).longValue());
		}
		else if (vector instanceof Float4Vector v) {
			v.setSafe(index, (Float) value);
		}
		else if (vector instanceof Float8Vector v) {
			v.setSafe(index, (Double) value);
		}
		else if (vector instanceof DecimalVector v) {
			v.setSafe(index, (BigDecimal) value);
		}
		else if (vector instanceof DateDayVector v) {
			v.setSafe(index, (Integer) value);
		}
		else if (vector instanceof DateMilliVector v) {
			v.setSafe(index, (Long) value);
		}
		else if (vector instanceof TimeSecVector v) {
			v.setSafe(index, (Integer) value);
		}
		else if (vector instanceof TimeMilliVector v) {
			v.setSafe(index, (Integer) value);
		}
		else if (vector instanceof TimeMicroVector v) {
			v.setSafe(index, (Long) value);
		}
		else if (vector instanceof TimeStampVector v) {
			v.setSafe(index, (Long) value);
		}
		else {
			setBytes(vector, index, value);
		}
	}

	private static void setBytes(FieldVector vector, int index, Object value) {
		byte[] bytes = (value instanceof String text) ? text.getBytes(StandardCharsets.UTF_8) : ((Bin) value).bytes();
		if (vector instanceof VarCharVector v) {
			v.setSafe(index, bytes);
		}
		else if (vector instanceof LargeVarCharVector v) {
			v.setSafe(index, bytes);
		}
		else if (vector instanceof ViewVarCharVector v) {
			v.setSafe(index, bytes);
		}
		else if (vector instanceof VarBinaryVector v) {
			v.setSafe(index, bytes);
		}
		else if (vector instanceof LargeVarBinaryVector v) {
			v.setSafe(index, bytes);
		}
		else if (vector instanceof ViewVarBinaryVector v) {
			v.setSafe(index, bytes);
		}
		else if (vector instanceof FixedSizeBinaryVector v) {
			v.setSafe(index, bytes);
		}
		else {
			throw new IllegalArgumentException("No values for " + vector.getClass().getSimpleName());
		}
	}

}
