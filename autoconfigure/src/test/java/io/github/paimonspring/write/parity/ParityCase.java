package io.github.paimonspring.write.parity;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.paimon.types.RowKind;
import org.jspecify.annotations.Nullable;

/**
 * One generated differential case: a table (append with {@code bucket = -1}, or primary key {@code k}
 * with fixed buckets; partitioned by {@code p} or not), its options, and rounds of writes through the
 * public write API, each round prepared and then some of the prepared rounds committed together, with
 * restarts of the writer. Written once through the starter and once through Paimon's writer, both
 * tables must read and look alike.
 *
 * @param primaryKeys the primary key ({@code k}, and {@code p} when partitioned), or empty for an
 * append table
 * @param bucket the bucket count ({@code -1} for an append table)
 * @param partitionKey the partition column, or {@code null}
 * @param columns every column in table order
 * @param options the table options
 * @param kindColumn whether batches carry the {@code _row_kind} column
 * @param rounds the rounds, in order
 * @param filters the constants of the pushed-down filters read at the end
 */
record ParityCase(List<String> primaryKeys, int bucket, @Nullable String partitionKey, List<ParityColumn> columns,
		Map<String, String> options, boolean kindColumn, List<Round> rounds, Filters filters) {

	/** The numeric column the filters read. */
	static final String NUMBER = "n";

	/** The string column the filters read. */
	static final String TEXT = "s";

	/**
	 * A row: its kind and a raw Arrow value (or {@code null}) per column.
	 *
	 * @param kind the row kind
	 * @param values the values in column order
	 */
	record Row(RowKind kind, List<@Nullable Object> values) {

		@Override
		public String toString() {
			return this.kind.shortString()
					+ this.values.stream().map(Row::render).collect(Collectors.joining(", ", "(", ")"));
		}

		private static String render(@Nullable Object value) {
			return (value instanceof String text) ? '"' + text + '"' : String.valueOf(value);
		}

	}

	/**
	 * A round: batches written, then a prepare; then the oldest {@code commit} prepared rounds (at most
	 * as many as are waiting) are committed in one commit; then, if nothing waits and {@code restart}
	 * is set, the writer is closed and a new one opened.
	 *
	 * @param writes the batches, each a list of rows (possibly empty)
	 * @param commit how many waiting rounds to commit after the prepare
	 * @param restart whether to open a new writer afterwards
	 */
	record Round(List<List<Row>> writes, int commit, boolean restart) {

		@Override
		public String toString() {
			return "write " + this.writes + ", prepare, commit " + this.commit + (this.restart ? ", restart" : "");
		}

	}

	/**
	 * The constants of the filters read at the end: {@code n = number}, {@code n BETWEEN number AND
	 * number + span}, {@code s = text} and {@code s >= from}.
	 *
	 * @param number the numeric constant
	 * @param span the width of the numeric range
	 * @param text the string constant
	 * @param from the lower bound of the string range
	 */
	record Filters(int number, int span, String text, String from) {
	}

	boolean hasPrimaryKey() {
		return !this.primaryKeys.isEmpty();
	}

	int columnIndex(String name) {
		for (int i = 0; i < this.columns.size(); i++) {
			if (this.columns.get(i).name().equals(name)) {
				return i;
			}
		}
		throw new IllegalArgumentException(name);
	}

	@Override
	public String toString() {
		StringBuilder text = new StringBuilder(hasPrimaryKey() ? "primary key " + this.primaryKeys : "append")
			.append(", bucket ").append(this.bucket)
			.append((this.partitionKey != null) ? ", partitioned by " + this.partitionKey : "")
			.append(this.kindColumn ? ", with _row_kind" : "")
			.append("\n  columns ").append(this.columns)
			.append("\n  options ").append(this.options)
			.append("\n  filters ").append(this.filters);
		for (int r = 0; r < this.rounds.size(); r++) {
			text.append("\n  round ").append(r + 1).append(": ").append(this.rounds.get(r));
		}
		return text.toString();
	}

}
