package io.github.paimonspring.arrow;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Checks that an Arrow schema can be read as a Paimon row type: columns matched by name
 * (case-sensitive, in any order), nullable columns the batch omits, and compatible types,
 * recursively (struct children by name too, none omitted). Arrow nullability flags are not
 * compared; null values are checked per batch by {@link NotNullCheck}.
 */
final class ArrowSchemaValidator {

	private final String table;

	private final RowType rowType;

	/**
	 * Creates a validator for one table.
	 * @param table the table identifier used in messages
	 * @param rowType the table's row type
	 */
	ArrowSchemaValidator(String table, RowType rowType) {
		this.table = table;
		this.rowType = rowType;
	}

	/**
	 * Where each table column is in an Arrow schema, and where its row-kind column is.
	 *
	 * @param fields per table column, the index of the Arrow field of the same name, or -1 if the
	 * batch omits the (nullable) column
	 * @param rowKind the index of the row-kind column, or -1
	 */
	@SuppressWarnings("ArrayRecordComponent") // a lookup table: mappings are never compared or hashed
	record ColumnMapping(int[] fields, int rowKind) {
	}

	/**
	 * Matches an Arrow schema to the table's row type by column name (case-sensitive, in any order):
	 * every Arrow field must be a table column (or the row-kind column), every table column the batch
	 * omits must be nullable, and matched columns must have compatible types, recursively.
	 * @param schema the Arrow schema
	 * @param dictionaries the dictionaries of dictionary-encoded fields, or {@code null}
	 * @param rowKindColumn the name of the row-kind column, or {@code null} if there is none
	 * @return where each column is
	 * @throws ArrowDataException naming the table and column on the first mismatch
	 */
	ColumnMapping validate(Schema schema, @Nullable DictionaryProvider dictionaries, @Nullable String rowKindColumn) {
		List<DataField> expected = this.rowType.getFields();
		List<Field> actual = schema.getFields();
		Map<String, Integer> byName = new HashMap<>();
		int rowKind = -1;
		for (int i = 0; i < actual.size(); i++) {
			String name = actual.get(i).getName();
			if (byName.put(name, i) != null) {
				throw new ArrowDataException(this.table, name, null, null, -1,
						prefix() + "column '" + name + "' appears twice in the batch");
			}
			if (name.equals(rowKindColumn) && this.rowType.getFieldIndex(name) < 0) {
				checkRowKindField(actual.get(i));
				rowKind = i;
			}
			else if (this.rowType.getFieldIndex(name) < 0) {
				throw new ArrowDataException(this.table, name, null, null, -1, prefix() + "column '" + name
						+ "' is not in the table " + this.rowType.getFieldNames() + hint(name)
						+ "; to add new columns on write, set paimon.write.schema-evolution=add-columns");
			}
		}
		int[] fields = new int[expected.size()];
		boolean any = false;
		for (int c = 0; c < expected.size(); c++) {
			DataField column = expected.get(c);
			Integer index = byName.get(column.name());
			if (index == null) {
				if (!column.type().isNullable()) {
					throw new ArrowDataException(this.table, column.name(), null, null, -1, prefix() + "column '"
							+ column.name() + "' is NOT NULL (" + column.type()
									+ ") but the batch omits it; a batch may "
							+ "omit nullable columns only");
				}
				fields[c] = -1;
				continue;
			}
			checkField(column.name(), column.type(), actual.get(index), dictionaries);
			fields[c] = index;
			any = true;
		}
		if (!any) {
			throw new ArrowDataException(this.table, null, null, null, -1,
					prefix() + "the batch has none of the table's columns " + this.rowType.getFieldNames());
		}
		return new ColumnMapping(fields, rowKind);
	}

	private String hint(String name) {
		for (String column : this.rowType.getFieldNames()) {
			if (column.equalsIgnoreCase(name)) {
				return " (did you mean '" + column + "'? names are case-sensitive)";
			}
		}
		return "";
	}

