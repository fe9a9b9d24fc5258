package io.github.paimonspring.kafka.record;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import io.github.paimonspring.kafka.BadRecordException;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.types.TimestampType;
import org.jspecify.annotations.Nullable;

/**
 * Reads JSON values as the Java values {@link ArrowColumns} writes for a Paimon type, following the
 * Arrow type mapping's rules: integers must fit the column, decimals must fit its precision and scale,
 * {@code NOT NULL} columns need a value. Strings give CHAR/VARCHAR/STRING, base64 strings BYTES, ISO
 * strings or epoch numbers DATE (days), TIME (milliseconds of the day) and TIMESTAMP (milliseconds, or
 * an ISO text with any precision). Arrays give ARRAY, objects MAP (string keys) and ROW.
 */
final class JsonValues {

	private JsonValues() {
	}

	/**
	 * Reads a JSON value for a column or nested field.
	 * @param node the value, or {@code null} when absent
	 * @param type the Paimon type
	 * @param path the column path, for messages
	 * @return the Java value, or {@code null}
	 * @throws BadRecordException (mismatch) naming the path when the value does not fit
	 */
	static @Nullable Object read(@Nullable JsonNode node, DataType type, String path) {
		if (node == null || node.isNull() || node.isMissingNode()) {
			if (!type.isNullable()) {
				throw mismatch(path, type, "is NOT NULL but the record has no value for it");
			}
			return null;
		}
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				if (!node.isBoolean()) {
					throw wrongType(path, type, node);
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
				if (!node.isNumber()) {
					throw wrongType(path, type, node);
				}
				return node.floatValue();
			case DOUBLE:
				if (!node.isNumber()) {
					throw wrongType(path, type, node);
				}
				return node.doubleValue();
			case DECIMAL:
				if (!node.isNumber() && !node.isTextual()) {
					throw wrongType(path, type, node);
				}
				return decimal(node.isNumber() ? node.decimalValue() : parseDecimal(node.textValue(), type, path),
						(DecimalType) type, path);
			case CHAR:
			case VARCHAR:
				if (!node.isTextual()) {
					throw wrongType(path, type, node);
				}
				return node.textValue();
			case BINARY:
			case VARBINARY:
				if (!node.isTextual()) {
					throw wrongType(path, type, node);
				}
				try {
					return Base64.getDecoder().decode(node.textValue());
				}
				catch (IllegalArgumentException ex) {
					throw mismatch(path, type, "needs a base64 string: " + ex.getMessage());
				}
			case DATE:
			case TIME_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				if (node.isIntegralNumber() && node.canConvertToLong()) {
					return fromLong(node.longValue(), type, path);
				}
				if (!node.isTextual()) {
					throw wrongType(path, type, node);
				}
				return fromText(node.textValue(), type, path);
			case ARRAY: {
				if (!node.isArray()) {
					throw wrongType(path, type, node);
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
					throw wrongType(path, type, node);
				}
				MapType map = (MapType) type;
				Map<Object, @Nullable Object> values = new LinkedHashMap<>();
				for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
					Map.Entry<String, JsonNode> entry = it.next();
					values.put(fromText(entry.getKey(), map.getKeyType(), path + ".key"),
							read(entry.getValue(), map.getValueType(), path + ".value"));
				}
				return values;
			}
			case ROW: {
				if (!node.isObject()) {
					throw wrongType(path, type, node);
				}
				RowType row = (RowType) type;
				@Nullable Object[] values = new Object[row.getFieldCount()];
				for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
					String name = names.next();
					if (row.getFieldIndex(name) < 0) {
						throw mismatch(path + "." + name, null, "is not a field of " + path + " (" + sql(type) + ")");
					}
				}
				for (int i = 0; i < values.length; i++) {
					DataField field = row.getFields().get(i);
					values[i] = read(node.get(field.name()), field.type(), path + "." + field.name());
				}
				return values;
			}
			default:
				throw mismatch(path, type, "has a type the Kafka pipeline does not write from JSON");
		}
	}

	/**
	 * Reads a value from text (a record key or header, a map key) for a column's type.
	 * @param text the text
	 * @param type the Paimon type
	 * @param path the column path, for messages
	 * @return the Java value
	 */
	static Object fromText(String text, DataType type, String path) {
		try {
			switch (type.getTypeRoot()) {
				case BOOLEAN:
					if (!text.equals("true") && !text.equals("false")) {
						throw mismatch(path, type, "needs true or false, got '" + shorten(text) + "'");
					}
					return Boolean.parseBoolean(text);
				case TINYINT:
					return Byte.parseByte(text.trim());
				case SMALLINT:
					return Short.parseShort(text.trim());
				case INTEGER:
					return Integer.parseInt(text.trim());
				case BIGINT:
					return Long.parseLong(text.trim());
				case FLOAT:
					return Float.parseFloat(text.trim());
				case DOUBLE:
					return Double.parseDouble(text.trim());
				case DECIMAL:
					return decimal(parseDecimal(text, type, path), (DecimalType) type, path);
				case CHAR:
				case VARCHAR:
					return text;
				case BINARY:
				case VARBINARY:
					return text.getBytes(StandardCharsets.UTF_8);
				case DATE:
					return (int) LocalDate.parse(text.trim()).toEpochDay();
				case TIME_WITHOUT_TIME_ZONE:
					return (int) (LocalTime.parse(text.trim()).toNanoOfDay() / 1_000_000);
				case TIMESTAMP_WITHOUT_TIME_ZONE:
					return timestamp(LocalDateTime.parse(text.trim().replace(' ', 'T')).toInstant(ZoneOffset.UTC), type,
							path);
				case TIMESTAMP_WITH_LOCAL_TIME_ZONE: {
					String trimmed = text.trim().replace(' ', 'T');
					try {
						return timestamp(OffsetDateTime.parse(trimmed).toInstant(), type, path);
					}
					catch (DateTimeParseException ex) {
						return timestamp(Instant.parse(trimmed), type, path);
					}
				}
				default:
					throw mismatch(path, type, "cannot be read from text");
			}
		}
		catch (NumberFormatException | DateTimeParseException ex) {
			throw mismatch(path, type, "cannot be read from '" + shorten(text) + "': " + ex.getMessage());
		}
	}

	/**
	 * Reads a value from a number (a record timestamp, epoch milliseconds for timestamps, days for DATE,
	 * milliseconds of the day for TIME).
	 * @param value the number
	 * @param type the Paimon type
	 * @param path the column path, for messages
	 * @return the Java value
	 */
	static Object fromLong(long value, DataType type, String path) {
		switch (type.getTypeRoot()) {
			case TINYINT:
			case SMALLINT:
			case INTEGER:
			case BIGINT:
				return fromText(Long.toString(value), type, path);
			case DATE:
				if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
					throw mismatch(path, type, "cannot be " + value + " days from 1970-01-01");
				}
				return (int) value;
			case TIME_WITHOUT_TIME_ZONE:
				if (value < 0 || value >= 86_400_000L) {
					throw mismatch(path, type, "needs milliseconds of the day, got " + value);
				}
				return (int) value;
			case TIMESTAMP_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				return timestamp(Instant.ofEpochMilli(value), type, path);
			default:
				throw mismatch(path, type, "cannot take the number " + value);
		}
	}

	/**
	 * A timestamp as a number in the unit of its column's Arrow type (seconds for precision 0,
	 * milliseconds up to 3, microseconds up to 6, nanoseconds beyond).
	 */
	private static long timestamp(Instant instant, DataType type, String path) {
		int precision = (type instanceof TimestampType timestamp) ? timestamp.getPrecision()
				: ((LocalZonedTimestampType) type).getPrecision();
		try {
			if (precision == 0) {
				return instant.getEpochSecond();
			}
			if (precision <= 3) {
				return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000L),
						instant.getNano() / 1_000_000);
			}
			if (precision <= 6) {
				return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
						instant.getNano() / 1_000);
			}
			return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
		}
		catch (ArithmeticException ex) {
			throw mismatch(path, type, "cannot hold " + instant);
		}
	}

	private static long integer(JsonNode node, DataType type, String path, long min, long max) {
		if (!node.isIntegralNumber()) {
			throw wrongType(path, type, node);
		}
		if (!node.canConvertToLong() || node.longValue() < min || node.longValue() > max) {
			throw mismatch(path, type, "cannot hold " + node.asText());
		}
		return node.longValue();
	}

	private static BigDecimal parseDecimal(String text, DataType type, String path) {
		try {
			return new BigDecimal(text.trim());
		}
		catch (NumberFormatException ex) {
			throw mismatch(path, type, "needs a decimal number, got '" + shorten(text) + "'");
		}
	}

	private static BigDecimal decimal(BigDecimal value, DecimalType type, String path) {
		BigDecimal scaled;
		try {
			scaled = value.setScale(type.getScale(), RoundingMode.UNNECESSARY);
		}
		catch (ArithmeticException ex) {
			throw mismatch(path, type, "cannot hold " + value.toPlainString() + " (more than " + type.getScale()
					+ " decimal places)");
		}
		if (scaled.precision() > type.getPrecision()) {
			throw mismatch(path, type, "cannot hold " + value.toPlainString() + " (more than " + type.getPrecision()
					+ " digits)");
		}
		return scaled;
	}

	private static BadRecordException wrongType(String path, DataType type, JsonNode node) {
		return mismatch(path, type, "cannot take the JSON " + describe(node.getNodeType())
				+ " " + shorten(node.toString()));
	}

	static BadRecordException mismatch(String path, @Nullable DataType type, String what) {
		return new BadRecordException(BadRecordException.Reason.MISMATCH,
				"Column '" + path + "'" + ((type != null) ? " (" + sql(type) + ")" : "") + " " + what);
	}

	private static String sql(DataType type) {
		return type.asSQLString();
	}

	private static String describe(JsonNodeType type) {
		return switch (type) {
			case ARRAY -> "array";
			case OBJECT, POJO -> "object";
			case STRING -> "string";
			case NUMBER -> "number";
			case BOOLEAN -> "boolean";
			case BINARY -> "binary";
			default -> "value";
		};
	}

	static String shorten(String text) {
		return (text.length() <= 64) ? text : text.substring(0, 61) + "...";
	}

}
