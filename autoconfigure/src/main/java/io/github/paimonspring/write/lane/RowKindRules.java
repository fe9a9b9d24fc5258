package io.github.paimonspring.write.lane;

import java.util.Map;

import io.github.paimonspring.arrow.ArrowDataException;
import org.apache.paimon.CoreOptions;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.RowKind;

/**
 * Which row kinds from a batch's row-kind column a table can take, so that nothing is dropped
 * silently: append tables take inserts only; a table that derives row kinds from a column of its
 * own ({@code rowkind.field}) takes no row-kind column; a table with {@code ignore-delete} takes no
 * {@code -D}; the {@code first-row} merge engine takes no {@code -U}/{@code -D}; and
 * {@code partial-update} takes them only with {@code partial-update.remove-record-on-delete} or
 * sequence groups. Aggregation tables retract as their aggregate functions define.
 */
public final class RowKindRules {

	/** What a table takes. */
	private enum Takes {

		/** Every kind. */
		ALL,
		/** Inserts and updates, no deletes. */
		NO_DELETES,
		/** Inserts only. */
		INSERTS,
		/** No row-kind column at all. */
		NO_COLUMN

	}

	private final String table;

	private final String column;

	private final Takes takes;

	private final String reason;

	private RowKindRules(String table, String column, Takes takes, String reason) {
		this.table = table;
		this.column = column;
		this.takes = takes;
		this.reason = reason;
	}

	/**
	 * Returns the rules of a table.
	 * @param table the table identifier, for messages
	 * @param fileStoreTable the table
	 * @param column the name of the row-kind column
	 * @return the rules
	 */
	public static RowKindRules of(String table, FileStoreTable fileStoreTable, String column) {
		CoreOptions options = fileStoreTable.coreOptions();
		if (fileStoreTable.primaryKeys().isEmpty()) {
			return new RowKindRules(table, column, Takes.INSERTS, "table '" + table + "' is an append table (no "
					+ "primary key), which only takes inserts ('+I')");
		}
		if (options.rowkindField().isPresent()) {
			return new RowKindRules(table, column, Takes.NO_COLUMN, "table '" + table + "' takes row kinds from its "
					+ "own column '" + options.rowkindField().get() + "' (rowkind.field); leave out column '" + column
							+ "'");
		}
		if (options.ignoreDelete()) {
			return new RowKindRules(table, column, Takes.NO_DELETES, "table '" + table + "' has ignore-delete=true and "
					+ "would drop it silently");
		}
		CoreOptions.MergeEngine engine = options.mergeEngine();
		if (engine == CoreOptions.MergeEngine.FIRST_ROW) {
			return new RowKindRules(table, column, Takes.INSERTS, "table '" + table + "' keeps the first row of a key "
					+ "(merge-engine=first-row) and takes no updates or deletes");
		}
		if (engine == CoreOptions.MergeEngine.PARTIAL_UPDATE
				&& !options.toConfiguration().get(CoreOptions.PARTIAL_UPDATE_REMOVE_RECORD_ON_DELETE)
				&& !hasSequenceGroup(options.toMap())) {
			return new RowKindRules(table, column, Takes.INSERTS, "table '" + table + "' (merge-engine=partial-update) "
					+ "takes '-U' and '-D' only with partial-update.remove-record-on-delete=true or sequence groups");
		}
		return new RowKindRules(table, column, Takes.ALL, "");
	}

	private static boolean hasSequenceGroup(Map<String, String> options) {
		return options.keySet().stream().anyMatch((key) -> key.startsWith("fields.")
				&& key.endsWith(".sequence-group"));
	}

	/**
	 * Refuses the first row whose kind the table cannot take, naming it and its kind.
	 * @param kinds the row kinds of a batch, as byte values
	 * @throws ArrowDataException if a row cannot be taken; nothing of the batch has been written
	 */
	public void check(byte[] kinds) {
		if (this.takes == Takes.ALL) {
			return;
		}
		if (this.takes == Takes.NO_COLUMN) {
			throw new ArrowDataException(this.table, this.column, null, null, -1,
					"The batch has a row-kind column '" + this.column + "', but " + this.reason);
		}
		for (int row = 0; row < kinds.length; row++) {
			RowKind kind = RowKind.fromByteValue(kinds[row]);
			if (kind == RowKind.INSERT || (this.takes == Takes.NO_DELETES && kind != RowKind.DELETE)) {
				continue;
			}
			throw new ArrowDataException(this.table, this.column, null, null, row, "Row " + row + " has row kind '"
					+ kind.shortString() + "' in column '" + this.column + "', but " + this.reason
					+ "; nothing was written");
		}
	}

}
