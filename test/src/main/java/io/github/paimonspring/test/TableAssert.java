package io.github.paimonspring.test;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.apache.paimon.Snapshot;
import org.assertj.core.api.AbstractAssert;
import org.jspecify.annotations.Nullable;

/**
 * AssertJ assertions on the rows and files of a Paimon table, read back with Paimon's reader. Made by
 * {@link PaimonAssertions#assertThat(org.apache.paimon.table.Table)}; the rows are read once, on the
 * first row assertion, from the snapshot that is then the latest (or the one chosen with
 * {@link #atSnapshot(long)} or {@link #addedIn(long)}).
 *
 * <pre>{@code
 * assertThat(orders).hasRowCount(2)
 *     .containsExactlyInAnyOrderRows(row(1L, "2026-11-30", "alice"), row(2L, "2026-11-30", "bob"))
 *     .hasFilesPerBucketAtMost(1);
 * assertThat(orders).onColumns("order_id", "customer").containsRows(row(1L, "alice"));
 * assertThat(orders).latestSnapshot().hasCommitKind(Snapshot.CommitKind.APPEND);
 * }</pre>
 *
 * Failure messages name the table and the snapshot read, each row that differs (by its primary key
 * when the columns include it) and each column that differs.
 */
public class TableAssert extends AbstractAssert<TableAssert, TableRows> {

	private TableRows.@Nullable Read read;

	TableAssert(TableRows rows) {
		super(rows, TableAssert.class);
	}

	/**
	 * Narrows the row assertions to these columns: the values of {@link PaimonAssertions#row} are then
	 * given in this order.
	 * @param columns column names of the table
	 * @return assertions on the projected rows
	 */
	public TableAssert onColumns(String... columns) {
		return next(this.actual.columns(columns));
	}

	/**
	 * Asserts on the table as of one snapshot.
	 * @param snapshotId the snapshot id
	 * @return assertions on the rows of that snapshot
	 */
	public TableAssert atSnapshot(long snapshotId) {
		return next(wrap(() -> this.actual.atSnapshot(snapshotId)));
	}

	/**
	 * Asserts on the rows one snapshot added (see {@link TableRows#addedIn(long)}).
	 * @param snapshotId the snapshot id, such as the {@code snapshotId()} of a write result
	 * @return assertions on the rows that snapshot added
	 */
	public TableAssert addedIn(long snapshotId) {
		return next(wrap(() -> this.actual.addedIn(snapshotId)));
	}

	/**
	 * Verifies the number of rows.
	 * @param expected the expected number of rows
	 * @return {@code this}
	 */
	public TableAssert hasRowCount(int expected) {
		TableRows.Read rows = read();
		if (rows.rows().size() != expected) {
			failWithActualExpectedAndMessage(rows.rows().size(), expected, "%s", "Expected " + rows.description()
					+ " to have " + expected + " row(s) but it has " + rows.rows().size() + rowList(rows));
		}
		return this;
	}

	/**
	 * Verifies that there are no rows.
	 * @return {@code this}
	 */
	public TableAssert isEmpty() {
		return hasRowCount(0);
	}

	/**
	 * Verifies that the rows are exactly these, in any order (duplicates count).
	 * @param rows the expected rows, values in column order
	 * @return {@code this}
	 */
	public TableAssert containsExactlyInAnyOrderRows(ExpectedRow... rows) {
		return compare(List.of(rows), true);
	}

	/**
	 * Verifies that the rows include these, in any order; other rows may exist.
	 * @param rows the expected rows, values in column order
	 * @return {@code this}
	 */
	public TableAssert containsRows(ExpectedRow... rows) {
		return compare(List.of(rows), false);
	}

	/**
	 * Verifies that no data file group (one bucket of one partition) of the snapshot has more than
	 * {@code max} data files, for example that writes were compacted or group-committed.
	 * @param max the largest number of files a bucket may have
	 * @return {@code this}
	 */
	public TableAssert hasFilesPerBucketAtMost(int max) {
		String failure = BucketFiles.of(this.actual).firstOver(max);
		if (failure != null) {
			failWithMessage("%s", failure);
		}
		return this;
	}

