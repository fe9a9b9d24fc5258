package io.github.paimonspring.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;

/**
 * Parses Paimon SQL type strings such as {@code INT NOT NULL}, {@code DECIMAL(10, 2)},
 * {@code TIMESTAMP_LTZ(3)}, {@code ARRAY<STRING>}, {@code MAP<STRING, INT>} or
 * {@code ROW<a INT, b STRING>} into Paimon data types.
 *
 * @since 0.1.0
 */
public final class PaimonTypeParser {

	/** The type names {@link #parse} knows, for the hint on a misspelt one. */
	private static final List<String> TYPE_NAMES = List.of("BOOLEAN", "TINYINT", "SMALLINT", "INT", "INTEGER", "BIGINT",
			"FLOAT", "DOUBLE", "DECIMAL", "NUMERIC", "DEC", "CHAR", "VARCHAR", "STRING", "BINARY", "VARBINARY", "BYTES",
			"DATE", "TIME", "TIMESTAMP", "TIMESTAMP_LTZ", "ARRAY", "MULTISET", "MAP", "ROW");

	private final String text;

	private int pos;

	private int nextFieldId;

	private PaimonTypeParser(String text) {
		this.text = text;
	}

	/**
	 * Parses a type string.
	 * @param type the type string (case-insensitive keywords)
	 * @return the Paimon type
	 * @throws IllegalArgumentException with the position and the reason when the string is not a type
	 */
	public static DataType parse(@Nullable String type) {
		if (type == null || type.isBlank()) {
			throw new IllegalArgumentException("type must not be empty");
		}
		PaimonTypeParser parser = new PaimonTypeParser(type);
		DataType result = parser.parseType();
		parser.skipSpaces();
		if (parser.pos < parser.text.length()) {
			throw parser.error("unexpected '" + parser.text.substring(parser.pos) + "' after the type");
		}
		return result;
	}

