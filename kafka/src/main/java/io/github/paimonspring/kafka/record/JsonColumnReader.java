package io.github.paimonspring.kafka.record;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.paimonspring.kafka.BadRecordException;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;

/**
 * Reads a top-level JSON value into a {@link RowValues} slot by {@link JsonValues}' rules, without boxing
 * numbers: booleans, integers, FLOAT, DOUBLE and compact DECIMALs as primitives, and a string of plain
 * ASCII (no escapes) as a slice of the record's own bytes — it is not encoded back to UTF-8. Other
 * values (escaped or non-ASCII strings, binaries, temporal values, nested values, wide decimals) are
 * read by {@link JsonValues#read}.
 */
final class JsonColumnReader {

	private JsonColumnReader() {
	}

	/**
	 * Reads the value the parser is on into a column of a row; the parser is left on the value's last token.
	 * @param parser the parser of {@code source}, on the value's first token
	 * @param type the column's type
	 * @param path the column's name, for messages
	 * @param source the JSON text the parser reads
	 * @param base where the text starts in the parser's byte offsets
	 * @param row the row
	 * @param column the column's position
	 * @throws IOException when the JSON is not valid
	 * @throws BadRecordException (mismatch) naming the column when the value does not fit
	 */
	static void read(JsonParser parser, DataType type, String path, byte[] source, long base, RowValues row,
			int column) throws IOException {
		JsonToken token = parser.currentToken();
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
					row.setLong(column, (token == JsonToken.VALUE_TRUE) ? 1 : 0);
					return;
				}
				break;
			case TINYINT:
				if (token == JsonToken.VALUE_NUMBER_INT) {
					row.setLong(column, JsonValues.integer(parser, type, path, Byte.MIN_VALUE, Byte.MAX_VALUE));
					return;
				}
				break;
			case SMALLINT:
				if (token == JsonToken.VALUE_NUMBER_INT) {
					row.setLong(column, JsonValues.integer(parser, type, path, Short.MIN_VALUE, Short.MAX_VALUE));
					return;
				}
				break;
			case INTEGER:
				if (token == JsonToken.VALUE_NUMBER_INT) {
					row.setLong(column, JsonValues.integer(parser, type, path, Integer.MIN_VALUE, Integer.MAX_VALUE));
					return;
				}
				break;
			case BIGINT:
				if (token == JsonToken.VALUE_NUMBER_INT) {
					row.setLong(column, JsonValues.integer(parser, type, path, Long.MIN_VALUE, Long.MAX_VALUE));
					return;
				}
				break;
			case FLOAT:
			case DOUBLE:
				if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
					row.setDouble(column, JsonValues.floating(parser, type, path));
					return;
				}
				break;
			case DECIMAL:
				if (compactDecimal(parser, (DecimalType) type, row, column)) {
					return;
				}
				break;
			case CHAR:
			case VARCHAR:
				if (token == JsonToken.VALUE_STRING && asciiSlice(parser, source, base, row, column)) {
					return;
				}
				break;
			default:
				break;
		}
		row.set(column, JsonValues.read(parser, type, path));
	}

	/** A plain JSON number that fits a DECIMAL of precision up to 18 exactly, as its unscaled value. */
	private static boolean compactDecimal(JsonParser parser, DecimalType type, RowValues row, int column)
			throws IOException {
		JsonToken token = parser.currentToken();
		if ((token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT)
				|| type.getPrecision() > JsonValues.MAX_COMPACT_PRECISION) {
			return false;
		}
		long unscaled = JsonValues.unscaled(parser.getTextCharacters(), parser.getTextOffset(),
				parser.getTextLength(), type);
		if (unscaled == JsonValues.NOT_COMPACT) {
			return false;
		}
		row.setLong(column, unscaled);
		return true;
	}

	/**
	 * The string token the parser is on as a slice of the source when it is plain ASCII: the token ends
	 * with the closing quote before the parser's location, and the text's length of bytes before that quote
	 * follows an opening quote and holds no quote, backslash, control character or byte of a multi-byte
	 * character. Such bytes are a whole JSON string literal whose text is its bytes; anything else is read
	 * from the parser's characters.
	 */
	private static boolean asciiSlice(JsonParser parser, byte[] source, long base, RowValues row, int column)
			throws IOException {
		long end = parser.currentLocation().getByteOffset() - base - 1; // the closing quote, if a byte source
		int length = parser.getTextLength();
		long start = end - length;
		if (end < 0 || end >= source.length || start < 1 || source[(int) end] != '"'
				|| source[(int) start - 1] != '"') {
			return false; // not a byte source (another encoding), or not where the token ends
		}
		int from = (int) start;
		for (int i = plainPrefix(source, from, (int) end); i < end; i++) {
			byte b = source[i];
			if (b == '"' || b == '\\' || b < 0x20) { // a byte of a multi-byte character is negative
				return false;
			}
		}
		row.setSlice(column, source, from, length);
		return true;
	}

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
			ByteOrder.LITTLE_ENDIAN);

	private static final long ONES = 0x0101010101010101L;

	private static final long HIGHS = 0x8080808080808080L;

	/**
	 * Skips, eight bytes at a time, the bytes from a position (up to an end) that are printable ASCII other
	 * than a quote or a backslash; returns where the byte-wise scan goes on.
	 */
	private static int plainPrefix(byte[] source, int from, int to) {
		int i = from;
		int last = to - Long.BYTES;
		while (i <= last) {
			long word = (long) LONGS.get(source, i);
			long quote = word ^ (ONES * '"');
			long backslash = word ^ (ONES * '\\');
			long special = (word & HIGHS) // a byte of 0x80 or more
					| ((word - ONES * 0x20) & ~word & HIGHS) // a byte below 0x20
					| ((quote - ONES) & ~quote & HIGHS) | ((backslash - ONES) & ~backslash & HIGHS);
			if (special != 0) {
				break;
			}
			i += Long.BYTES;
		}
		return i;
	}

}
