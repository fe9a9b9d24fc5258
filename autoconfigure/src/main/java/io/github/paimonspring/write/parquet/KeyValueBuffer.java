package io.github.paimonspring.write.parquet;

import java.util.Arrays;

import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.RowKind;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a primary-key table written since the last flush, on the heap, column by column: every
 * column of the table, and per row its sequence number, row kind and group (its partition and bucket).
 * Read back as a batch in the layout of Paimon's key-value files. Not thread-safe.
 */
final class KeyValueBuffer {

	private final RowType rowType;

	private final BufferedColumn[] columns;

	private final BufferedColumns.Longs sequences = new BufferedColumns.Longs(BufferedColumns.Longs.Kind.LONG, 0, 0);

	private final BufferedColumns.Ints kinds = new BufferedColumns.Ints(DataTypeRoot.TINYINT);

	private int[] groups = new int[0];

	/**
	 * Creates the buffer.
	 * @param rowType the table's rows, whose every column {@link BufferedColumn#of} takes
	 */
	KeyValueBuffer(RowType rowType) {
		this.rowType = rowType;
		this.columns = new BufferedColumn[rowType.getFieldCount()];
		for (int c = 0; c < this.columns.length; c++) {
			BufferedColumn column = BufferedColumn.of(rowType.getTypeAt(c));
			if (column == null) {
				throw new IllegalArgumentException("Column '" + rowType.getFieldNames().get(c) + "' of type "
						+ rowType.getTypeAt(c) + " cannot be buffered");
			}
			this.columns[c] = column;
		}
	}

	/**
	 * Appends rows {@code rows[from..to)} of a batch.
	 * @param batch the batch, columns in the table's order
	 * @param rows row positions
	 * @param from the first index into {@code rows}
	 * @param to the index after the last one
	 * @param kinds the row kinds of the batch, or {@code null} for inserts only
	 * @param sequence the sequence number of each appended row, {@code sequence[k - from]}
	 * @param group the group of each appended row, {@code group[k - from]}
	 */
	void append(VectorizedColumnBatch batch, int[] rows, int from, int to, byte @Nullable [] kinds, long[] sequence,
			int[] group) {
		int first = this.sequences.size;
		for (int c = 0; c < this.columns.length; c++) {
			this.columns[c].append(batch.columns[c], rows, from, to);
		}
		int count = to - from;
		if (first + count > this.groups.length) {
			this.groups = Arrays.copyOf(this.groups, BufferedColumn.grown(this.groups.length, first + count));
		}
		for (int k = 0; k < count; k++) {
			this.sequences.add(sequence[k]);
			this.kinds.add((kinds != null) ? kinds[rows[from + k]] : RowKind.INSERT.toByteValue());
			this.groups[first + k] = group[k];
		}
	}

	/** The rows held. */
	int size() {
		return this.sequences.size;
	}

	/** The group of row {@code i}. */
	int group(int i) {
		return this.groups[i];
	}

	long sequence(int i) {
		return this.sequences.getLong(i);
	}

	byte kind(int i) {
		return (byte) this.kinds.getInt(i);
	}

	/** The heap bytes the rows take, about. */
	long bytes() {
		long bytes = 16L * size();
		for (BufferedColumn column : this.columns) {
			bytes += column.bytes();
		}
		return bytes;
	}

	/**
	 * The heap bytes of the largest column, about: a column holds less than 2 GB, so the buffer is
	 * written before one comes near that.
	 * @return the bytes
	 */
	long largestColumnBytes() {
		long largest = 0;
		for (BufferedColumn column : this.columns) {
			largest = Math.max(largest, column.bytes());
		}
		return largest;
	}

	/** The table's columns, as a batch in the table's order. */
	VectorizedColumnBatch rows() {
		return new VectorizedColumnBatch(this.columns);
	}

	/**
	 * The rows in the layout of a key-value file: the key columns, the sequence number, the row kind,
	 * then every column of the table.
	 * @param keyColumns the positions of the key columns in the table
	 * @return the batch
	 */
	VectorizedColumnBatch keyValues(int[] keyColumns) {
		ColumnVector[] layout = new ColumnVector[keyColumns.length + 2 + this.columns.length];
		for (int k = 0; k < keyColumns.length; k++) {
			layout[k] = this.columns[keyColumns[k]];
		}
		layout[keyColumns.length] = this.sequences;
		layout[keyColumns.length + 1] = this.kinds;
		System.arraycopy(this.columns, 0, layout, keyColumns.length + 2, this.columns.length);
		return new VectorizedColumnBatch(layout);
	}

	/** The buffered column of the table's column {@code c}. */
	BufferedColumn column(int c) {
		return this.columns[c];
	}

	/** The heap bytes the buffer's arrays hold, used or not. */
	long capacityBytes() {
		long bytes = this.sequences.capacityBytes() + this.kinds.capacityBytes() + 4L * this.groups.length;
		for (BufferedColumn column : this.columns) {
			bytes += column.capacityBytes();
		}
		return bytes;
	}

	/** The table rows this buffer holds. */
	RowType rowType() {
		return this.rowType;
	}

	/** Forgets every row, keeping the arrays for the next ones. */
	void clear() {
		for (BufferedColumn column : this.columns) {
			column.clear();
		}
		this.sequences.clear();
		this.kinds.clear();
	}

}
