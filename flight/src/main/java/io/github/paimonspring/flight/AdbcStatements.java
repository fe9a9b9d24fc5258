package io.github.paimonspring.flight;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The two statements the ADBC Java driver (0.20) sends for a bulk ingest, which it builds from the target table and
 * the bound batch: {@code CREATE TABLE <table> (<column> <type>, ...)} for mode {@code create}, then a prepared
 * {@code INSERT INTO <table> VALUES (?, ...)} whose parameters are the batches. Only these exact shapes are
 * recognized: this endpoint runs no SQL, and every other statement is refused.
 */
final class AdbcStatements {

	private static final String NAME = "([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)";

	private static final Pattern INSERT = Pattern
		.compile("\\s*INSERT\\s+INTO\\s+" + NAME + "\\s+VALUES\\s*\\(\\s*\\?(?:\\s*,\\s*\\?)*\\s*\\)\\s*;?\\s*",
				Pattern.CASE_INSENSITIVE);

	private static final Pattern CREATE = Pattern.compile("\\s*CREATE\\s+TABLE\\s+" + NAME + "\\s*\\((.*)\\)\\s*;?\\s*",
			Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

	private static final Pattern COLUMN = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s+([A-Za-z]+(?:\\s*\\(\\s*\\d+"
			+ "(?:\\s*,\\s*\\d+)?\\s*\\))?)\\s*");

	private AdbcStatements() {
	}

	/**
	 * The table of an {@code INSERT INTO <table> VALUES (?, ...)}.
	 * @param sql the statement
	 * @return the table as named, or {@code null} if the statement is not of that shape
	 */
	static @Nullable String insertTable(String sql) {
		Matcher matcher = INSERT.matcher(sql);
		return matcher.matches() ? matcher.group(1) : null;
	}

	/**
	 * A {@code CREATE TABLE <table> (<column> <type>, ...)}.
	 * @param table the table as named
	 * @param columns the columns and their Paimon type names, in order
	 */
	record CreateTable(String table, Map<String, String> columns) {
	}

	/**
	 * Parses a {@code CREATE TABLE} of the driver's shape. Its type names are the driver's ({@code INT} for every
	 * integer, {@code CLOB} for strings) or Paimon's.
	 * @param sql the statement
	 * @return the statement, or {@code null} if it is not of that shape
	 */
	static @Nullable CreateTable createTable(String sql) {
		Matcher matcher = CREATE.matcher(sql);
		if (!matcher.matches()) {
			return null;
		}
		Map<String, String> columns = new LinkedHashMap<>();
		for (String column : split(matcher.group(2))) {
			Matcher definition = COLUMN.matcher(column);
			if (!definition.matches() || columns.containsKey(definition.group(1))) {
				return null;
			}
			columns.put(definition.group(1), paimonType(definition.group(2)));
		}
		return columns.isEmpty() ? null : new CreateTable(matcher.group(1), columns);
	}

	private static String paimonType(String sqlType) {
		String type = sqlType.replaceAll("\\s+", "").toUpperCase(Locale.ROOT);
		return switch (type) {
			case "CLOB", "TEXT", "VARCHAR" -> "STRING";
			case "BLOB", "VARBINARY" -> "BYTES";
			case "REAL" -> "FLOAT";
			default -> type;
		};
	}

	/** Splits column definitions at the commas outside parentheses ({@code DECIMAL(10, 2)}). */
	private static List<String> split(String definitions) {
		List<String> parts = new ArrayList<>();
		int depth = 0;
		int start = 0;
		for (int i = 0; i < definitions.length(); i++) {
			char c = definitions.charAt(i);
			if (c == '(') {
				depth++;
			}
			else if (c == ')') {
				depth--;
			}
			else if (c == ',' && depth == 0) {
				parts.add(definitions.substring(start, i));
				start = i + 1;
			}
		}
		parts.add(definitions.substring(start));
		return parts;
	}

}
