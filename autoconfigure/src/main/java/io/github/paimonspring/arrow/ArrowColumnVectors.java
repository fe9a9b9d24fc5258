package io.github.paimonspring.arrow;

import java.util.List;

import io.github.paimonspring.arrow.vector.ArrowArrayColumnVector;
import io.github.paimonspring.arrow.vector.ArrowBooleanColumnVector;
import io.github.paimonspring.arrow.vector.ArrowDateColumnVector;
import io.github.paimonspring.arrow.vector.ArrowDecimalColumnVector;
import io.github.paimonspring.arrow.vector.ArrowDictionaryBytesColumnVector;
import io.github.paimonspring.arrow.vector.ArrowFixedSizeBinaryColumnVector;
import io.github.paimonspring.arrow.vector.ArrowFloatingPointColumnVector;
import io.github.paimonspring.arrow.vector.ArrowIntegerColumnVector;
import io.github.paimonspring.arrow.vector.ArrowMapColumnVector;
import io.github.paimonspring.arrow.vector.ArrowRowColumnVector;
import io.github.paimonspring.arrow.vector.ArrowTimeColumnVector;
import io.github.paimonspring.arrow.vector.ArrowTimestampColumnVector;
import io.github.paimonspring.arrow.vector.ArrowVariableWidthBytesColumnVector;
import io.github.paimonspring.arrow.vector.ArrowViewBytesColumnVector;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Creates the Paimon column vector for an Arrow vector, choosing the implementation by the Arrow
 * vector's type (never by the Paimon precision). The Arrow schema must already have been
 * validated against the Paimon type; dictionaries are checked here every time because they are
 * not part of the schema.
 */
final class ArrowColumnVectors {

	private final String table;

	private final ArrowSchemaValidator validator;

	private final ArrowBufferValidator bufferValidator;

	/**
	 * Creates a factory for one table.
	 * @param table the table identifier used in messages
	 * @param validator the validator used to check dictionaries
	 * @param bufferValidator the validator used to check dictionary buffers
	 */
	ArrowColumnVectors(String table, ArrowSchemaValidator validator, ArrowBufferValidator bufferValidator) {
		this.table = table;
		this.validator = validator;
		this.bufferValidator = bufferValidator;
	}

	/**
	 * Creates the column vector reading {@code vector} as Paimon type {@code type}.
	 * @param path the column path used in messages
	 * @param type the Paimon type
	 * @param vector the Arrow vector, which stays owned by the caller
	 * @param dictionaries the dictionary provider, or {@code null}
	 * @return the column vector
	 * @throws ArrowDataException if a dictionary is missing or the vector is of an unexpected kind
	 */
	ColumnVector create(String path, DataType type, FieldVector vector, @Nullable DictionaryProvider dictionaries) {
		if (vector.getField().getDictionary() != null) {
			return createDictionary(path, type, vector, dictionaries);
		}
		if (vector instanceof BitVector) {
			return new ArrowBooleanColumnVector((BitVector) vector);
		}
		if (vector instanceof BaseIntVector && vector instanceof BaseFixedWidthVector) {
			return new ArrowIntegerColumnVector((BaseFixedWidthVector) vector);
		}
		if (vector instanceof Float4Vector || vector instanceof Float8Vector) {
			return new ArrowFloatingPointColumnVector((BaseFixedWidthVector) vector);
		}
		if (vector instanceof DecimalVector) {
			return new ArrowDecimalColumnVector(this.table, path, (DecimalVector) vector);
		}
		if (vector instanceof DateDayVector || vector instanceof DateMilliVector) {
			return new ArrowDateColumnVector((BaseFixedWidthVector) vector);
		}
		if (vector instanceof TimeSecVector || vector instanceof TimeMilliVector || vector instanceof TimeMicroVector
				|| vector instanceof TimeNanoVector) {
			return new ArrowTimeColumnVector((BaseFixedWidthVector) vector);
		}
		if (vector instanceof TimeStampVector) {
			return new ArrowTimestampColumnVector((TimeStampVector) vector);
		}
		if (vector instanceof BaseVariableWidthVector) {
			return new ArrowVariableWidthBytesColumnVector((BaseVariableWidthVector) vector);
		}
		if (vector instanceof BaseLargeVariableWidthVector) {
			return new ArrowVariableWidthBytesColumnVector((BaseLargeVariableWidthVector) vector);
		}
		if (vector instanceof BaseVariableWidthViewVector) {
			return new ArrowViewBytesColumnVector((BaseVariableWidthViewVector) vector);
		}
		if (vector instanceof FixedSizeBinaryVector) {
			return new ArrowFixedSizeBinaryColumnVector((FixedSizeBinaryVector) vector);
		}
		// MapVector extends ListVector, so it must be checked first
		if (vector instanceof MapVector) {
			return createMap(path, (MapType) type, (MapVector) vector, dictionaries);
		}
		if (vector instanceof ListVector) {
			ListVector list = (ListVector) vector;
			return new ArrowArrayColumnVector(list,
					create(path + "[]", ((ArrayType) type).getElementType(), list.getDataVector(), dictionaries));
		}
		if (vector instanceof LargeListVector) {
			LargeListVector list = (LargeListVector) vector;
			return new ArrowArrayColumnVector(list,
					create(path + "[]", ((ArrayType) type).getElementType(), list.getDataVector(), dictionaries));
		}
		if (vector instanceof NonNullableStructVector) {
			return createRow(path, (RowType) type, (NonNullableStructVector) vector, dictionaries);
		}
		throw unexpected(path, type, vector);
	}

