package io.github.paimonspring.kafka.record;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.paimonspring.kafka.BadRecordException;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Reads JSON values, from Jackson's streaming parser, as the Java values {@link ArrowColumns} writes for
 * a Paimon type, following the Arrow type mapping's rules: integers must fit the column, decimals must fit
 * its precision and scale (up to precision 18 the unscaled {@code Long}), FLOAT and DOUBLE take the
 * nearest value within their range, {@code NOT NULL} columns need a value, a name is given once per
 * object. Strings give CHAR/VARCHAR/STRING (as UTF-8 bytes), base64 strings BYTES, ISO
 * strings or epoch numbers DATE (days), TIME (milliseconds of the day) and TIMESTAMP (milliseconds, or
 * an ISO text with any precision). Arrays give ARRAY, objects MAP (string keys) and ROW.
 */
final class JsonValues {

	private JsonValues() {
	}

	/**
	 * Reads the JSON value the parser is on for a column or nested field; the parser is left on the value's
	 * last token.
	 * @param parser the parser, on the value's first token
	 * @param type the Paimon type
	 * @param path the column path, for messages
	 * @return the Java value, or {@code null}
	 * @throws IOException when the JSON is not valid
	 * @throws BadRecordException (mismatch) naming the path when the value does not fit
	 */
	static @Nullable Object read(JsonParser parser, DataType type, String path) throws IOException {
		JsonToken token = parser.currentToken();
		if (token == JsonToken.VALUE_NULL) {
			if (!type.isNullable()) {
				throw mismatch(path, type, "is NOT NULL but the record has no value for it");
			}
			return null;
		}
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				if (token == JsonToken.VALUE_TRUE) {
					return true;
				}
				if (token == JsonToken.VALUE_FALSE) {
					return false;
				}
				throw wrongType(path, type, parser);
			case TINYINT:
				return (byte) integer(parser, type, path, Byte.MIN_VALUE, Byte.MAX_VALUE);
			case SMALLINT:
				return (short) integer(parser, type, path, Short.MIN_VALUE, Short.MAX_VALUE);
			case INTEGER:
				return (int) integer(parser, type, path, Integer.MIN_VALUE, Integer.MAX_VALUE);
			case BIGINT:
				return integer(parser, type, path, Long.MIN_VALUE, Long.MAX_VALUE);
			case FLOAT:
				return (float) floating(parser, type, path);
			case DOUBLE:
				return floating(parser, type, path);
			case DECIMAL:
				return decimal(parser, (DecimalType) type, path);
			case CHAR:
			case VARCHAR:
				if (token != JsonToken.VALUE_STRING) {
					throw wrongType(path, type, parser);
				}
				return utf8(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
			case BINARY:
			case VARBINARY:
				if (token != JsonToken.VALUE_STRING) {
					throw wrongType(path, type, parser);
				}
				return base64(parser.getText(), type, path);
			case DATE:
			case TIME_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITHOUT_TIME_ZONE:
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				if (token == JsonToken.VALUE_NUMBER_INT
						&& parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
					return TextValues.fromLong(parser.getLongValue(), type, path);
				}
				if (token != JsonToken.VALUE_STRING) {
					throw wrongType(path, type, parser);
				}
				return TextValues.fromText(parser.getText(), type, path);
			case ARRAY: {
				if (token != JsonToken.START_ARRAY) {
					throw wrongType(path, type, parser);
				}
				DataType element = ((ArrayType) type).getElementType();
				String elementPath = path + "[]";
				List<@Nullable Object> values = new ArrayList<>();
				while (parser.nextToken() != JsonToken.END_ARRAY) {
					values.add(read(parser, element, elementPath));
				}
				return values;
			}
			case MAP: {
				if (token != JsonToken.START_OBJECT) {
					throw wrongType(path, type, parser);
				}
				MapType map = (MapType) type;
				String keyPath = path + ".key";
				String valuePath = path + ".value";
				Map<Object, @Nullable Object> values = new LinkedHashMap<>();
				Set<String> names = new HashSet<>();
				while (parser.nextToken() == JsonToken.FIELD_NAME) {
					if (!names.add(parser.currentName())) {
						throw JsonObjects.duplicate(parser, parser.currentName());
					}
					Object key = TextValues.fromText(parser.currentName(), map.getKeyType(), keyPath);
					parser.nextToken();
					values.put(key, read(parser, map.getValueType(), valuePath));
				}
				return values;
			}
			case ROW: {
				if (token != JsonToken.START_OBJECT) {
					throw wrongType(path, type, parser);
				}
				RowType row = (RowType) type;
				@Nullable Object[] values = new Object[row.getFieldCount()];
				boolean[] seen = new boolean[values.length];
				while (parser.nextToken() == JsonToken.FIELD_NAME) {
					String name = parser.currentName();
					int index = row.getFieldIndex(name);
					if (index < 0) {
						throw mismatch(path + "." + name, null, "is not a field of " + path + " (" + sql(type) + ")");
					}
					if (seen[index]) {
						throw JsonObjects.duplicate(parser, name);
					}
					seen[index] = true;
					parser.nextToken();
					values[index] = read(parser, row.getTypeAt(index), path + "." + name);
				}
				for (int i = 0; i < values.length; i++) {
					if (values[i] == null && !row.getTypeAt(i).isNullable()) {
						throw mismatch(path + "." + row.getFields().get(i).name(), row.getTypeAt(i),
								"is NOT NULL but the record has no value for it");
					}
				}
				return values;
			}
			default:
				throw mismatch(path, type, "has a type the Kafka pipeline does not write from JSON");
		}
	}