	/**
	 * Verifies the number of snapshots the table keeps.
	 * @param expected the expected number of snapshots
	 * @return {@code this}
	 */
	public TableAssert hasSnapshotCount(long expected) {
		long count = BucketFiles.snapshotCount(this.actual.table());
		if (count != expected) {
			failWithActualExpectedAndMessage(count, expected, "%s", "Expected table '" + this.actual.table().fullName()
					+ "' to have " + expected + " snapshot(s) but it has " + count);
		}
		return this;
	}

	/**
	 * Asserts on the table's latest snapshot.
	 * @return assertions on that snapshot
	 */
	public SnapshotAssert latestSnapshot() {
		Snapshot snapshot = this.actual.table().latestSnapshot().orElse(null);
		if (snapshot == null) {
			failWithMessage("%s", "Expected table '" + this.actual.table().fullName()
					+ "' to have a snapshot, but nothing was committed to it yet");
		}
		return describedAs(new SnapshotAssert(snapshot, this.actual.table().fullName()));
	}

	/**
	 * Asserts on one snapshot of the table.
	 * @param snapshotId the snapshot id
	 * @return assertions on that snapshot
	 */
	public SnapshotAssert snapshot(long snapshotId) {
		TableRows rows = wrap(() -> this.actual.atSnapshot(snapshotId));
		return describedAs(new SnapshotAssert(rows.table().snapshot(snapshotId), rows.table().fullName()));
	}

	private TableAssert compare(List<ExpectedRow> expected, boolean exactly) {
		TableRows.Read rows = read();
		List<String> columns = this.actual.columnNames();
		for (ExpectedRow row : expected) {
			if (row.values().size() != columns.size()) {
				failWithMessage("%s", "Expected row " + row + " has " + row.values().size() + " value(s) but "
						+ rows.description() + " has " + columns.size() + " column(s) " + columns
						+ "; give a value per column or narrow the assertion with onColumns(...)");
			}
		}
		List<String> differences = RowDiff.compare(this.actual, rows.rows(), expected, exactly);
		if (!differences.isEmpty()) {
			String message = "Expected " + rows.description() + " to contain "
					+ (exactly ? "exactly these " : "these ") + expected.size() + " row(s) in any order" + " "
					+ columns + ", but:" + differences.stream().map((line) -> "\n  " + line).collect(Collectors
							.joining())
					+ rowList(rows);
			failWithActualExpectedAndMessage(ValueText.of(rows.rows()), expected.toString(), "%s", message);
		}
		return this;
	}

	private TableRows.Read read() {
		isNotNull();
		if (this.read == null) {
			this.read = this.actual.read();
		}
		return this.read;
	}

	private String rowList(TableRows.Read rows) {
		List<Map<String, @Nullable Object>> list = rows.rows();
		if (list.isEmpty()) {
			return "";
		}
		int shown = Math.min(list.size(), 20);
		StringBuilder text = new StringBuilder("\nRows read:");
		for (int i = 0; i < shown; i++) {
			text.append("\n  ").append(ValueText.of(list.get(i)));
		}
		if (shown < list.size()) {
			text.append("\n  ... and ").append(list.size() - shown).append(" more");
		}
		return text.toString();
	}

	private TableAssert next(TableRows rows) {
		return describedAs(new TableAssert(rows));
	}

	private <A extends AbstractAssert<A, ?>> A describedAs(A next) {
		String description = descriptionText();
		return (description != null && !description.isEmpty()) ? next.as(description) : next;
	}

	private TableRows wrap(Supplier<TableRows> rows) {
		try {
			return rows.get();
		}
		catch (IllegalArgumentException ex) {
			failWithMessage("%s", ex.getMessage());
			throw ex;
		}
	}

}