	private ColumnVector createDictionary(String path, DataType type, FieldVector vector,
			@Nullable DictionaryProvider dictionaries) {
		Dictionary dictionary = this.validator.checkDictionary(path, type, vector.getField(), dictionaries);
		if (!(vector instanceof BaseIntVector && vector instanceof BaseFixedWidthVector)) {
			throw unexpected(path, type, vector);
		}
		FieldVector values = dictionary.getVector();
		this.bufferValidator.validate(path + " (dictionary)", values);
		this.bufferValidator.validateIndices(path, (BaseIntVector) vector, values.getValueCount());
		ColumnVector converted = create(path, type, values, null);
		if (!(converted instanceof BytesColumnVector)) {
			throw unexpected(path, type, values);
		}
		return new ArrowDictionaryBytesColumnVector(this.table, path,
				new ArrowIntegerColumnVector((BaseFixedWidthVector) vector), (BytesColumnVector) converted,
				values.getValueCount());
	}

	private ColumnVector createMap(String path, MapType type, MapVector vector,
			@Nullable DictionaryProvider dictionaries) {
		List<FieldVector> entries = ((NonNullableStructVector) vector.getDataVector()).getChildrenFromFields();
		ColumnVector keys = create(path + ".key", type.getKeyType(), entries.get(0), dictionaries);
		ColumnVector values = create(path + ".value", type.getValueType(), entries.get(1), dictionaries);
		return new ArrowMapColumnVector(vector, keys, values);
	}

	private ColumnVector createRow(String path, RowType type, NonNullableStructVector vector,
			@Nullable DictionaryProvider dictionaries) {
		List<DataField> fields = type.getFields();
		ColumnVector[] children = new ColumnVector[fields.size()];
		for (int i = 0; i < children.length; i++) {
			DataField field = fields.get(i);
			FieldVector child = vector.getChild(field.name());
			if (child == null) {
				throw unexpected(path + "." + field.name(), field.type(), null);
			}
			children[i] = create(path + "." + field.name(), field.type(), child, dictionaries);
		}
		return new ArrowRowColumnVector(vector, children);
	}

	private ArrowDataException unexpected(String path, DataType type, @Nullable FieldVector vector) {
		String actual = (vector != null) ? ArrowTypes.describe(vector.getField().getType()) : null;
		return new ArrowDataException(this.table, path, ArrowTypes.sqlType(type), actual, -1,
				"Arrow data does not match table '" + this.table + "': column '" + path + "' expects "
						+ ArrowTypes.sqlType(type) + " but the Arrow vector is "
						+ ((vector != null) ? vector.getClass().getSimpleName() + " (" + actual + ")" : "missing"));
	}

}
