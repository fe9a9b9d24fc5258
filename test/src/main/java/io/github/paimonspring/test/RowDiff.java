package io.github.paimonspring.test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Compares expected rows with rows read back, in any order, and says what differs: for a row that
 * has no equal expected row, the expected row it is closest to (the same primary key, else the most
 * equal columns) and each column that differs; expected rows missing; rows read that were not
 * expected.
 */
final class RowDiff {

	private final TableRows rows;

	private final List<String> columns;

	private final List<String> keyColumns;

	private final List<String> lines = new ArrayList<>();

	private RowDiff(TableRows rows) {
		this.rows = rows;
		this.columns = rows.columnNames();
		List<String> keys = rows.table().primaryKeys();
		this.keyColumns = (!keys.isEmpty() && this.columns.containsAll(keys)) ? keys : List.of();
	}

	/**
	 * Compares.
	 * @param rows what was read
	 * @param actual the rows read
	 * @param expected the expected rows
	 * @param exactly whether rows read beyond the expected ones are differences
	 * @return one line per difference; empty when the rows match
	 */
	static List<String> compare(TableRows rows, List<Map<String, @Nullable Object>> actual, List<ExpectedRow> expected,
			boolean exactly) {
		RowDiff diff = new RowDiff(rows);
		diff.run(actual, expected, exactly);
		return diff.lines;
	}

	private void run(List<Map<String, @Nullable Object>> actual, List<ExpectedRow> expected, boolean exactly) {
		List<Integer> unmatchedActual = new ArrayList<>();
		for (int i = 0; i < actual.size(); i++) {
			unmatchedActual.add(i);
		}
		List<ExpectedRow> unmatchedExpected = new ArrayList<>();
		for (ExpectedRow row : expected) {
			Integer equal = unmatchedActual.stream().filter((i) -> differences(row,
					actual.get(i)).isEmpty()).findFirst()
				.orElse(null);
			if (equal != null) {
				unmatchedActual.remove(equal);
			}
			else {
				unmatchedExpected.add(row);
			}
		}
		for (ExpectedRow row : unmatchedExpected) {
			Integer closest = closest(row, actual, unmatchedActual);
			if (closest == null) {
				this.lines.add("missing row " + row);
				continue;
			}
			unmatchedActual.remove(closest);
			String name = this.rows.describeRow(actual.get(closest), closest);
			for (String difference : differences(row, actual.get(closest))) {
				this.lines.add(name + ": " + difference);
			}
		}
		if (exactly) {
			for (Integer index : unmatchedActual) {
				this.lines.add("unexpected " + unexpected(actual.get(index), index));
			}
		}
	}

	/**
	 * A row read that no expected row matched, with all its values: {@code row 3 {kind="buy", n=3}} by its
	 * position in an append table, {@code row {order_id=9, customer="zed"}} in a primary-key table, whose
	 * rows are named by their key and where a position says nothing.
	 */
	private String unexpected(Map<String, @Nullable Object> row, int index) {
		return this.keyColumns.isEmpty() ? this.rows.describeRow(row, index) : "row " + ValueText.of(row);
	}

	/** The unmatched row read with the same primary key, else the one with the most equal columns (at least one). */
	private @Nullable Integer closest(ExpectedRow row, List<Map<String, @Nullable Object>> actual,
			List<Integer> candidates) {
		if (!this.keyColumns.isEmpty()) {
			return candidates.stream().filter((i) -> sameKey(row, actual.get(i))).findFirst().orElse(null);
		}
		Integer best = null;
		int bestEqual = 0;
		for (Integer index : candidates) {
			int equal = this.columns.size() - differences(row, actual.get(index)).size();
			if (equal > bestEqual) {
				best = index;
				bestEqual = equal;
			}
		}
		return best;
	}

	private boolean sameKey(ExpectedRow row, Map<String, @Nullable Object> actual) {
		for (String key : this.keyColumns) {
			if (!ValueMatch.matches(row.values().get(this.columns.indexOf(key)), actual.get(key))) {
				return false;
			}
		}
		return true;
	}

	private List<String> differences(ExpectedRow row, Map<String, @Nullable Object> actual) {
		List<String> differences = new ArrayList<>();
		for (int c = 0; c < this.columns.size(); c++) {
			String column = this.columns.get(c);
			Object expected = row.values().get(c);
			Object read = actual.get(column);
			if (!ValueMatch.matches(expected, read)) {
				differences.add("column '" + column + "' is " + ValueText.typed(read)
						+ " but " + ValueText.typed(expected)
						+ " was expected");
			}
		}
		return differences;
	}

}
