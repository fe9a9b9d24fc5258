package io.github.paimonspring.arrow;

import java.util.ArrayList;
import java.util.List;

import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;

/**
 * The Paimon type a column gets when it is created from an Arrow field (schema evolution on write):
 * the narrowest type that {@link ArrowBatchConverter} accepts the field for, the inverse of
 * {@link ArrowTypes#toArrowField} where one exists. Every type is nullable except map keys. Strings
 * and binaries become {@code STRING} and {@code BYTES} (Arrow carries no length); a dictionary-encoded
 * field gets the type of its values.
 */
public final class ArrowPaimonTypes {

	private ArrowPaimonTypes() {
	}

	/**
	 * Returns the Paimon type of a new column read from an Arrow field.
	 * @param table the table identifier used in messages
	 * @param field the Arrow field
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null}
	 * @return the nullable Paimon type
	 * @throws ArrowDataException naming the table and column if the Arrow type has no Paimon type the
	 * adapter writes
	 */
	public static DataType toPaimonType(String table, Field field, @Nullable DictionaryProvider dictionaries) {
		try {
			return toPaimonType(table, field.getName(), field, dictionaries);
		}
		catch (IllegalArgumentException ex) {
			// Paimon refuses the type it would become, for example a struct with an empty field name
			throw new ArrowDataException(table, field.getName(), null, ArrowTypes.describe(field.getType()), -1,
					"Column '" + field.getName() + "' of the batch for table '" + table + "' has no Paimon type: "
							+ ex.getMessage());
		}
	}

	private static DataType toPaimonType(String table, String path, Field field,
			@Nullable DictionaryProvider dictionaries) {
		if (field.getDictionary() != null) {
			Dictionary dictionary = (dictionaries != null) ? dictionaries.lookup(field.getDictionary().getId()) : null;
			if (dictionary == null) {
				throw unsupported(table, path, field.getType(), "a dictionary-encoded field without its dictionary");
			}
			return toPaimonType(table, path, dictionary.getVector().getField(), null);
		}
		ArrowType type = field.getType();
		switch (type.getTypeID()) {
			case Bool:
				return DataTypes.BOOLEAN();
			case Int: {
				ArrowType.Int integer = (ArrowType.Int) type;
				if (!integer.getIsSigned()) {
					throw unsupported(table, path, type, "an unsigned integer");
				}
				return switch (integer.getBitWidth()) {
					case 8 -> DataTypes.TINYINT();
					case 16 -> DataTypes.SMALLINT();
					case 32 -> DataTypes.INT();
					default -> DataTypes.BIGINT();
				};
			}
			case FloatingPoint:
				return switch (((ArrowType.FloatingPoint) type).getPrecision()) {
					case SINGLE -> DataTypes.FLOAT();
					case DOUBLE -> DataTypes.DOUBLE();
					default -> throw unsupported(table, path, type, "a half-precision float");
				};
			case Utf8:
			case LargeUtf8:
			case Utf8View:
				return DataTypes.STRING();
			case Binary:
			case LargeBinary:
			case BinaryView:
			case FixedSizeBinary:
				return DataTypes.BYTES();
			case Decimal: {
				ArrowType.Decimal decimal = (ArrowType.Decimal) type;
				if (decimal.getBitWidth() != 128 || decimal.getPrecision() < 1 || decimal.getPrecision() > 38
						|| decimal.getScale() < 0 || decimal.getScale() > decimal.getPrecision()) {
					throw unsupported(table, path, type, "not a Decimal128 of precision 1 to 38");
				}
				return DataTypes.DECIMAL(decimal.getPrecision(), decimal.getScale());
			}
			case Date:
				return DataTypes.DATE();
			case Time:
				return DataTypes.TIME(precision(((ArrowType.Time) type).getUnit()));
			case Timestamp: {
				ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
				int precision = precision(timestamp.getUnit());
				boolean zoned = timestamp.getTimezone() != null && !timestamp.getTimezone().isEmpty();
				return zoned ? DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision) : DataTypes.TIMESTAMP(precision);
			}
			case List:
			case LargeList:
				if (field.getChildren().size() != 1) {
					throw unsupported(table, path, type, "a list without one child");
				}
				return DataTypes.ARRAY(toPaimonType(table, path + "[]", field.getChildren().get(0), dictionaries));
			case Map: {
				List<Field> entries = (field.getChildren().size() == 1) ? field.getChildren().get(0).getChildren()
						: List.of();
				if (entries.size() != 2) {
					throw unsupported(table, path, type, "a map without key and value");
				}
				return DataTypes.MAP(toPaimonType(table, path + ".key", entries.get(0), dictionaries).copy(false),
						toPaimonType(table, path + ".value", entries.get(1), dictionaries));
			}
			case Struct: {
				List<DataField> fields = new ArrayList<>();
				int id = 0;
				for (Field child : field.getChildren()) {
					fields.add(DataTypes.FIELD(id++, child.getName(),
							toPaimonType(table, path + "." + child.getName(), child, dictionaries)));
				}
				return DataTypes.ROW(fields.toArray(new DataField[0]));
			}
			default:
				throw unsupported(table, path, type, "a type the Arrow adapter does not write");
		}
	}

	private static int precision(TimeUnit unit) {
		return switch (unit) {
			case SECOND -> 0;
			case MILLISECOND -> 3;
			case MICROSECOND -> 6;
			case NANOSECOND -> 9;
		};
	}

	private static ArrowDataException unsupported(String table, String path, ArrowType type, String why) {
		return new ArrowDataException(table, path, null, ArrowTypes.describe(type), -1,
				"Cannot add column '" + path + "' to table '" + table + "': its Arrow type " + ArrowTypes.describe(type)
						+ " is " + why);
	}

}
