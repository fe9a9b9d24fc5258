package io.github.paimonspring.test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.paimonspring.arrow.ArrowTypes;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.jspecify.annotations.Nullable;

/**
 * Writes Java values into the Arrow vectors of the canonical schema ({@link ArrowTypes}): one value
 * at one index, converting exactly or refusing with a message that says which Java types the column
 * takes.
 */
final class ArrowValues {

	private ArrowValues() {
	}

	/**
	 * Sets one value; {@code null} sets a null (also in a {@code NOT NULL} column, so that a test can
	 * check that the write is refused).
	 * @throws IllegalArgumentException saying why the value does not fit (the caller names row and column)
	 */
	static void set(FieldVector vector, int index, @Nullable Object value) {
		if (value == null) {
			vector.setNull(index);
			return;
		}
		if (vector instanceof BitVector bits) {
			bits.setSafe(index, as(Boolean.class, value, vector) ? 1 : 0);
		}
		else if (vector instanceof TinyIntVector tiny) {
			tiny.setSafe(index, (byte) integral(value, Byte.MIN_VALUE, Byte.MAX_VALUE, vector));
		}
		else if (vector instanceof SmallIntVector small) {
			small.setSafe(index, (short) integral(value, Short.MIN_VALUE, Short.MAX_VALUE, vector));
		}
		else if (vector instanceof IntVector ints) {
			ints.setSafe(index, (int) integral(value, Integer.MIN_VALUE, Integer.MAX_VALUE, vector));
		}
		else if (vector instanceof BigIntVector longs) {
			longs.setSafe(index, integral(value, Long.MIN_VALUE, Long.MAX_VALUE, vector));
		}
		else if (vector instanceof Float4Vector floats) {
			floats.setSafe(index, as(Number.class, value, vector).floatValue());
		}
		else if (vector instanceof Float8Vector doubles) {
			doubles.setSafe(index, as(Number.class, value, vector).doubleValue());
		}
		else if (vector instanceof VarCharVector strings) {
			strings.setSafe(index, as(CharSequence.class, value, vector).toString().getBytes(StandardCharsets.UTF_8));
		}
		else if (vector instanceof VarBinaryVector bytes) {
			bytes.setSafe(index, as(byte[].class, value, vector));
		}
		else if (vector instanceof DecimalVector decimals) {
			decimals.setSafe(index, decimal(value, decimals));
		}
		else if (vector instanceof DateDayVector dates) {
			dates.setSafe(index, Math.toIntExact(temporal(LocalDate.class, value, vector).toEpochDay()));
		}
		else if (vector instanceof TimeMilliVector times) {
			times.setSafe(index, timeMillis(temporal(LocalTime.class, value, vector), vector));
		}
		else if (vector instanceof TimeStampVector timestamps) {
			timestamps.setSafe(index, timestamp(value, timestamps));
		}
		else if (vector instanceof MapVector map) {
			setMap(map, index, as(Map.class, value, vector));
		}
		else if (vector instanceof ListVector list) {
			setList(list, index, (value instanceof Object[] array) ? Arrays.asList(array) : as(List.class, value,
					vector));
		}
		else if (vector instanceof StructVector struct) {
			setStruct(struct, index, as(Map.class, value, vector));
		}
		else {
			throw new IllegalArgumentException("Arrow type " + describe(vector) + " is not one TestBatches writes");
		}
	}

	private static void setList(ListVector vector, int index, List<?> values) {
		int start = vector.startNewValue(index);
		FieldVector elements = (FieldVector) vector.getDataVector();
		for (int i = 0; i < values.size(); i++) {
			nested(elements, start + i, values.get(i), "[" + i + "]");
		}
		vector.endValue(index, values.size());
	}

	private static void setMap(MapVector vector, int index, Map<?, ?> values) {
		int start = vector.startNewValue(index);
		StructVector entries = (StructVector) vector.getDataVector();
		FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
		FieldVector items = (FieldVector) entries.getChildByOrdinal(1);
		int i = start;
		for (Map.Entry<?, ?> entry : values.entrySet()) {
			if (entry.getKey() == null) {
				throw new IllegalArgumentException("a map key is null; Paimon map keys are NOT NULL");
			}
			entries.setIndexDefined(i);
			nested(keys, i, entry.getKey(), ".key");
			nested(items, i, entry.getValue(), "[" + ValueText.of(entry.getKey()) + "]");
			i++;
		}
		vector.endValue(index, values.size());
	}

	private static void setStruct(StructVector vector, int index, Map<?, ?> values) {
		List<String> names = vector.getChildFieldNames();
		for (Object key : values.keySet()) {
			if (!names.contains(String.valueOf(key))) {
				throw new IllegalArgumentException("the row value has field '" + key
						+ "', which is not one of " + names);
			}
		}
		vector.setIndexDefined(index);
		for (String name : names) {
			nested((FieldVector) vector.getChild(name), index, values.get(name), "." + name);
		}
	}

	/** Sets a nested value; a failure names the path inside the column. */
	private static void nested(FieldVector vector, int index, @Nullable Object value, String path) {
		try {
			set(vector, index, value);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(path + ": " + ex.getMessage(), ex);
		}
	}

