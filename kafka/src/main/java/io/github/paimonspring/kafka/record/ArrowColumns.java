package io.github.paimonspring.kafka.record;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

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
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Writes the Java values {@link JsonValues} reads into Arrow vectors of the canonical Arrow type of
 * their Paimon type ({@link io.github.paimonspring.arrow.ArrowTypes#toArrowField}). A DECIMAL is a
 * {@code BigDecimal} at the column's scale or its unscaled {@code Long}; a CHAR/VARCHAR a {@code String}
 * or its UTF-8 bytes.
 */
public final class ArrowColumns {

	private ArrowColumns() {
	}

	/**
	 * Writes one value.
	 * @param vector the vector, of the canonical Arrow type of {@code type}
	 * @param index the position
	 * @param value the value, or {@code null}
	 * @param type the Paimon type
	 */
	@SuppressWarnings("unchecked")
	public static void write(FieldVector vector, int index, @Nullable Object value, DataType type) {
		if (value == null) {
			setNull(vector, index);
			return;
		}
		switch (type.getTypeRoot()) {
			case BOOLEAN -> ((BitVector) vector).setSafe(index, ((Boolean) value) ? 1 : 0);
			case TINYINT -> ((TinyIntVector) vector).setSafe(index, (Byte) value);
			case SMALLINT -> ((SmallIntVector) vector).setSafe(index, (Short) value);
			case INTEGER -> ((IntVector) vector).setSafe(index, (Integer) value);
			case BIGINT -> ((BigIntVector) vector).setSafe(index, (Long) value);
			case FLOAT -> ((Float4Vector) vector).setSafe(index, (Float) value);
			case DOUBLE -> ((Float8Vector) vector).setSafe(index, (Double) value);
			case CHAR, VARCHAR -> ((VarCharVector) vector).setSafe(index, (value instanceof byte[] utf8) ? utf8
					: ((String) value).getBytes(StandardCharsets.UTF_8));
			case BINARY, VARBINARY -> ((VarBinaryVector) vector).setSafe(index, (byte[]) value);
			case DECIMAL -> {
				if (value instanceof Long unscaled) {
					((DecimalVector) vector).setSafe(index, unscaled);
				}
				else {
					((DecimalVector) vector).setSafe(index, (BigDecimal) value);
				}
			}
			case DATE -> ((DateDayVector) vector).setSafe(index, (Integer) value);
			case TIME_WITHOUT_TIME_ZONE -> ((TimeMilliVector) vector).setSafe(index, (Integer) value);
			case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
				((TimeStampVector) vector).setSafe(index, (Long) value);
			case ARRAY -> {
				ListVector list = (ListVector) vector;
				List<@Nullable Object> values = (List<@Nullable Object>) value;
				int start = list.startNewValue(index);
				FieldVector data = list.getDataVector();
				DataType element = ((ArrayType) type).getElementType();
				for (int i = 0; i < values.size(); i++) {
					write(data, start + i, values.get(i), element);
				}
				list.endValue(index, values.size());
			}
			case MAP -> {
				MapVector map = (MapVector) vector;
				Map<Object, @Nullable Object> values = (Map<Object, @Nullable Object>) value;
				int start = map.startNewValue(index);
				StructVector entries = (StructVector) map.getDataVector();
				FieldVector keys = (FieldVector) entries.getChildrenFromFields().get(0);
				FieldVector items = (FieldVector) entries.getChildrenFromFields().get(1);
				MapType mapType = (MapType) type;
				int i = 0;
				for (Map.Entry<Object, @Nullable Object> entry : values.entrySet()) {
					entries.setIndexDefined(start + i);
					write(keys, start + i, entry.getKey(), mapType.getKeyType());
					write(items, start + i, entry.getValue(), mapType.getValueType());
					i++;
				}
				map.endValue(index, values.size());
			}
			case ROW -> {
				StructVector struct = (StructVector) vector;
				@Nullable Object[] values = (@Nullable Object[]) value;
				struct.setIndexDefined(index);
				List<FieldVector> children = struct.getChildrenFromFields();
				RowType row = (RowType) type;
				for (int i = 0; i < values.length; i++) {
					write(children.get(i), index, values[i], row.getTypeAt(i));
				}
			}
			default -> throw new IllegalStateException("No Arrow writer for " + type);
		}
	}

	/**
	 * Allocates a vector for a number of values, with room for the bytes of the variable-width values
	 * given (strings as UTF-8 bytes or {@code String}s, binaries), so that writing them does not grow it.
	 * @param vector the vector
	 * @param count the number of values
	 * @param values the values of the variable-width column, by position
	 */
	public static void allocate(FieldVector vector, int count, IntFunction<@Nullable Object> values) {
		if (vector instanceof BaseVariableWidthVector variable) {
			long bytes = 0;
			for (int i = 0; i < count; i++) {
				Object value = values.apply(i);
				if (value instanceof byte[] array) {
					bytes += array.length;
				}
				else if (value instanceof String text) {
					bytes += text.length();
				}
			}
			variable.allocateNew(Math.max(bytes, 1), Math.max(count, 1));
		}
		else if (vector instanceof BaseFixedWidthVector fixed) {
			fixed.allocateNew(Math.max(count, 1));
		}
		else {
			vector.allocateNew();
		}
	}

	private static void setNull(FieldVector vector, int index) {
		if (vector instanceof BaseFixedWidthVector fixed) {
			fixed.setNull(index);
		}
		else if (vector instanceof BaseVariableWidthVector variable) {
			variable.setNull(index);
		}
		else if (vector instanceof ListVector list) {
			list.setNull(index);
		}
		else if (vector instanceof StructVector struct) {
			struct.setNull(index);
		}
		else {
			throw new IllegalStateException("Cannot write a null into " + vector.getField());
		}
	}

}
