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

import io.github.paimonspring.kafka.BadRecordException;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.TimestampType;

/**
 * Reads column values from text (record keys and headers, map keys, JSON strings of temporal and
 * decimal columns) and from whole numbers (record timestamps, epoch numbers of temporal columns), by
 * the rules {@link JsonValues} follows; a value that does not fit is a {@link BadRecordException}
 * (mismatch) naming the column.
 */
final class TextValues {

	private TextValues() {
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

	static BigDecimal parseDecimal(String text, DataType type, String path) {
		try {
			return new BigDecimal(text.trim());
		}
		catch (NumberFormatException ex) {
			throw mismatch(path, type, "needs a decimal number, got '" + shorten(text) + "'");
		}
	}

	static BigDecimal decimal(BigDecimal value, DecimalType type, String path) {
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

	private static BadRecordException mismatch(String path, DataType type, String what) {
		return JsonValues.mismatch(path, type, what);
	}

	private static String shorten(String text) {
		return JsonValues.shorten(text);
	}

}
