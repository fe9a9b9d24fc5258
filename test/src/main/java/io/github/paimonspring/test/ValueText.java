package io.github.paimonspring.test;

import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * How values are written in messages: strings quoted, decimals plain, binaries in hex, lists and maps
 * recursively; so that {@code "1"} and {@code 1} look different.
 */
final class ValueText {

	private ValueText() {
	}

	static String of(@Nullable Object value) {
		if (value == null) {
			return "null";
		}
		if (value instanceof CharSequence text) {
			return "\"" + text + "\"";
		}
		if (value instanceof BigDecimal decimal) {
			return decimal.toPlainString();
		}
		if (value instanceof byte[] bytes) {
			return "0x" + HexFormat.of().formatHex(bytes);
		}
		if (value instanceof Map<?, ?> map) {
			return map.entrySet().stream().map((e) -> e.getKey() + "=" + of(e.getValue()))
				.collect(Collectors.joining(", ", "{", "}"));
		}
		if (value instanceof List<?> list) {
			return list.stream().map(ValueText::of).collect(Collectors.joining(", ", "[", "]"));
		}
		return value.toString();
	}

	/** The value with its Java type, for messages about mismatched types. */
	static String typed(@Nullable Object value) {
		return (value == null) ? "null" : of(value) + " (" + value.getClass().getSimpleName() + ")";
	}

}
