package io.github.paimonspring.arrow;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Builds Arrow test data: fields, roots and column values given as plain Java values (strings,
 * numbers, byte arrays, lists, maps, and maps by child name for structs; {@code null} for null).
 */
final class ArrowTestData {

	private ArrowTestData() {
	}

	static Field field(String name, ArrowType type, Field... children) {
		return new Field(name, FieldType.nullable(type), List.of(children));
	}

	static Field listOf(String name, Field element) {
		return field(name, ArrowType.List.INSTANCE, element);
	}

	static Field mapOf(String name, Field key, Field value) {
		Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(key, value));
		return field(name, new ArrowType.Map(false), entries);
	}

	static ArrowType.Int int32() {
		return new ArrowType.Int(32, true);
	}

	static VectorSchemaRoot root(BufferAllocator allocator, Field... fields) {
		return VectorSchemaRoot.create(new Schema(List.of(fields)), allocator);
	}

	/** Sets a whole column and the root's row count. */
	static void column(VectorSchemaRoot root, String name, Object... values) {
		fill(root.getVector(name), values);
		root.setRowCount(values.length);
	}

	/** Sets all values of a vector and its value count. */
	static void fill(FieldVector vector, Object... values) {
		for (int i = 0; i < values.length; i++) {
			set(vector, i, values[i]);
		}
		vector.setValueCount(values.length);
	}

	static List<Object> values(Object... values) {
		List<Object> list = new ArrayList<>();
		for (Object value : values) {
			list.add(value);
		}
		return list;
	}

	/** A struct value: child names and values, in pairs; values may be null. */
	static Map<String, Object> struct(Object... namesAndValues) {
		Map<String, Object> struct = new LinkedHashMap<>();
		for (int i = 0; i < namesAndValues.length; i += 2) {
			struct.put((String) namesAndValues[i], namesAndValues[i + 1]);
		}
		return struct;
	}

	/** A map value: keys and values, in pairs; values may be null. */
	static Map<Object, Object> map(Object... keysAndValues) {
		Map<Object, Object> map = new LinkedHashMap<>();
		for (int i = 0; i < keysAndValues.length; i += 2) {
			map.put(keysAndValues[i], keysAndValues[i + 1]);
		}
		return map;
	}

	static byte[] utf8(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	@SuppressWarnings("unchecked")
	static void set(FieldVector vector, int index, Object value) {
		if (value == null) {
			setNull(vector, index);
		}
		else if (vector instanceof BitVector v) {
			v.setSafe(index, ((Boolean) value) ? 1 : 0);
		}
		else if (vector instanceof TinyIntVector v) {
			v.setSafe(index, ((Number) value).byteValue());
		}
		else if (vector instanceof SmallIntVector v) {
			v.setSafe(index, ((Number) value).shortValue());
		}
		else if (vector instanceof IntVector v) {
			v.setSafe(index, ((Number) value).intValue());
		}
		else if (vector instanceof UInt4Vector v) {
			v.setSafe(index, ((Number) value).intValue());
		}
		else if (vector instanceof BigIntVector v) {
			v.setSafe(index, ((Number) value).longValue());
		}
		else if (vector instanceof Float4Vector v) {
			v.setSafe(index, ((Number) value).floatValue());
		}
		else if (vector instanceof Float8Vector v) {
			v.setSafe(index, ((Number) value).doubleValue());
		}
		else if (vector instanceof DecimalVector v) {
			v.setSafe(index, (BigDecimal) value);
		}
		else if (vector instanceof DateDayVector v) {
			v.setSafe(index, ((Number) value).intValue());
		}
		else if (vector instanceof DateMilliVector v) {
			v.setSafe(index, ((Number) value).longValue());
		}
		else if (vector instanceof TimeSecVector v) {
			v.setSafe(index, ((Number) value).intValue());
		}
		else if (vector instanceof TimeMilliVector v) {
			v.setSafe(index, ((Number) value).intValue());
		}
		else if (vector instanceof TimeMicroVector v) {
			v.setSafe(index, ((Number) value).longValue());
		}
		else if (vector instanceof TimeNanoVector v) {
			v.setSafe(index, ((Number) value).longValue());
		}
		else if (vector instanceof TimeStampVector v) {
			v.setSafe(index, ((Number) value).longValue());
		}
		else if (vector instanceof VarCharVector v) {
			v.setSafe(index, utf8((String) value));
		}
		else if (vector instanceof LargeVarCharVector v) {
			v.setSafe(index, utf8((String) value));
		}
		else if (vector instanceof ViewVarCharVector v) {
			v.setSafe(index, utf8((String) value));
		}
		else if (vector instanceof VarBinaryVector v) {
			v.setSafe(index, (byte[]) value);
		}
		else if (vector instanceof LargeVarBinaryVector v) {
			v.setSafe(index, (byte[]) value);
		}
		else if (vector instanceof ViewVarBinaryVector v) {
			v.setSafe(index, (byte[]) value);
		}
		else if (vector instanceof FixedSizeBinaryVector v) {
			v.setSafe(index, (byte[]) value);
		}
		else if (vector instanceof MapVector v) {
			Map<Object, Object> map = (Map<Object, Object>) value;
			StructVector entries = (StructVector) v.getDataVector();
			FieldVector keys = entries.getChildrenFromFields().get(0);
			FieldVector values = entries.getChildrenFromFields().get(1);
			int start = v.startNewValue(index);
			int j = start;
			for (Map.Entry<Object, Object> entry : map.entrySet()) {
				entries.setIndexDefined(j);
				set(keys, j, entry.getKey());
				set(values, j, entry.getValue());
				j++;
			}
			v.endValue(index, map.size());
			entries.setValueCount(j);
		}
		else if (vector instanceof ListVector v) {
			List<Object> list = (List<Object>) value;
			int start = v.startNewValue(index);
			for (int j = 0; j < list.size(); j++) {
				set(v.getDataVector(), start + j, list.get(j));
			}
			v.endValue(index, list.size());
			v.getDataVector().setValueCount(start + list.size());
		}
		else if (vector instanceof LargeListVector v) {
			List<Object> list = (List<Object>) value;
			long start = v.startNewValue(index);
			for (int j = 0; j < list.size(); j++) {
				set(v.getDataVector(), (int) start + j, list.get(j));
			}
			v.endValue(index, list.size());
			v.getDataVector().setValueCount((int) start + list.size());
		}
		else if (vector instanceof StructVector v) {
			Map<String, Object> fields = (Map<String, Object>) value;
			v.setIndexDefined(index);
			for (FieldVector child : v.getChildrenFromFields()) {
				set(child, index, fields.get(child.getName()));
			}
		}
		else {
			throw new IllegalArgumentException("No test setter for " + vector.getClass().getSimpleName());
		}
	}

	private static void setNull(FieldVector vector, int index) {
		if (vector instanceof BaseFixedWidthVector v) {
			v.setNull(index);
		}
		else if (vector instanceof BaseVariableWidthVector v) {
			v.setNull(index);
		}
		else if (vector instanceof BaseLargeVariableWidthVector v) {
			v.setNull(index);
		}
		else if (vector instanceof BaseVariableWidthViewVector v) {
			v.setNull(index);
		}
		else if (vector instanceof ListVector v) {
			v.setNull(index);
		}
		else if (vector instanceof LargeListVector v) {
			v.setNull(index);
		}
		else if (vector instanceof StructVector v) {
			v.setNull(index);
		}
		else {
			throw new IllegalArgumentException("No test null setter for " + vector.getClass().getSimpleName());
		}
	}

}
