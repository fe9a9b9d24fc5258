package io.github.paimonspring.test;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.paimon.data.DataGetters;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeChecks;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Paimon's internal values as plain Java values: {@code String}, {@code BigDecimal},
 * {@code LocalDate}, {@code LocalTime}, {@code LocalDateTime} ({@code TIMESTAMP}), {@code Instant}
 * ({@code TIMESTAMP_LTZ}), {@code byte[]}, {@code List} ({@code ARRAY}), {@code Map} ({@code MAP},
 * and {@code ROW} by field name), boxed primitives otherwise. Paimon reuses rows while reading, so
 * every value is copied out.
 */
final class RowValues {

	private RowValues() {
	}

	/** The row's values by column name, in column order. */
	static Map<String, @Nullable Object> toMap(InternalRow row, RowType type) {
		Map<String, @Nullable Object> values = new LinkedHashMap<>();
		List<DataField> fields = type.getFields();
		for (int i = 0; i < fields.size(); i++) {
			values.put(fields.get(i).name(), value(row, i, fields.get(i).type()));
		}
		return values;
	}

	static @Nullable Object value(DataGetters getters, int pos, DataType type) {
		if (getters.isNullAt(pos)) {
			return null;
		}
		return switch (type.getTypeRoot()) {
			case BOOLEAN -> getters.getBoolean(pos);
			case TINYINT -> getters.getByte(pos);
			case SMALLINT -> getters.getShort(pos);
			case INTEGER -> getters.getInt(pos);
			case BIGINT -> getters.getLong(pos);
			case FLOAT -> getters.getFloat(pos);
			case DOUBLE -> getters.getDouble(pos);
			case CHAR, VARCHAR -> getters.getString(pos).toString();
			case BINARY, VARBINARY -> getters.getBinary(pos).clone();
			case DECIMAL -> getters
				.getDecimal(pos, DataTypeChecks.getPrecision(type), DataTypeChecks.getScale(type))
				.toBigDecimal();
			case DATE -> LocalDate.ofEpochDay(getters.getInt(pos));
			case TIME_WITHOUT_TIME_ZONE -> LocalTime.ofNanoOfDay(getters.getInt(pos) * 1_000_000L);
			case TIMESTAMP_WITHOUT_TIME_ZONE ->
				getters.getTimestamp(pos, DataTypeChecks.getPrecision(type)).toLocalDateTime();
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
				getters.getTimestamp(pos, DataTypeChecks.getPrecision(type)).toInstant();
			case ARRAY -> list(getters.getArray(pos), ((ArrayType) type).getElementType());
			case MAP -> map(getters.getMap(pos), (MapType) type);
			case ROW -> toMap(getters.getRow(pos, ((RowType) type).getFieldCount()), (RowType) type);
			default -> throw new IllegalArgumentException(
					"Cannot read a value of Paimon type " + type.asSQLString() + " as a Java value");
		};
	}

	private static List<@Nullable Object> list(InternalArray array, DataType elementType) {
		List<@Nullable Object> values = new ArrayList<>(array.size());
		for (int i = 0; i < array.size(); i++) {
			values.add(value(array, i, elementType));
		}
		return values;
	}

	private static Map<Object, @Nullable Object> map(InternalMap map, MapType type) {
		InternalArray keys = map.keyArray();
		InternalArray values = map.valueArray();
		Map<Object, @Nullable Object> result = new LinkedHashMap<>();
		for (int i = 0; i < map.size(); i++) {
			Object key = value(keys, i, type.getKeyType());
			if (key != null) {
				result.put(key, value(values, i, type.getValueType()));
			}
		}
		return result;
	}

}
