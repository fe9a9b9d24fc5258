package io.github.paimonspring.test;

import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;

/**
 * Entry point of the AssertJ assertions on Paimon tables: import {@code assertThat} and {@code row}
 * statically.
 *
 * <pre>{@code
 * assertThat(orders).hasRowCount(2).containsExactlyInAnyOrderRows(row(1L, "alice"), row(2L, "bob"));
 * assertThat(orders).latestSnapshot().hasCommitKind(Snapshot.CommitKind.APPEND);
 * }</pre>
 *
 * An expected value matches a value read back as {@link TableRows} returns it; numbers match by
 * value whatever their Java type ({@code 1} matches a {@code BIGINT} 1, {@code new BigDecimal("9.9")}
 * a {@code DECIMAL(10, 2)} 9.90), ISO-8601 text matches a date, time or timestamp
 * ({@code "2026-11-30T10:15:30"}), {@code byte[]} by content, lists and maps value by value.
 */
public final class PaimonAssertions {

	private PaimonAssertions() {
	}

	/**
	 * Assertions on a table's latest snapshot.
	 * @param table the table, such as a {@code paimon.tables} bean
	 * @return the assertions
	 */
	public static TableAssert assertThat(Table table) {
		return new TableAssert(TableRows.of(table));
	}

	/**
	 * Assertions on rows chosen with {@link TableRows} (a snapshot, projected columns).
	 * @param rows the rows
	 * @return the assertions
	 */
	public static TableAssert assertThat(TableRows rows) {
		return new TableAssert(rows);
	}

	/**
	 * An expected row.
	 * @param values one value per column, in column order ({@code null} for SQL {@code NULL})
	 * @return the row
	 */
	public static ExpectedRow row(@Nullable Object... values) {
		return new ExpectedRow(values);
	}

}