	private DataType parseType() {
		skipSpaces();
		int start = this.pos;
		String word = keyword();
		DataType type = switch (word) {
			case "BOOLEAN" -> DataTypes.BOOLEAN();
			case "TINYINT" -> DataTypes.TINYINT();
			case "SMALLINT" -> DataTypes.SMALLINT();
			case "INT", "INTEGER" -> DataTypes.INT();
			case "BIGINT" -> DataTypes.BIGINT();
			case "FLOAT" -> DataTypes.FLOAT();
			case "DOUBLE" -> {
				optionalKeyword("PRECISION");
				yield DataTypes.DOUBLE();
			}
			case "DECIMAL", "NUMERIC", "DEC" -> {
				int[] args = optionalArgs(2);
				int precision = (args.length > 0) ? args[0] : 10;
				int scale = (args.length > 1) ? args[1] : 0;
				check(precision >= 1 && precision <= 38, "DECIMAL precision must be between 1 and 38");
				check(scale >= 0 && scale <= precision, "DECIMAL scale must be between 0 and the precision");
				yield DataTypes.DECIMAL(precision, scale);
			}
			case "CHAR" -> DataTypes.CHAR(length(1));
			case "VARCHAR" -> DataTypes.VARCHAR(length(Integer.MAX_VALUE));
			case "STRING" -> DataTypes.STRING();
			case "BINARY" -> DataTypes.BINARY(length(1));
			case "VARBINARY" -> DataTypes.VARBINARY(length(Integer.MAX_VALUE));
			case "BYTES" -> DataTypes.BYTES();
			case "DATE" -> DataTypes.DATE();
			case "TIME" -> {
				int precision = precision(0, 0, 9);
				optionalTimeZoneSuffix(false);
				yield DataTypes.TIME(precision);
			}
			case "TIMESTAMP" -> {
				int precision = precision(6, 0, 9);
				yield optionalTimeZoneSuffix(true) ? DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision)
						: DataTypes.TIMESTAMP(precision);
			}
			case "TIMESTAMP_LTZ" -> DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision(6, 0, 9));
			case "ARRAY" -> {
				expect('<');
				DataType element = parseType();
				expect('>');
				yield DataTypes.ARRAY(element);
			}
			case "MULTISET" -> {
				expect('<');
				DataType element = parseType();
				expect('>');
				yield DataTypes.MULTISET(element);
			}
			case "MAP" -> {
				expect('<');
				DataType key = parseType();
				expect(',');
				DataType value = parseType();
				expect('>');
				yield DataTypes.MAP(key, value);
			}
			case "ROW" -> parseRow();
			default -> throw error(start, unknownType(word));
		};
		return nullability(type);
	}

	private DataType parseRow() {
		skipSpaces();
		char close;
		if (peek() == '<') {
			close = '>';
		}
		else if (peek() == '(') {
			close = ')';
		}
		else {
			throw error("expected '<' after ROW");
		}
		this.pos++;
		List<DataField> fields = new ArrayList<>();
		skipSpaces();
		if (peek() == close) {
			this.pos++;
			return DataTypes.ROW(fields.toArray(new DataField[0]));
		}
		while (true) {
			String name = fieldName();
			DataType type = parseType();
			String description = null;
			if (optionalKeyword("COMMENT")) {
				description = quoted();
			}
			fields.add(new DataField(this.nextFieldId++, name, type, description));
			skipSpaces();
			char c = peek();
			this.pos++;
			if (c == close) {
				return DataTypes.ROW(fields.toArray(new DataField[0]));
			}
			if (c != ',') {
				this.pos--;
				throw error("expected ',' or '" + close + "' in ROW");
			}
		}
	}

	private DataType nullability(DataType type) {
		int mark = this.pos;
		if (optionalKeyword("NOT")) {
			if (!optionalKeyword("NULL")) {
				throw error("expected NULL after NOT");
			}
			return type.copy(false);
		}
		if (optionalKeyword("NULL")) {
			return type.copy(true);
		}
		this.pos = mark;
		return type;
	}

	private boolean optionalTimeZoneSuffix(boolean allowLocal) {
		int mark = this.pos;
		if (optionalKeyword("WITHOUT")) {
			requireKeywords("TIME", "ZONE");
			return false;
		}
		if (optionalKeyword("WITH")) {
			if (!allowLocal) {
				throw error("TIME WITH ... TIME ZONE is not supported");
			}
			requireKeywords("LOCAL", "TIME", "ZONE");
			return true;
		}
		this.pos = mark;
		return false;
	}

	private void requireKeywords(String... words) {
		for (String word : words) {
			if (!optionalKeyword(word)) {
				throw error("expected " + word);
			}
		}
	}

	private int length(int defaultValue) {
		int[] args = optionalArgs(1);
		int length = (args.length > 0) ? args[0] : defaultValue;
		check(length >= 1, "length must be at least 1");
		return length;
	}

	private int precision(int defaultValue, int min, int max) {
		int[] args = optionalArgs(1);
		int precision = (args.length > 0) ? args[0] : defaultValue;
		check(precision >= min && precision <= max, "precision must be between " + min + " and " + max);
		return precision;
	}

	private int[] optionalArgs(int max) {
		skipSpaces();
		if (peek() != '(') {
			return new int[0];
		}
		this.pos++;
		List<Integer> values = new ArrayList<>();
		while (true) {
			values.add(number());
			skipSpaces();
			char c = peek();
			this.pos++;
			if (c == ')') {
				break;
			}
			if (c != ',') {
				this.pos--;
				throw error("expected ',' or ')'");
			}
		}
		if (values.size() > max) {
			throw error("too many arguments");
		}
		return values.stream().mapToInt(Integer::intValue).toArray();
	}

	private int number() {
		skipSpaces();
		int start = this.pos;
		while (this.pos < this.text.length() && Character.isDigit(this.text.charAt(this.pos))) {
			this.pos++;
		}
		if (start == this.pos) {
			throw error("expected a number");
		}
		try {
			return Integer.parseInt(this.text.substring(start, this.pos));
		}
		catch (NumberFormatException ex) {
			throw error("number too large");
		}
	}

	private String keyword() {
		skipSpaces();
		int start = this.pos;
		while (this.pos < this.text.length()
				&& (Character.isLetterOrDigit(this.text.charAt(this.pos)) || this.text.charAt(this.pos) == '_')) {
			this.pos++;
		}
		if (start == this.pos) {
			throw error((this.pos < this.text.length()) ? "expected a type name" : "type ends too early");
		}
		return this.text.substring(start, this.pos).toUpperCase(Locale.ROOT);
	}

	private String fieldName() {
		skipSpaces();
		if (peek() == '`') {
			int end = this.text.indexOf('`', this.pos + 1);
			if (end < 0) {
				throw error("unterminated `name`");
			}
			String name = this.text.substring(this.pos + 1, end);
			this.pos = end + 1;
			return name;
		}
		int start = this.pos;
		while (this.pos < this.text.length()
				&& (Character.isLetterOrDigit(this.text.charAt(this.pos)) || this.text.charAt(this.pos) == '_')) {
			this.pos++;
		}
		if (start == this.pos) {
			throw error("expected a field name");
		}
		return this.text.substring(start, this.pos);
	}

	private String quoted() {
		skipSpaces();
		if (peek() != '\'') {
			throw error("expected a quoted comment");
		}
		int end = this.text.indexOf('\'', this.pos + 1);
		if (end < 0) {
			throw error("unterminated comment");
		}
		String value = this.text.substring(this.pos + 1, end);
		this.pos = end + 1;
		return value;
	}

	private boolean optionalKeyword(String word) {
		skipSpaces();
		int end = this.pos + word.length();
		if (end <= this.text.length() && this.text.substring(this.pos, end).equalsIgnoreCase(word)
				&& (end == this.text.length() || !(Character.isLetterOrDigit(this.text.charAt(end))
						|| this.text.charAt(end) == '_'))) {
			this.pos = end;
			return true;
		}
		return false;
	}

	private void expect(char c) {
		skipSpaces();
		if (peek() != c) {
			throw error("expected '" + c + "'");
		}
		this.pos++;
	}

	private char peek() {
		return (this.pos < this.text.length()) ? this.text.charAt(this.pos) : '\0';
	}

	private void skipSpaces() {
		while (this.pos < this.text.length() && Character.isWhitespace(this.text.charAt(this.pos))) {
			this.pos++;
		}
	}

	private void check(boolean condition, String message) {
		if (!condition) {
			throw error(message);
		}
	}

	private IllegalArgumentException error(String message) {
		return error(this.pos, message);
	}

	/**
	 * An error at a 0-based index of the text, reported 1-based: the first character of the word or the
	 * character the parser stopped at, or "the end" when the text ends too early.
	 */
	private IllegalArgumentException error(int index, String message) {
		String where = (index < this.text.length()) ? "at position " + (index + 1) : "at the end";
		return new IllegalArgumentException("Invalid Paimon type '" + this.text + "' " + where + ": " + message);
	}

	/** "unknown type 'X'", with the closest type name when one is a typo away. */
	private static String unknownType(String word) {
		String closest = null;
		int best = 3;
		for (String name : TYPE_NAMES) {
			int distance = distance(word, name);
			if (distance < best) {
				best = distance;
				closest = name;
			}
		}
		return "unknown type '" + word + "'" + ((closest != null) ? "; did you mean '" + closest + "'?"
				: "; expected one of " + String.join(", ", TYPE_NAMES));
	}

	/** The Levenshtein distance of two short words. */
	private static int distance(String a, String b) {
		int[] previous = new int[b.length() + 1];
		int[] current = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int substitution = previous[j - 1] + ((a.charAt(i - 1) == b.charAt(j - 1)) ? 0 : 1);
				current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length()];
	}

}
