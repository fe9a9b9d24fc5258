package io.github.paimonspring.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.apache.paimon.Snapshot;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.RowKind;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a Paimon table read back with Paimon's own reader ({@link ReadBuilder}), as maps by
 * column name or as Java records: the latest snapshot, the table as of one snapshot, or the rows one
 * snapshot added.
 *
 * <pre>{@code
 * List<Map<String, Object>> rows = TableRows.of(orders).asMaps();
 * List<Order> atTwo = TableRows.of(orders).atSnapshot(2).as(Order.class);
 * List<Map<String, Object>> added = TableRows.of(orders).addedIn(result.snapshotId()).columns("order_id").asMaps();
 * }</pre>
 *
 * <p>
 * Values are plain Java values: {@code Boolean}, {@code Byte}, {@code Short}, {@code Integer},
 * {@code Long}, {@code Float}, {@code Double}, {@code BigDecimal} ({@code DECIMAL}), {@code String}
 * ({@code CHAR}, {@code VARCHAR}, {@code STRING}), {@code byte[]}, {@code LocalDate},
 * {@code LocalTime}, {@code LocalDateTime} ({@code TIMESTAMP}), {@code Instant}
 * ({@code TIMESTAMP_LTZ}), {@code List} ({@code ARRAY}), {@code Map} ({@code MAP}, and {@code ROW} by
 * field name); maps keep the column order. A primary-key table reads merged (one row per key).
 *
 * <p>
 * Instances are immutable: every method returning {@code TableRows} returns a new one. Each read
 * pins the snapshot it reads, so that {@link #describe()} can name it. The {@link Table} object keeps
 * the schema it was loaded with: after a schema change, load the table again (for example with
 * {@code paimon.tables().getTable("orders")}).
 */
public final class TableRows {

	private final Table table;

	private final @Nullable Long snapshotId;

	private final boolean addedOnly;

	private final @Nullable List<String> columns;

	private TableRows(Table table, @Nullable Long snapshotId, boolean addedOnly, @Nullable List<String> columns) {
		this.table = table;
		this.snapshotId = snapshotId;
		this.addedOnly = addedOnly;
		this.columns = columns;
	}

	/**
	 * The rows of the table's latest snapshot (none while it has no snapshot).
	 * @param table the table, such as a {@code paimon.tables} bean
	 * @return the rows
	 */
	public static TableRows of(Table table) {
		return new TableRows(table, null, false, null);
	}

	/**
	 * The rows as of one snapshot (time travel).
	 * @param snapshotId the snapshot id
	 * @return the rows of that snapshot
	 * @throws IllegalArgumentException naming the table if it has no such snapshot
	 */
	public TableRows atSnapshot(long snapshotId) {
		checkSnapshot(snapshotId);
		return new TableRows(this.table, snapshotId, false, this.columns);
	}

	/**
	 * The rows one snapshot added: those it inserted or updated (Paimon's incremental read from the
	 * previous snapshot); deletes are left out, and a compaction or overwrite snapshot adds none (read
	 * an overwrite with {@link #atSnapshot(long)}). Useful when tests share a warehouse: pass the
	 * {@code snapshotId()} of the write under test.
	 * @param snapshotId the snapshot id
	 * @return the rows that snapshot added
	 * @throws IllegalArgumentException naming the table if it has no such snapshot
	 */
	public TableRows addedIn(long snapshotId) {
		checkSnapshot(snapshotId);
		return new TableRows(this.table, snapshotId, true, this.columns);
	}

	/**
	 * Only these columns, in this order (Paimon reads only them).
	 * @param columns column names of the table
	 * @return the projected rows
	 * @throws IllegalArgumentException naming the table and the column if a column does not exist
	 */
	public TableRows columns(String... columns) {
		List<String> names = List.of(columns);
		if (names.isEmpty()) {
			throw new IllegalArgumentException("No columns given for table '" + this.table.fullName() + "'");
		}
		for (String name : names) {
			if (this.table.rowType().getFieldIndex(name) < 0) {
				throw new IllegalArgumentException("Table '" + this.table.fullName() + "' has no column '" + name
						+ "'; its columns are " + this.table.rowType().getFieldNames());
			}
		}
		return new TableRows(this.table, this.snapshotId, this.addedOnly, names);
	}

	/**
	 * Reads the rows as maps from column name to value, in column order.
	 * @return the rows in the order Paimon reads them (buckets and files are not ordered)
	 */
	public List<Map<String, @Nullable Object>> asMaps() {
		return read().rows();
	}

	/**
	 * Reads the rows as Java records. A record component takes the column of the same name, or its
	 * {@code snake_case} column ({@code orderId} reads {@code order_id}); columns without a component
	 * are ignored. Values are converted with Spring's conversion service where the types differ (an
	 * {@code INT} column into a {@code long} component, for example).
	 * @param <R> the record type
	 * @param type the record class
	 * @return the rows as records, in the order Paimon reads them
	 * @throws IllegalArgumentException naming the table, the row and the column if a value does not fit
	 * a component, or a component has no column
	 */
	public <R extends Record> List<R> as(Class<R> type) {
		Read read = read();
		return new RecordMapper<>(type, read.description(), this::describeRow).map(read.rows());
	}

	/**
	 * Counts the rows.
	 * @return the number of rows {@link #asMaps()} returns
	 */
	public int count() {
		return asMaps().size();
	}

	/**
	 * Returns the table these rows are read from.
	 * @return the table
	 */
	public Table table() {
		return this.table;
	}

	/**
	 * Returns the snapshot chosen with {@link #atSnapshot} or {@link #addedIn}.
	 * @return the snapshot id, or {@code null} for the latest
	 */
	public @Nullable Long snapshotId() {
		return this.snapshotId;
	}

	/**
	 * Returns the column names the rows have.
	 * @return the projected columns, or all columns in table order
	 */
	public List<String> columnNames() {
		return (this.columns != null) ? this.columns : this.table.rowType().getFieldNames();
	}

	/**
	 * Describes what is read, for messages: {@code table 'shop.orders' (latest snapshot)},
	 * {@code table 'shop.orders' (snapshot 3)} or {@code table 'shop.orders' (rows added in snapshot 3)}.
	 * @return the description
	 */
	public String describe() {
		return describe(this.snapshotId);
	}

	/**
	 * Names one row for messages: by its primary key when the row has the key columns
	 * ({@code the row with order_id=2, dt=2026-11-30}), else by its position and values
	 * ({@code row 2 {id=2, name=bob}}).
	 * @param row a row as {@link #asMaps()} returns it
	 * @param index its position in the rows read, from 0
	 * @return the name
	 */
	public String describeRow(Map<String, ? extends @Nullable Object> row, int index) {
		List<String> keys = this.table.primaryKeys();
		if (!keys.isEmpty() && row.keySet().containsAll(keys)) {
			return "the row with " + keys.stream().map((key) -> key + "=" + ValueText.of(row.get(key)))
				.collect(Collectors.joining(", "));
		}
		return "row " + (index + 1) + " " + ValueText.of(row);
	}

	private String describe(@Nullable Long pinned) {
		String what = "table '" + this.table.fullName() + "'";
		if (this.addedOnly) {
			return what + " (rows added in snapshot " + pinned + ")";
		}
		if (this.snapshotId != null) {
			return what + " (snapshot " + pinned + ")";
		}
		return (pinned != null) ? what + " (latest snapshot " + pinned + ")" : what + " (no snapshot yet)";
	}

	/**
	 * Reads the rows, naming the snapshot read in the description.
	 * @return the rows and what was read
	 */
	Read read() {
		Long pinned = this.snapshotId;
		if (pinned == null) {
			pinned = this.table.latestSnapshot().map(Snapshot::id).orElse(null);
		}
		String description = describe(pinned);
		if (pinned == null) {
			return new Read(List.of(), description);
		}
		Table source = this.addedOnly
				? this.table.copy(Map.of("incremental-between", (pinned - 1) + "," + pinned))
				: this.table.copy(Map.of("scan.snapshot-id", String.valueOf(pinned)));
		ReadBuilder builder = source.newReadBuilder();
		RowType rowType = this.table.rowType();
		if (this.columns != null) {
			int[] projection = this.columns.stream().mapToInt(rowType::getFieldIndex).toArray();
			builder.withProjection(projection);
			rowType = rowType.project(projection);
		}
		List<Map<String, @Nullable Object>> rows = new ArrayList<>();
		RowType readType = rowType;
		try (RecordReader<InternalRow> reader = builder.newRead().createReader(builder.newScan().plan())) {
			reader.forEachRemaining((row) -> {
				if (!this.addedOnly || row.getRowKind() == RowKind.INSERT || row.getRowKind() == RowKind.UPDATE_AFTER) {
					rows.add(RowValues.toMap(row, readType));
				}
			});
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + description + ": " + ex.getMessage(), ex);
		}
		return new Read(rows, description);
	}

	private void checkSnapshot(long snapshotId) {
		Optional<Snapshot> latest = this.table.latestSnapshot();
		boolean exists;
		try {
			exists = latest.isPresent() && snapshotId >= Snapshot.FIRST_SNAPSHOT_ID && snapshotId <= latest.get().id()
					&& this.table.snapshot(snapshotId) != null;
		}
		catch (RuntimeException ex) {
			exists = false;
		}
		if (!exists) {
			throw new IllegalArgumentException("Table '" + this.table.fullName() + "' has no snapshot " + snapshotId
					+ latest.map((s) -> " (latest: " + s.id() + ")").orElse(" (it has no snapshot yet)"));
		}
	}

	/** Rows read, and the description naming the snapshot they were read from. */
	record Read(List<Map<String, @Nullable Object>> rows, String description) {

		@Override
		public String toString() {
			return this.description + ": " + Arrays.toString(this.rows.toArray());
		}

	}

}
