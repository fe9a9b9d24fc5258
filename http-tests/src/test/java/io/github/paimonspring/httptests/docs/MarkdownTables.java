package io.github.paimonspring.httptests.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The tables of a Markdown document (GitHub's pipe tables, outside fenced code blocks), and the lines
 * that are not well-formed rows of them.
 *
 * <p>
 * A table is a header row followed by a delimiter row ({@code |---|---|}); its rows are the lines after
 * them that start with {@code |}, up to the first line that does not. A well-formed row starts and ends
 * with {@code |} and has as many cells as the header; cells are separated by the {@code |} that are not
 * escaped ({@code \|}), as GitHub splits them (a {@code |} in a code span splits the cell too). A line
 * that starts with {@code |} but belongs to no table (a header without a delimiter row) is a problem as
 * well.
 */
final class MarkdownTables {

	private static final Pattern DELIMITER = Pattern.compile("^\\|?(\\s*:?-+:?\\s*\\|)*\\s*:?-+:?\\s*\\|?$");

	private static final Pattern FENCE = Pattern.compile("^ {0,3}(```+|~~~+).*$");

	private MarkdownTables() {
	}

	/**
	 * A table.
	 * @param line the 1-based line of its header
	 * @param header the header's cells
	 * @param rows its rows, well-formed or not
	 */
	record Table(int line, List<String> header, List<Row> rows) {

		/**
		 * The index of the header cell, or -1.
		 * @param predicate what the cell's text must satisfy
		 * @return the index, or -1
		 */
		int column(Predicate<String> predicate) {
			for (int i = 0; i < this.header.size(); i++) {
				if (predicate.test(this.header.get(i))) {
					return i;
				}
			}
			return -1;
		}

	}

	/**
	 * A row of a table.
	 * @param line its 1-based line
	 * @param cells its cells, trimmed
	 */
	record Row(int line, List<String> cells) {

	}

	/**
	 * The tables of a document and its malformed rows.
	 * @param tables the tables, in order
	 * @param problems one line per malformed row, {@code document:line: what}
	 */
	record Parsed(List<Table> tables, List<String> problems) {

	}

	/**
	 * Parses a document.
	 * @param document its name in messages ({@code docs/configuration.md})
	 * @param markdown its text
	 * @return its tables and problems
	 */
	static Parsed parse(String document, String markdown) {
		List<String> lines = markdown.lines().toList();
		List<Table> tables = new ArrayList<>();
		List<String> problems = new ArrayList<>();
		String fence = null;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (fence != null) {
				char mark = fence.charAt(0);
				if (line.startsWith(fence) && line.chars().allMatch((c) -> c == mark)) {
					fence = null;
				}
				continue;
			}
			if (FENCE.matcher(lines.get(i)).matches()) {
				fence = line.substring(0, line.length() - line.replaceFirst("^[`~]+", "").length());
				continue;
			}
			if (!line.startsWith("|")) {
				continue;
			}
			String where = document + ":" + (i + 1);
			if (i + 1 >= lines.size() || !DELIMITER.matcher(lines.get(i + 1).strip()).matches()) {
				problems.add(where + ": a table row outside a table (no delimiter row |---| under a header)");
				continue;
			}
			List<String> header = cells(line);
			List<String> delimiter = cells(lines.get(i + 1).strip());
			if (!line.endsWith("|") || delimiter.size() != header.size()) {
				problems.add(where + ": the header has " + header.size() + " cell(s), its delimiter row "
						+ delimiter.size());
			}
			List<Row> rows = new ArrayList<>();
			int j = i + 2;
			for (; j < lines.size() && lines.get(j).strip().startsWith("|"); j++) {
				String text = lines.get(j).strip();
				List<String> cells = cells(text);
				String at = document + ":" + (j + 1);
				if (!text.endsWith("|") || text.endsWith("\\|") || text.length() == 1) {
					problems.add(at + ": the row does not end with |");
				}
				else if (cells.size() != header.size()) {
					problems.add(at + ": " + cells.size() + " cell(s), but the header (line " + (i + 1) + ") has "
							+ header.size() + " (a row split or two rows spliced?)");
				}
				rows.add(new Row(j + 1, cells));
			}
			tables.add(new Table(i + 1, header, List.copyOf(rows)));
			i = j - 1;
		}
		if (fence != null) {
			problems.add(document + ": a code block is never closed");
		}
		return new Parsed(List.copyOf(tables), List.copyOf(problems));
	}

	/** The cells between the first and the last unescaped {@code |}, trimmed. */
	static List<String> cells(String line) {
		List<String> cells = new ArrayList<>();
		StringBuilder cell = new StringBuilder();
		boolean started = false;
		for (int i = 0; i < line.length(); i++) {
			char c = line.charAt(i);
			if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '|') {
				cell.append('|');
				i++;
			}
			else if (c == '|') {
				if (started) {
					cells.add(cell.toString().strip());
				}
				started = true;
				cell.setLength(0);
			}
			else {
				cell.append(c);
			}
		}
		if (!cell.toString().isBlank()) {
			// no closing pipe: the rest is a cell too
			cells.add(cell.toString().strip());
		}
		return cells;
	}

}