	/** The row-kind column holds Paimon's short strings or its byte codes. */
	private void checkRowKindField(Field field) {
		ArrowType arrow = field.getType();
		boolean codes = arrow instanceof ArrowType.Int integer && integer.getBitWidth() == 8 && integer.getIsSigned();
		if (field.getDictionary() != null || !(codes || isString(arrow))) {
			throw new ArrowDataException(this.table, field.getName(), "Utf8 or Int8", ArrowTypes.describe(arrow), -1,
					prefix() + "row-kind column '" + field.getName()
							+ "' must be Utf8 ('+I', '-U', '+U', '-D') or Int8 "
							+ "(0 to 3) but is " + ArrowTypes.describe(arrow));
		}
	}

	/**
	 * Checks one field, recursing into nested types.
	 * @param path the dotted column path used in messages
	 * @param type the Paimon type
	 * @param field the Arrow field
	 * @param dictionaries the dictionary provider, or {@code null}
	 */
	void checkField(String path, DataType type, Field field, @Nullable DictionaryProvider dictionaries) {
		if (field.getDictionary() != null) {
			checkDictionary(path, type, field, dictionaries);
			return;
		}
		ArrowType arrow = field.getType();
		if (arrow instanceof ArrowType.ExtensionType) {
			throw mismatch(path, type, arrow);
		}
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				require(arrow.getTypeID() == ArrowTypeID.Bool, path, type, arrow);
				break;
			case TINYINT:
				requireSignedInt(arrow, 8, path, type);
				break;
			case SMALLINT:
				requireSignedInt(arrow, 16, path, type);
				break;
			case INTEGER:
				requireSignedInt(arrow, 32, path, type);
				break;
			case BIGINT:
				requireSignedInt(arrow, 64, path, type);
				break;
			case FLOAT:
				require(isFloatingPoint(arrow, false), path, type, arrow);
				break;
			case DOUBLE:
				require(isFloatingPoint(arrow, true), path, type, arrow);
				break;
			case CHAR:
			case VARCHAR:
				require(isString(arrow), path, type, arrow);
				break;
			case BINARY:
			case VARBINARY:
				require(isBinary(arrow), path, type, arrow);
				break;
			case DECIMAL:
				require(arrow.getTypeID() == ArrowTypeID.Decimal && ((ArrowType.Decimal) arrow).getBitWidth() == 128,
						path, type, arrow);
				// a Decimal128 holds at most 38 digits; other precisions or scales are malformed input
				ArrowType.Decimal decimal = (ArrowType.Decimal) arrow;
				require(decimal.getPrecision() >= 1 && decimal.getPrecision() <= 38 && decimal.getScale() >= 0
						&& decimal.getScale() <= decimal.getPrecision(), path, type, arrow);
				break;
			case DATE:
				require(arrow.getTypeID() == ArrowTypeID.Date, path, type, arrow);
				break;
			case TIME_WITHOUT_TIME_ZONE:
				require(arrow.getTypeID() == ArrowTypeID.Time, path, type, arrow);
				break;
			case TIMESTAMP_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				checkTimestamp(path, type, arrow);
				break;
			case ARRAY:
				checkArray(path, (ArrayType) type, field, dictionaries);
				break;
			case MAP:
				checkMap(path, (MapType) type, field, dictionaries);
				break;
			case ROW:
				checkRow(path, (RowType) type, field, dictionaries);
				break;
			default:
				throw unsupported(path, type, arrow);
		}
	}

	/**
	 * Checks a dictionary-encoded field and returns its dictionary: the Paimon type must be a
	 * character or binary string, the index a signed integer, and the dictionary values a matching
	 * non-encoded string type.
	 * @param path the column path used in messages
	 * @param type the Paimon type
	 * @param field the dictionary-encoded Arrow field
	 * @param dictionaries the dictionary provider, or {@code null}
	 * @return the dictionary, never {@code null}
	 */
	Dictionary checkDictionary(String path, DataType type, Field field, @Nullable DictionaryProvider dictionaries) {
		DictionaryEncoding encoding = field.getDictionary();
		ArrowType.Int indexType = encoding.getIndexType();
		String described = "Dictionary(" + ArrowTypes.describe(indexType) + ")";
		if (dictionaries == null) {
			throw new ArrowDataException(this.table, path, ArrowTypes.sqlType(type), described, -1,
					prefix() + "column '" + path + "' is dictionary-encoded (dictionary id " + encoding.getId()
							+ ") but no dictionary provider was given");
		}
		Dictionary dictionary = dictionaries.lookup(encoding.getId());
		if (dictionary == null) {
			throw new ArrowDataException(this.table, path, ArrowTypes.sqlType(type), described, -1,
					prefix() + "column '" + path + "' is dictionary-encoded with dictionary id " + encoding.getId()
							+ " but the dictionary provider has no such dictionary");
		}
		Field valueField = dictionary.getVector().getField();
		ArrowType valueType = valueField.getType();
		described = "Dictionary(" + ArrowTypes.describe(indexType) + ", " + ArrowTypes.describe(valueType) + ")";
		DataTypeRoot root = type.getTypeRoot();
		boolean stringType = root == DataTypeRoot.CHAR || root == DataTypeRoot.VARCHAR;
		boolean binaryType = root == DataTypeRoot.BINARY || root == DataTypeRoot.VARBINARY;
		boolean valuesMatch = valueField.getDictionary() == null && !(valueType instanceof ArrowType.ExtensionType)
				&& ((stringType && isString(valueType)) || (binaryType && isBinary(valueType)));
		if (!indexType.getIsSigned() || !valuesMatch || !(field.getType() instanceof ArrowType.Int)) {
			throw new ArrowDataException(this.table, path, ArrowTypes.sqlType(type), described, -1,
					prefix() + "column '" + path + "' expects " + ArrowTypes.sqlType(type) + " but got " + described
							+ " (dictionary encoding is supported for string and binary columns with a signed"
							+ " integer index)");
		}
		return dictionary;
	}

	private void checkTimestamp(String path, DataType type, ArrowType arrow) {
		if (arrow.getTypeID() != ArrowTypeID.Timestamp) {
			throw mismatch(path, type, arrow);
		}
		String timezone = ((ArrowType.Timestamp) arrow).getTimezone();
		boolean hasZone = timezone != null && !timezone.isEmpty();
		boolean wantsZone = type.getTypeRoot() == DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
		if (hasZone != wantsZone) {
			String expected = wantsZone
					? "an Arrow Timestamp with a time zone" : "an Arrow Timestamp without a time zone";
			throw new ArrowDataException(this.table, path, ArrowTypes.sqlType(type), ArrowTypes.describe(arrow), -1,
					prefix() + "column '" + path + "' expects " + ArrowTypes.sqlType(type) + " (" + expected
							+ ") but got " + ArrowTypes.describe(arrow));
		}
	}

	private void checkArray(String path, ArrayType type, Field field, @Nullable DictionaryProvider dictionaries) {
		ArrowTypeID id = field.getType().getTypeID();
		require((id == ArrowTypeID.List || id == ArrowTypeID.LargeList) && field.getChildren().size() == 1, path,
				type, field.getType());
		checkField(path + "[]", type.getElementType(), field.getChildren().get(0), dictionaries);
	}

	private void checkMap(String path, MapType type, Field field, @Nullable DictionaryProvider dictionaries) {
		boolean shape = field.getType().getTypeID() == ArrowTypeID.Map && field.getChildren().size() == 1
				&& field.getChildren().get(0).getType().getTypeID() == ArrowTypeID.Struct
				&& field.getChildren().get(0).getChildren().size() == 2;
		require(shape, path, type, field.getType());
		List<Field> entries = field.getChildren().get(0).getChildren();
		checkField(path + ".key", type.getKeyType(), entries.get(0), dictionaries);
		checkField(path + ".value", type.getValueType(), entries.get(1), dictionaries);
	}

	private void checkRow(String path, RowType type, Field field, @Nullable DictionaryProvider dictionaries) {
		require(field.getType().getTypeID() == ArrowTypeID.Struct, path, type, field.getType());
		Map<String, Field> children = new HashMap<>();
		for (Field child : field.getChildren()) {
			String childPath = path + "." + child.getName();
			if (type.getFieldIndex(child.getName()) < 0) {
				throw new ArrowDataException(this.table, childPath, null, ArrowTypes.describe(child.getType()), -1,
						prefix() + "column '" + childPath + "' is not a field of " + ArrowTypes.sqlType(type)
								+ " (the Arrow struct '" + path + "' has an extra child '" + child.getName() + "')");
			}
			if (children.put(child.getName(), child) != null) {
				throw new ArrowDataException(this.table, childPath, null, ArrowTypes.describe(child.getType()), -1,
						prefix() + "the Arrow struct '" + path + "' has more than one child named '"
								+ child.getName() + "'");
			}
		}
		for (DataField expected : type.getFields()) {
			String childPath = path + "." + expected.name();
			Field child = children.get(expected.name());
			if (child == null) {
				throw new ArrowDataException(this.table, childPath, ArrowTypes.sqlType(expected.type()), null, -1,
						prefix() + "column '" + childPath + "' expects " + ArrowTypes.sqlType(expected.type())
								+ " but the Arrow struct '" + path + "' has no child named '" + expected.name()
								+ "'");
			}
			checkField(childPath, expected.type(), child, dictionaries);
		}
	}

	private void requireSignedInt(ArrowType arrow, int maxBits, String path, DataType type) {
		boolean ok = arrow.getTypeID() == ArrowTypeID.Int && ((ArrowType.Int) arrow).getIsSigned()
				&& ((ArrowType.Int) arrow).getBitWidth() <= maxBits;
		require(ok, path, type, arrow);
	}

	private static boolean isFloatingPoint(ArrowType arrow, boolean allowDouble) {
		if (arrow.getTypeID() != ArrowTypeID.FloatingPoint) {
			return false;
		}
		switch (((ArrowType.FloatingPoint) arrow).getPrecision()) {
			case SINGLE:
				return true;
			case DOUBLE:
				return allowDouble;
			default:
				return false;
		}
	}

	private static boolean isString(ArrowType arrow) {
		ArrowTypeID id = arrow.getTypeID();
		return id == ArrowTypeID.Utf8 || id == ArrowTypeID.LargeUtf8 || id == ArrowTypeID.Utf8View;
	}

	private static boolean isBinary(ArrowType arrow) {
		ArrowTypeID id = arrow.getTypeID();
		return id == ArrowTypeID.Binary || id == ArrowTypeID.LargeBinary || id == ArrowTypeID.FixedSizeBinary
				|| id == ArrowTypeID.BinaryView;
	}

	private void require(boolean condition, String path, DataType type, ArrowType arrow) {
		if (!condition) {
			throw mismatch(path, type, arrow);
		}
	}

	private ArrowDataException mismatch(String path, DataType type, ArrowType arrow) {
		String expected = ArrowTypes.sqlType(type);
		String actual = ArrowTypes.describe(arrow);
		return new ArrowDataException(this.table, path, expected, actual, -1,
				prefix() + "column '" + path + "' expects " + expected + " but got " + actual);
	}

	private ArrowDataException unsupported(String path, DataType type, ArrowType arrow) {
		String expected = ArrowTypes.sqlType(type);
		return new ArrowDataException(this.table, path, expected, ArrowTypes.describe(arrow), -1,
				prefix() + "column '" + path + "' has Paimon type " + expected
						+ " which the Arrow adapter does not support");
	}

	private String prefix() {
		return "Arrow schema does not match table '" + this.table + "': ";
	}

}
