package io.github.paimonspring.arrow;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.types.TimestampType;

/**
 * The canonical mapping from Paimon types to Arrow types, and short readable names of Arrow
 * types for messages. A schema produced here always passes
 * {@link ArrowBatchConverter#validateSchema} for the row type it was made from.
 *
 * @since 0.1.0
 */
public final class ArrowTypes {

	/** Name of the child field of an Arrow list produced by {@link #toArrowField}. */
	static final String LIST_ELEMENT_NAME = "element";

	/** Name of the entries struct of an Arrow map produced by {@link #toArrowField}. */
	static final String MAP_ENTRIES_NAME = "entries";

	/** Name of the key field inside the entries struct of an Arrow map. */
	static final String MAP_KEY_NAME = "key";

	/** Name of the value field inside the entries struct of an Arrow map. */
	static final String MAP_VALUE_NAME = "value";

	private ArrowTypes() {
	}

	/**
	 * Returns the Paimon type a new column gets from an Arrow field: the narrowest type the converter accepts the
	 * field for (the type a column added by schema evolution gets); nullable, strings and binaries as
	 * {@code STRING} and {@code BYTES}.
	 * @param table the table identifier used in messages
	 * @param field the Arrow field (not dictionary-encoded)
	 * @return the Paimon type
	 * @throws ArrowDataException naming the table and column if the Arrow type has no Paimon type the adapter
	 * writes
	 * @since 0.1.0
	 */
	public static DataType toPaimonType(String table, Field field) {
		return ArrowPaimonTypes.toPaimonType(table, field, null);
	}

	/**
	 * Returns the Arrow schema matching the given Paimon row type, one top-level field per
	 * column in table order.
	 * @param rowType the table's row type
	 * @return the Arrow schema
	 * @throws ArrowDataException if a column has a type the Arrow adapter does not support
	 */
	public static Schema toArrowSchema(RowType rowType) {
		List<Field> fields = new ArrayList<>(rowType.getFieldCount());
		for (DataField field : rowType.getFields()) {
			fields.add(toArrowField(field.name(), field.type()));
		}
		return new Schema(fields);
	}

