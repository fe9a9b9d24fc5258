package io.github.paimonspring.kafka.record;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.BadRecordException.Reason;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowKind;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * The reference reading of JSON records for the property tests: the converter's former reading with a
 * Jackson tree per record ({@code readTree}), made strict the simple way (the parser must have no token
 * after the tree; a number beyond FLOAT/DOUBLE does not fit). It covers a table whose schema does not
 * evolve (an unknown field is ignored or a mismatch) and no metadata columns.
 */
public final class TreeJsonRecords {

	private static final ObjectMapper JSON = new ObjectMapper()
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

	private TreeJsonRecords() {
	}

	/**
	 * Reads a record as the pipeline would.
	 * @param shape the table
	 * @param rowKindField the row-kind field, or {@code null}
	 * @param ignoreUnknownFields whether unknown fields are ignored
	 * @param key the record's key (key-format json), or {@code null}
	 * @param value the record's value
	 * @return the row
	 * @throws BadRecordException when the record is bad
	 */
	public static RecordRow read(TableShape shape, @Nullable String rowKindField, boolean ignoreUnknownFields,
			byte @Nullable [] key, byte[] value) {
		JsonNode node = object(value, "value");
		for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
			String name = names.next();
			if (shape.index(name) < 0 && !name.equals(rowKindField) && !ignoreUnknownFields) {
				throw JsonValues.mismatch(name, null, "is not a column");
			}
		}
		List<DataField> fields = shape.rowType().getFields();
		@Nullable Object[] values = new Object[fields.size()];
		for (int i = 0; i < values.length; i++) {
			values[i] = read(node.get(fields.get(i).name()), fields.get(i).type().copy(true), fields.get(i).name());
		}
		byte kind = RowKind.INSERT.toByteValue();
		if (rowKindField != null && node.get(rowKindField) != null && !node.get(rowKindField).isNull()) {
			kind = rowKind(node.get(rowKindField), shape);
		}
		if (key != null) {
			JsonNode keyNode = object(key, "key");
			for (Iterator<Map.Entry<String, JsonNode>> it = keyNode.fields(); it.hasNext();) {
				Map.Entry<String, JsonNode> entry = it.next();
				int index = shape.index(entry.getKey());
				if (index < 0) {
					throw JsonValues.mismatch(entry.getKey(), null, "of the key is not a column");
				}
				values[index] = read(entry.getValue(), shape.rowType().getTypeAt(index).copy(true), entry.getKey());
			}
		}
		for (int i = 0; i < values.length; i++) {
			if (values[i] == null && !fields.get(i).type().isNullable()) {
				throw JsonValues.mismatch(fields.get(i).name(), null, "is NOT NULL");
			}
		}
		return new RecordRow(shape, values, kind);
	}

	private static JsonNode object(byte[] bytes, String what) {
		JsonNode node;
		try (JsonParser parser = JSON.createParser(bytes)) {
			node = JSON.readTree(parser);
			if (node != null && parser.nextToken() != null) {
				throw new BadRecordException(Reason.MALFORMED, "The " + what + " has trailing tokens");
			}
		}
		catch (IOException ex) {
			throw new BadRecordException(Reason.MALFORMED, "The " + what + " is not JSON: " + ex.getMessage(), ex);
		}
		if (node == null || !node.isObject()) {
			throw new BadRecordException(Reason.MALFORMED, "The " + what + " is not a JSON object");
		}
		return node;
	}

	private static byte rowKind(JsonNode node, TableShape shape) {
		RowKind kind = null;
		if (node.isTextual()) {
			for (RowKind candidate : RowKind.values()) {
				if (candidate.shortString().equals(node.textValue())) {
					kind = candidate;
				}
			}
		}
		else if (node.isIntegralNumber() && node.canConvertToInt() && node.intValue() >= 0 && node.intValue() <= 3) {
			kind = RowKind.fromByteValue((byte) node.intValue());
		}
		if (kind == null) {
			throw JsonValues.mismatch("_row_kind", null, "unknown row kind");
		}
		if (kind != RowKind.INSERT && shape.primaryKeys().isEmpty()) {
			throw JsonValues.mismatch("_row_kind", null, "inserts only");
		}
		return kind.toByteValue();
	}

	/** The former tree reading of a value (DECIMAL as a {@code BigDecimal} at the column's scale). */
	static @Nullable Object read(@Nullable JsonNode node, DataType type, String path) {
		if (node == null || node.isNull() || node.isMissingNode()) {
			if (!type.isNullable()) {
				throw JsonValues.mismatch(path, type, "is NOT NULL");
			}
			return null;
		}
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				if (!node.isBoolean()) {
					throw wrongType(path, type);
				}
				return node.booleanValue();
			case TINYINT:
				return (byte) integer(node, type, path, Byte.MIN_VALUE, Byte.MAX_VALUE);
			case SMALLINT:
				return (short) integer(node, type, path, Short.MIN_VALUE, Short.MAX_VALUE);
			case INTEGER:
				return (int) integer(node, type, path, Integer.MIN_VALUE, Integer.MAX_VALUE);
			case BIGINT:
				return integer(node, type, path, Long.MIN_VALUE, Long.MAX_VALUE);
			case FLOAT:
				if (!node.isNumber() || Float.isInfinite(node.floatValue())) {
					throw wrongType(path, type);
				}
				return node.floatValue();
			case DOUBLE:
				if (!node.isNumber() || Double.isInfinite(node.doubleValue())) {
					throw wrongType(path, type);
				}
				return node.doubleValue();
			case DECIMAL:
				if (!node.isNumber() && !node.isTextual()) {
					throw wrongType(path, type);
				}
				return TextValues.decimal(node.isNumber() ? node.decimalValue()
						: TextValues.parseDecimal(node.textValue(), type, path), (DecimalType) type, path);
			case CHAR:
			case VARCHAR:
				if (!node.isTextual()) {
					throw wrongType(path, type);
				}
				return node.textValue();
			case BINARY:
			case VARBINARY:
				if (!node.isTextual()) {
					throw wrongType(path, type);
				}
				try {
					return Base64.getDecoder().decode(node.textValue());
				}
				catch (IllegalArgumentException ex) {
					throw wrongType(path, type);
				}
			case DATE:
			case TIME_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				if (node.isIntegralNumber() && node.canConvertToLong()) {
					return TextValues.fromLong(node.longValue(), type, path);
				}
				if (!node.isTextual()) {
					throw wrongType(path, type);
				}
				return TextValues.fromText(node.textValue(), type, path);
			case ARRAY: {
				if (!node.isArray()) {
					throw wrongType(path, type);
				}
				DataType element = ((ArrayType) type).getElementType();
				List<@Nullable Object> values = new ArrayList<>(node.size());
				for (JsonNode item : node) {
					values.add(read(item, element, path + "[]"));
				}
				return values;
			}
			case MAP: {
				if (!node.isObject()) {
					throw wrongType(path, type);
				}
				MapType map = (MapType) type;
				Map<Object, @Nullable Object> values = new LinkedHashMap<>();
				for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
					Map.Entry<String, JsonNode> entry = it.next();
					values.put(TextValues.fromText(entry.getKey(), map.getKeyType(), path + ".key"),
							read(entry.getValue(), map.getValueType(), path + ".value"));
				}
				return values;
			}
			case ROW: {
				if (!node.isObject()) {
					throw wrongType(path, type);
				}
				RowType row = (RowType) type;
				@Nullable Object[] values = new Object[row.getFieldCount()];
				for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
					String name = names.next();
					if (row.getFieldIndex(name) < 0) {
						throw JsonValues.mismatch(path + "." + name, null, "is not a field");
					}
				}
				for (int i = 0; i < values.length; i++) {
					DataField field = row.getFields().get(i);
					values[i] = read(node.get(field.name()), field.type(), path + "." + field.name());
				}
				return values;
			}
			default:
				throw JsonValues.mismatch(path, type, "unsupported");
		}
	}

	private static long integer(JsonNode node, DataType type, String path, long min, long max) {
		if (!node.isIntegralNumber()) {
			throw wrongType(path, type);
		}
		if (!node.canConvertToLong() || node.longValue() < min || node.longValue() > max) {
			throw JsonValues.mismatch(path, type, "cannot hold " + node.asText());
		}
		return node.longValue();
	}

	private static BadRecordException wrongType(String path, DataType type) {
		return JsonValues.mismatch(path, type, "wrong type");
	}

}
