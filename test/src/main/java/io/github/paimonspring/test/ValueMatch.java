package io.github.paimonspring.test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Whether an expected value matches a value read back: numbers by value whatever their Java type
 * ({@code 1} matches a {@code BIGINT} 1, {@code new BigDecimal("10.5")} a {@code DECIMAL(10, 2)}
 * 10.50), a string written as ISO-8601 text matches a date or time value, {@code byte[]} by content,
 * lists and maps element by element, anything else by {@code equals}.
 */
final class ValueMatch {

	private ValueMatch() {
	}

	static boolean matches(@Nullable Object expected, @Nullable Object actual) {
		if (expected == null || actual == null) {
			return expected == actual;
		}
		if (expected instanceof Number number && actual instanceof Number read) {
			if (!Double.isFinite(number.doubleValue()) || !Double.isFinite(read.doubleValue())) {
				return Double.compare(number.doubleValue(), read.doubleValue()) == 0;
			}
			return decimal(number).compareTo(decimal(read)) == 0;
		}
		if (expected instanceof CharSequence text && !(actual instanceof CharSequence)) {
			return temporal(text.toString(), actual);
		}
		if (expected instanceof CharSequence text) {
			return text.toString().equals(actual.toString());
		}
		if (expected instanceof byte[] bytes && actual instanceof byte[] read) {
			return Arrays.equals(bytes, read);
		}
		if (expected instanceof List<?> list && actual instanceof List<?> read) {
			return elements(list, read);
		}
		if (expected instanceof Map<?, ?> map && actual instanceof Map<?, ?> read) {
			return entries(map, read);
		}
		return Objects.equals(expected, actual);
	}

	private static BigDecimal decimal(Number number) {
		if (number instanceof BigDecimal decimal) {
			return decimal;
		}
		if (number instanceof Long || number instanceof Integer || number instanceof Short || number instanceof Byte) {
			return BigDecimal.valueOf(number.longValue());
		}
		// Float and Double by their shortest text, so that 1.1f matches 1.1
		return new BigDecimal(number.toString());
	}

	private static boolean temporal(String text, Object actual) {
		try {
			if (actual instanceof LocalDate) {
				return LocalDate.parse(text).equals(actual);
			}
			if (actual instanceof LocalTime) {
				return LocalTime.parse(text).equals(actual);
			}
			if (actual instanceof LocalDateTime) {
				return LocalDateTime.parse(text).equals(actual);
			}
			if (actual instanceof Instant) {
				return Instant.parse(text).equals(actual);
			}
		}
		catch (DateTimeParseException ex) {
			return false;
		}
		return false;
	}

	private static boolean elements(List<?> expected, List<?> actual) {
		if (expected.size() != actual.size()) {
			return false;
		}
		Iterator<?> read = actual.iterator();
		for (Object element : expected) {
			if (!matches(element, read.next())) {
				return false;
			}
		}
		return true;
	}

	private static boolean entries(Map<?, ?> expected, Map<?, ?> actual) {
		if (expected.size() != actual.size()) {
			return false;
		}
		for (Map.Entry<?, ?> entry : expected.entrySet()) {
			Object key = actual.keySet().stream().filter((k) -> matches(entry.getKey(), k)).findFirst().orElse(null);
			if (key == null || !matches(entry.getValue(), actual.get(key))) {
				return false;
			}
		}
		return true;
	}

}
