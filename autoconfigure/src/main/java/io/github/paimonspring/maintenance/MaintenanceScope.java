package io.github.paimonspring.maintenance;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Which tables the scheduled maintenance maintains, each with its {@link MaintenancePolicy}: the
 * declared tables, and every table the instances of this service write ({@link WrittenTables}), except
 * the tables an exclusion pattern matches. A declared table has its own policy; an undeclared one the
 * policy configured for its identifier, else the default policy. Exclusions win over both: an excluded
 * table is never maintained on the schedule (the operations on demand still work).
 * <p>
 * An exclusion pattern matches the whole identifier {@code database.table}, ignoring case; {@code *}
 * stands for any characters, {@code ?} for one: {@code analytics.*} excludes every table of the
 * database {@code analytics}, {@code *.raw_*} every table whose name starts with {@code raw_}.
 */
public final class MaintenanceScope {

	private final Map<String, MaintenancePolicy> declared;

	private final Map<String, MaintenancePolicy> overrides;

	private final MaintenancePolicy defaults;

	private final List<String> exclude;

	private final List<Pattern> patterns;

	private final @Nullable WrittenTables written;

	/**
	 * Creates the scope.
	 * @param declared the declared tables with their policies, by identifier
	 * @param overrides the policies of undeclared tables, by identifier
	 * @param defaults the policy of the other undeclared tables
	 * @param exclude the exclusion patterns over identifiers
	 * @param written the tables the instances write, or {@code null} to maintain the declared tables only
	 * @throws IllegalArgumentException if a pattern is no {@code database.table} pattern
	 */
	public MaintenanceScope(Map<String, MaintenancePolicy> declared, Map<String, MaintenancePolicy> overrides,
			MaintenancePolicy defaults, List<String> exclude, @Nullable WrittenTables written) {
		this.declared = Collections.unmodifiableMap(new LinkedHashMap<>(declared));
		this.overrides = Map.copyOf(overrides);
		this.defaults = defaults;
		this.exclude = List.copyOf(exclude);
		this.patterns = this.exclude.stream().map(MaintenanceScope::pattern).toList();
		this.written = written;
	}

	/**
	 * The scope of the declared tables alone, none excluded.
	 * @param declared the declared tables with their policies, by identifier
	 * @return the scope
	 */
	public static MaintenanceScope declaredOnly(Map<String, MaintenancePolicy> declared) {
		return new MaintenanceScope(declared, Map.of(), new MaintenancePolicy(false, 1), List.of(), null);
	}

	/**
	 * Reads the written tables from the shared state again and returns the tables to maintain now.
	 * @return the policies by identifier: the declared tables first, then the written ones
	 */
	public Map<String, MaintenancePolicy> refresh() {
		return tables((this.written != null) ? this.written.refresh() : Set.of());
	}

	/**
	 * Returns the tables to maintain as of the last {@link #refresh} and this instance's writes since,
	 * without reading the shared state.
	 * @return the policies by identifier: the declared tables first, then the written ones
	 */
	public Map<String, MaintenancePolicy> tables() {
		return tables((this.written != null) ? this.written.tables() : Set.of());
	}

	private Map<String, MaintenancePolicy> tables(Set<String> writtenTables) {
		Map<String, MaintenancePolicy> tables = new LinkedHashMap<>();
		this.declared.forEach((table, policy) -> {
			if (!excluded(table)) {
				tables.put(table, policy);
			}
		});
		for (String table : writtenTables) {
			if (!tables.containsKey(table) && !this.declared.containsKey(table) && !excluded(table)) {
				tables.put(table, this.overrides.getOrDefault(table, this.defaults));
			}
		}
		return tables;
	}

	/**
	 * Returns whether an exclusion pattern matches a table.
	 * @param table the table identifier
	 * @return {@code true} when the table is never maintained on the schedule
	 */
	public boolean excluded(String table) {
		return this.patterns.stream().anyMatch((pattern) -> pattern.matcher(table).matches());
	}

	/**
	 * Returns the exclusion patterns.
	 * @return the patterns as configured
	 */
	public List<String> exclude() {
		return this.exclude;
	}

	/**
	 * Stops maintaining a written table that no longer exists, on every instance, until it is written
	 * again; a declared table stays.
	 * @param table the table identifier
	 * @return whether the table was forgotten ({@code false} for a declared table)
	 */
	public boolean forget(String table) {
		if (this.written == null || this.declared.containsKey(table)) {
			return false;
		}
		this.written.forget(table);
		return true;
	}

	/**
	 * Compiles an exclusion pattern.
	 * @param glob the pattern over {@code database.table}, with {@code *} and {@code ?}
	 * @return the pattern, matching whole identifiers and ignoring case
	 * @throws IllegalArgumentException if it is blank or has no {@code .} between a database and a table
	 * part
	 */
	public static Pattern pattern(String glob) {
		String trimmed = glob.trim();
		int dot = trimmed.indexOf('.');
		if (dot <= 0 || dot == trimmed.length() - 1) {
			throw new IllegalArgumentException("'" + glob
					+ "' is no database.table pattern (for example analytics.* or "
					+ "*.raw_events)");
		}
		StringBuilder regex = new StringBuilder();
		StringBuilder literal = new StringBuilder();
		for (int i = 0; i < trimmed.length(); i++) {
			char c = trimmed.charAt(i);
			if (c == '*' || c == '?') {
				if (literal.length() > 0) {
					regex.append(Pattern.quote(literal.toString()));
					literal.setLength(0);
				}
				regex.append((c == '*') ? ".*" : ".");
			}
			else {
				literal.append(c);
			}
		}
		if (literal.length() > 0) {
			regex.append(Pattern.quote(literal.toString()));
		}
		return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
	}

	@Override
	public String toString() {
		return "MaintenanceScope[declared=" + this.declared.keySet() + ", exclude=" + this.exclude + "]";
	}

}