	/** A string's UTF-8 bytes, without a {@code String} in between for ASCII text. */
	private static byte[] utf8(char[] chars, int offset, int length) {
		byte[] bytes = new byte[length];
		for (int i = 0; i < length; i++) {
			char c = chars[offset + i];
			if (c >= 0x80) {
				return new String(chars, offset, length).getBytes(StandardCharsets.UTF_8);
			}
			bytes[i] = (byte) c;
		}
		return bytes;
	}

	static long integer(JsonParser parser, DataType type, String path, long min, long max) throws IOException {
		if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT) {
			throw wrongType(path, type, parser);
		}
		if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
			throw mismatch(path, type, "cannot hold " + shorten(parser.getText()));
		}
		long value = parser.getLongValue();
		if (value < min || value > max) {
			throw mismatch(path, type, "cannot hold " + value);
		}
		return value;
	}

	/**
	 * A number as FLOAT or DOUBLE: the nearest value (a decimal number is rounded, an integer beyond 2^24
	 * or 2^53 too); beyond the type's range it does not fit. A zero is a positive zero (the sign of a
	 * negative number too small for the type is kept).
	 * @return the value (for FLOAT, the nearest float, exactly as a double)
	 */
	static double floating(JsonParser parser, DataType type, String path) throws IOException {
		boolean single = type.getTypeRoot() == DataTypeRoot.FLOAT;
		JsonToken token = parser.currentToken();
		if (token == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
			long value = parser.getLongValue();
			return single ? (double) (float) value : (double) value;
		}
		if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
			throw wrongType(path, type, parser);
		}
		return floating(parser.getText(), type, path, single);
	}

	/**
	 * The nearest FLOAT or DOUBLE of a JSON number's text, refused beyond the type's range.
	 * @param text the number
	 * @param type the column type
	 * @param path the column path, for messages
	 * @param single whether the type is FLOAT
	 * @return the value (for FLOAT, the nearest float, exactly as a double)
	 */
	static double floating(String text, DataType type, String path, boolean single) {
		double value = single ? Float.parseFloat(text) : Double.parseDouble(text);
		if (Double.isInfinite(value)) {
			throw mismatch(path, type, "cannot hold " + shorten(text) + " (beyond the range of " + sql(type) + ")");
		}
		if (value == 0 && !hasNonZeroDigit(text)) {
			value = 0; // -0 and -0.0 are the number zero
		}
		return value;
	}

	private static boolean hasNonZeroDigit(String number) {
		for (int i = 0; i < number.length(); i++) {
			char c = number.charAt(i);
			if (c == 'e' || c == 'E') {
				return false;
			}
			if (c >= '1' && c <= '9') {
				return true;
			}
		}
		return false;
	}

	/**
	 * A DECIMAL from a JSON number or string: up to precision 18 the unscaled {@code Long} at the column's
	 * scale, beyond that a {@code BigDecimal} at the column's scale.
	 */
	private static Object decimal(JsonParser parser, DecimalType type, String path) throws IOException {
		JsonToken token = parser.currentToken();
		if (token == JsonToken.VALUE_STRING) {
			return compact(TextValues.decimal(TextValues.parseDecimal(parser.getText(), type, path), type, path), type);
		}
		if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
			throw wrongType(path, type, parser);
		}
		if (type.getPrecision() <= MAX_COMPACT_PRECISION) {
			long unscaled = unscaled(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength(), type);
			if (unscaled != NOT_COMPACT) {
				return unscaled;
			}
		}
		return compact(TextValues.decimal(parser.getDecimalValue(), type, path), type);
	}

	static final int MAX_COMPACT_PRECISION = 18;

	static final long NOT_COMPACT = Long.MIN_VALUE;

	private static final long[] POWERS_OF_TEN = new long[MAX_COMPACT_PRECISION + 1];

	static {
		POWERS_OF_TEN[0] = 1;
		for (int i = 1; i < POWERS_OF_TEN.length; i++) {
			POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
		}
	}

	/**
	 * The unscaled value at the column's scale of a plain JSON number ({@code -?digits(.digits)?}) that
	 * fits the column exactly, or {@link #NOT_COMPACT} for anything else (an exponent, too many digits, a
	 * value that does not fit), which the exact BigDecimal reading then decides.
	 */
	static long unscaled(char[] chars, int offset, int length, DecimalType type) {
		int scale = type.getScale();
		int end = offset + length;
		int i = offset;
		boolean negative = i < end && chars[i] == '-';
		if (negative) {
			i++;
		}
		long unscaled = 0;
		int digits = 0;
		int fraction = -1;
		for (; i < end; i++) {
			char c = chars[i];
			if (c == '.') {
				fraction = 0;
				continue;
			}
			if (c < '0' || c > '9') {
				return NOT_COMPACT;
			}
			int digit = c - '0';
			if (fraction >= 0 && ++fraction > scale) {
				if (digit != 0) {
					return NOT_COMPACT;
				}
				continue;
			}
			if (unscaled == 0 && digit == 0) {
				continue;
			}
			if (++digits > MAX_COMPACT_PRECISION) {
				return NOT_COMPACT;
			}
			unscaled = unscaled * 10 + digit;
		}
		int padding = scale - Math.min(Math.max(fraction, 0), scale);
		if (unscaled != 0) {
			if (digits + padding > MAX_COMPACT_PRECISION) {
				return NOT_COMPACT;
			}
			unscaled *= POWERS_OF_TEN[padding];
		}
		if (unscaled >= POWERS_OF_TEN[type.getPrecision()]) {
			return NOT_COMPACT;
		}
		return negative ? -unscaled : unscaled;
	}

	/** A decimal already at the column's scale: its unscaled {@code Long} up to precision 18. */
	static Object compact(BigDecimal value, DecimalType type) {
		return (type.getPrecision() <= MAX_COMPACT_PRECISION) ? (Object) value.unscaledValue().longValueExact()
				: value;
	}

	private static byte[] base64(String text, DataType type, String path) {
		try {
			return Base64.getDecoder().decode(text);
		}
		catch (IllegalArgumentException ex) {
			throw mismatch(path, type, "needs a base64 string: " + ex.getMessage());
		}
	}

	private static BadRecordException wrongType(String path, DataType type, JsonParser parser) throws IOException {
		JsonToken token = parser.currentToken();
		String value = switch (token) {
			case VALUE_STRING -> "\"" + parser.getText() + "\"";
			case START_OBJECT -> "{...}";
			case START_ARRAY -> "[...]";
			default -> parser.getText();
		};
		return mismatch(path, type, "cannot take the JSON " + JsonObjects.describe(token) + " " + shorten(value));
	}

	static BadRecordException mismatch(String path, @Nullable DataType type, String what) {
		return new BadRecordException(BadRecordException.Reason.MISMATCH,
				"Column '" + path + "'" + ((type != null) ? " (" + sql(type) + ")" : "") + " " + what);
	}

	static String sql(DataType type) {
		return type.asSQLString();
	}

	static String shorten(String text) {
		return (text.length() <= 64) ? text : text.substring(0, 61) + "...";
	}

}
