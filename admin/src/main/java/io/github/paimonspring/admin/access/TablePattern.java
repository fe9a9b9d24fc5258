package io.github.paimonspring.admin.access;

/**
 * The tables a grant covers: {@code *} (every table), {@code <database>.*} (every table of a database) or
 * {@code <database>.<table>} (one table). Names match exactly, as the catalog spells them.
 *
 * @param pattern the pattern as written
 */
public record TablePattern(String pattern) {

	/** Every table. */
	public static final TablePattern ALL = new TablePattern("*");

	/**
	 * Checks the pattern.
	 * @param pattern the pattern as written
	 * @throws IllegalArgumentException saying what a pattern looks like
	 */
	public TablePattern {
		if (!isValid(pattern)) {
			throw new IllegalArgumentException("Invalid table pattern '" + pattern + "': use *, <database>.* or "
					+ "<database>.<table>");
		}
	}

	private static boolean isValid(String pattern) {
		if (pattern.equals("*")) {
			return true;
		}
		int dot = pattern.indexOf('.');
		if (dot <= 0 || dot == pattern.length() - 1 || pattern.indexOf('.', dot + 1) >= 0
				|| pattern.chars().anyMatch(Character::isWhitespace)) {
			return false;
		}
		int star = pattern.indexOf('*');
		return star < 0 || (star == dot + 1 && star == pattern.length() - 1);
	}

	/**
	 * Parses a pattern, trimmed.
	 * @param pattern for example {@code shop.*}
	 * @return the pattern
	 * @throws IllegalArgumentException if it is not one
	 */
	public static TablePattern of(String pattern) {
		return new TablePattern(pattern.trim());
	}

	/**
	 * Whether the pattern covers a table.
	 * @param table {@code database.table}
	 * @return {@code true} if it does
	 */
	public boolean matches(String table) {
		if (this.pattern.equals("*")) {
			return true;
		}
		if (this.pattern.endsWith(".*")) {
			int dot = table.indexOf('.');
			return dot > 0 && table.regionMatches(0, this.pattern, 0, dot + 1) && dot + 1 == this.pattern.length() - 1;
		}
		return this.pattern.equals(table);
	}

	@Override
	public String toString() {
		return this.pattern;
	}

}