	private static long integral(Object value, long min, long max, FieldVector vector) {
		BigInteger integer;
		if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
			integer = BigInteger.valueOf(((Number) value).longValue());
		}
		else if (value instanceof BigInteger big) {
			integer = big;
		}
		else {
			throw wrongType(value, vector, "Long, Integer, Short, Byte or BigInteger");
		}
		if (integer.compareTo(BigInteger.valueOf(min)) < 0 || integer.compareTo(BigInteger.valueOf(max)) > 0) {
			throw new IllegalArgumentException(integer + " is out of range for " + describe(vector) + " (" + min
					+ " to "
					+ max + ")");
		}
		return integer.longValue();
	}

	private static BigDecimal decimal(Object value, DecimalVector vector) {
		BigDecimal decimal;
		if (value instanceof BigDecimal big) {
			decimal = big;
		}
		else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
				|| value instanceof BigInteger) {
			decimal = new BigDecimal(value.toString());
		}
		else {
			throw wrongType(value, vector, "BigDecimal, Long, Integer, Short, Byte or BigInteger");
		}
		BigDecimal scaled;
		try {
			scaled = decimal.setScale(vector.getScale(), RoundingMode.UNNECESSARY);
		}
		catch (ArithmeticException ex) {
			throw new IllegalArgumentException(decimal.toPlainString() + " has more than " + vector.getScale()
					+ " decimal place(s) for " + describe(vector));
		}
		if (scaled.precision() > vector.getPrecision()) {
			throw new IllegalArgumentException(decimal.toPlainString() + " has more than " + vector.getPrecision()
					+ " digit(s) for " + describe(vector));
		}
		return scaled;
	}

	private static int timeMillis(LocalTime time, FieldVector vector) {
		if (time.toNanoOfDay() % 1_000_000 != 0) {
			throw new IllegalArgumentException(time + " is more precise than the milliseconds " + describe(vector)
					+ " holds");
		}
		return (int) (time.toNanoOfDay() / 1_000_000L);
	}

	private static long timestamp(Object value, TimeStampVector vector) {
		ArrowType.Timestamp type = (ArrowType.Timestamp) vector.getField().getType();
		boolean zoned = type.getTimezone() != null && !type.getTimezone().isEmpty();
		Instant instant;
		if (zoned) {
			if (value instanceof Instant i) {
				instant = i;
			}
			else if (value instanceof OffsetDateTime o) {
				instant = o.toInstant();
			}
			else if (value instanceof ZonedDateTime z) {
				instant = z.toInstant();
			}
			else if (value instanceof CharSequence text) {
				instant = parse(text, Instant::parse, vector);
			}
			else {
				throw wrongType(value, vector, "Instant, OffsetDateTime, ZonedDateTime or ISO-8601 text");
			}
		}
		else {
			instant = temporal(LocalDateTime.class, value, vector).toInstant(ZoneOffset.UTC);
		}
		long seconds = instant.getEpochSecond();
		int nanos = instant.getNano();
		long unitsPerSecond = switch (type.getUnit()) {
			case SECOND -> 1L;
			case MILLISECOND -> 1_000L;
			case MICROSECOND -> 1_000_000L;
			case NANOSECOND -> 1_000_000_000L;
		};
		long nanosPerUnit = 1_000_000_000L / unitsPerSecond;
		if (nanos % nanosPerUnit != 0) {
			throw new IllegalArgumentException(value + " is more precise than the " + unitName(type.getUnit()) + " "
					+ describe(vector) + " holds");
		}
		return Math.addExact(Math.multiplyExact(seconds, unitsPerSecond), nanos / nanosPerUnit);
	}

	private static String unitName(TimeUnit unit) {
		return switch (unit) {
			case SECOND -> "seconds";
			case MILLISECOND -> "milliseconds";
			case MICROSECOND -> "microseconds";
			case NANOSECOND -> "nanoseconds";
		};
	}

	/** A date or time value, or its ISO-8601 text. */
	private static <T> T temporal(Class<T> type, Object value, FieldVector vector) {
		if (type.isInstance(value)) {
			return type.cast(value);
		}
		if (value instanceof CharSequence text) {
			if (type == LocalDate.class) {
				return type.cast(parse(text, LocalDate::parse, vector));
			}
			if (type == LocalTime.class) {
				return type.cast(parse(text, LocalTime::parse, vector));
			}
			return type.cast(parse(text, LocalDateTime::parse, vector));
		}
		throw wrongType(value, vector, type.getSimpleName() + " or ISO-8601 text");
	}

	private static <T> T parse(CharSequence text, Function<CharSequence, T> parser, FieldVector vector) {
		try {
			return parser.apply(text);
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException("\"" + text + "\" is not ISO-8601 text for " + describe(vector) + ": "
					+ ex.getMessage());
		}
	}

	private static <T> T as(Class<T> type, Object value, FieldVector vector) {
		if (!type.isInstance(value)) {
			throw wrongType(value, vector, type.getSimpleName());
		}
		return type.cast(value);
	}

	private static IllegalArgumentException wrongType(Object value, FieldVector vector, String accepted) {
		return new IllegalArgumentException(ValueText.typed(value) + " does not fit " + describe(vector) + "; it takes "
				+ accepted);
	}

	private static String describe(FieldVector vector) {
		return "Arrow " + ArrowTypes.describe(vector.getField().getType());
	}

}