	/**
	 * Returns the Arrow field for a Paimon column or nested field; its nullability is the Paimon
	 * type's nullability.
	 * @param name the field name
	 * @param type the Paimon type
	 * @return the Arrow field, with children for ARRAY, MAP and ROW
	 * @throws ArrowDataException if the type is not supported by the Arrow adapter
	 */
	public static Field toArrowField(String name, DataType type) {
		boolean nullable = type.isNullable();
		switch (type.getTypeRoot()) {
			case ARRAY: {
				Field element = toArrowField(LIST_ELEMENT_NAME, ((ArrayType) type).getElementType());
				return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null),
						Collections.singletonList(element));
			}
			case MAP: {
				MapType mapType = (MapType) type;
				Field key = toArrowField(MAP_KEY_NAME, mapType.getKeyType().copy(false));
				Field value = toArrowField(MAP_VALUE_NAME, mapType.getValueType());
				Field entries = new Field(MAP_ENTRIES_NAME, FieldType.notNullable(ArrowType.Struct.INSTANCE),
						List.of(key, value));
				return new Field(name, new FieldType(nullable, new ArrowType.Map(false), null),
						Collections.singletonList(entries));
			}
			case ROW: {
				List<Field> children = new ArrayList<>();
				for (DataField child : ((RowType) type).getFields()) {
					children.add(toArrowField(child.name(), child.type()));
				}
				return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
			}
			default:
				return new Field(name, new FieldType(nullable, toArrowPrimitive(name, type), null),
						Collections.emptyList());
		}
	}

	private static ArrowType toArrowPrimitive(String name, DataType type) {
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				return ArrowType.Bool.INSTANCE;
			case TINYINT:
				return new ArrowType.Int(8, true);
			case SMALLINT:
				return new ArrowType.Int(16, true);
			case INTEGER:
				return new ArrowType.Int(32, true);
			case BIGINT:
				return new ArrowType.Int(64, true);
			case FLOAT:
				return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
			case DOUBLE:
				return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
			case CHAR:
			case VARCHAR:
				return ArrowType.Utf8.INSTANCE;
			case BINARY:
			case VARBINARY:
				return ArrowType.Binary.INSTANCE;
			case DECIMAL: {
				DecimalType decimal = (DecimalType) type;
				return new ArrowType.Decimal(decimal.getPrecision(), decimal.getScale(), 128);
			}
			case DATE:
				return new ArrowType.Date(DateUnit.DAY);
			case TIME_WITHOUT_TIME_ZONE:
				return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
			case TIMESTAMP_WITHOUT_TIME_ZONE:
				return new ArrowType.Timestamp(timeUnitFor(((TimestampType) type).getPrecision()), null);
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				return new ArrowType.Timestamp(timeUnitFor(((LocalZonedTimestampType) type).getPrecision()), "UTC");
			default:
				throw new ArrowDataException(null, name, sqlType(type), null, -1, "Column '" + name
						+ "' has Paimon type " + sqlType(type) + " which the Arrow adapter does not support");
		}
	}

	/**
	 * Returns the Arrow time unit that holds a timestamp of the given Paimon precision without
	 * loss: 0 seconds, 1 to 3 milliseconds, 4 to 6 microseconds, 7 to 9 nanoseconds.
	 * @param precision the fractional-second precision, 0 to 9
	 * @return the time unit
	 */
	static TimeUnit timeUnitFor(int precision) {
		if (precision == 0) {
			return TimeUnit.SECOND;
		}
		if (precision <= 3) {
			return TimeUnit.MILLISECOND;
		}
		if (precision <= 6) {
			return TimeUnit.MICROSECOND;
		}
		return TimeUnit.NANOSECOND;
	}

	/**
	 * Returns a short readable name of an Arrow type, such as {@code Int32}, {@code Utf8},
	 * {@code Timestamp(MICROSECOND, UTC)} or {@code Decimal128(10, 2)}.
	 * @param type the Arrow type
	 * @return the name used in messages
	 */
	public static String describe(ArrowType type) {
		if (type instanceof ArrowType.ExtensionType) {
			ArrowType.ExtensionType extension = (ArrowType.ExtensionType) type;
			return "Extension(" + extension.extensionName() + ", " + describe(extension.storageType()) + ")";
		}
		switch (type.getTypeID()) {
			case Int: {
				ArrowType.Int integer = (ArrowType.Int) type;
				return (integer.getIsSigned() ? "Int" : "UInt") + integer.getBitWidth();
			}
			case FloatingPoint:
				switch (((ArrowType.FloatingPoint) type).getPrecision()) {
					case HALF:
						return "Float16";
					case SINGLE:
						return "Float32";
					default:
						return "Float64";
				}
			case Decimal: {
				ArrowType.Decimal decimal = (ArrowType.Decimal) type;
				return "Decimal" + decimal.getBitWidth() + "(" + decimal.getPrecision() + ", " + decimal.getScale()
						+ ")";
			}
			case Date:
				return "Date(" + ((ArrowType.Date) type).getUnit() + ")";
			case Time: {
				ArrowType.Time time = (ArrowType.Time) type;
				return "Time" + time.getBitWidth() + "(" + time.getUnit() + ")";
			}
			case Timestamp: {
				ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
				String timezone = timestamp.getTimezone();
				return (timezone == null || timezone.isEmpty()) ? "Timestamp(" + timestamp.getUnit() + ")"
						: "Timestamp(" + timestamp.getUnit() + ", " + timezone + ")";
			}
			case FixedSizeBinary:
				return "FixedSizeBinary(" + ((ArrowType.FixedSizeBinary) type).getByteWidth() + ")";
			case FixedSizeList:
				return "FixedSizeList(" + ((ArrowType.FixedSizeList) type).getListSize() + ")";
			case Interval:
				return "Interval(" + ((ArrowType.Interval) type).getUnit() + ")";
			case Duration:
				return "Duration(" + ((ArrowType.Duration) type).getUnit() + ")";
			case Union:
				return "Union(" + ((ArrowType.Union) type).getMode() + ")";
			default:
				return type.getTypeID().name();
		}
	}

	/**
	 * Returns the Paimon type as SQL without a {@code NOT NULL} suffix, as used in messages.
	 * @param type the Paimon type
	 * @return the SQL text, such as {@code DECIMAL(10, 2)}
	 */
	static String sqlType(DataType type) {
		return type.copy(true).asSQLString();
	}

}
