package io.github.paimonspring.write.parquet;

import java.util.Arrays;
import java.util.Comparator;

import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.jspecify.annotations.Nullable;

/**
 * Puts the buffered rows of one partition and bucket in the order of Paimon's key-value files and keeps
 * what Paimon's deduplicating write buffer keeps: rows sorted by primary key with Paimon's key
 * comparator, rows of equal keys by arrival (sequence number), and of each key only the last row. A
 * key of one integer-like column (INT and narrower, BIGINT, DATE, TIME, a decimal up to 18 digits, a
 * timestamp up to microseconds) is sorted as a number, which is the order Paimon's comparator gives it
 * — a timestamp of precision 4 to 6 as its microseconds, then the nanoseconds within them, which
 * Paimon's keys keep; any other key as Paimon's serialized key row with Paimon's comparator. Not
 * thread-safe.
 */
final class KeyOrder {

	private final RowKeyExtractor keys;

	private final Comparator<InternalRow> comparator;

	/** The table column holding a one-column key that sorts as a number, or -1. */
	private final int numericKey;

	private final ColumnarRow row = new ColumnarRow();

	private long[] numbers = new long[0];

	private long[] numbersScratch = new long[0];

	private int[] scratch = new int[0];

	private int[] nanoCounts = new int[0];

	private @Nullable BinaryRow[] rows = new BinaryRow[0];

	/**
	 * Creates the order.
	 * @param keys the table's key extractor (its trimmed primary key is the file key)
	 * @param comparator Paimon's comparator of the file keys
	 * @param numericKey the table column of a one-column key that sorts as a number, or -1
	 */
	KeyOrder(RowKeyExtractor keys, Comparator<InternalRow> comparator, int numericKey) {
		this.keys = keys;
		this.comparator = comparator;
		this.numericKey = numericKey;
	}

	/**
	 * Sorts {@code positions[0..count)}, row positions of the buffer in arrival order, and removes all
	 * but the last row of each key.
	 * @param buffer the buffer
	 * @param positions the rows, reordered in place
	 * @param count how many
	 * @return how many rows are left, at the start of {@code positions}
	 */
	int sortAndDeduplicate(KeyValueBuffer buffer, int[] positions, int count) {
		if (this.numericKey >= 0) {
			return numeric(buffer.column(this.numericKey), positions, count);
		}
		return general(buffer, positions, count);
	}

	/**
	 * Returns the file key of a buffered row, a new row.
	 * @param buffer the buffer
	 * @param position the row
	 * @return the key
	 */
	BinaryRow key(KeyValueBuffer buffer, int position) {
		this.row.setVectorizedColumnBatch(buffer.rows());
		this.row.setRowId(position);
		this.keys.setRecord(this.row);
		return this.keys.trimmedPrimaryKey().copy();
	}

	private int numeric(BufferedColumn column, int[] positions, int count) {
		if (this.numbers.length < count) {
			this.numbers = new long[count];
			this.numbersScratch = new long[count];
			this.scratch = new int[count];
		}
		long[] values = this.numbers;
		for (int k = 0; k < count; k++) {
			int i = positions[k];
			values[k] = (column instanceof BufferedColumns.Ints ints) ? ints.getInt(i)
					: ((BufferedColumns.Longs) column).getLong(i);
		}
		int[] nanos = (column instanceof BufferedColumns.Longs longs) ? longs.nanosOfMicrosecond() : null;
		if (nanos != null) {
			sortByNanos(values, positions, count, nanos); // the minor key first: the radix sort is stable
		}
		radixSort(values, positions, count);
		int kept = 0;
		for (int k = 0; k < count; k++) {
			if (k + 1 < count && values[k + 1] == values[k]
					&& (nanos == null || nanos[positions[k + 1]] == nanos[positions[k]])) {
				continue; // a later row of the same key wins
			}
			positions[kept++] = positions[k];
		}
		return kept;
	}

	/** A stable counting sort by the nanoseconds (0 to 999) of each row, carrying the values along. */
	private void sortByNanos(long[] values, int[] positions, int count, int[] nanos) {
		if (this.nanoCounts.length == 0) {
			this.nanoCounts = new int[1001];
		}
		int[] counts = this.nanoCounts;
		Arrays.fill(counts, 0);
		for (int k = 0; k < count; k++) {
			counts[nanos[positions[k]] + 1]++;
		}
		for (int d = 0; d < 1000; d++) {
			counts[d + 1] += counts[d];
		}
		long[] toValues = this.numbersScratch;
		int[] toPositions = this.scratch;
		for (int k = 0; k < count; k++) {
			int target = counts[nanos[positions[k]]]++;
			toValues[target] = values[k];
			toPositions[target] = positions[k];
		}
		System.arraycopy(toValues, 0, values, 0, count);
		System.arraycopy(toPositions, 0, positions, 0, count);
	}

	/** A stable least-significant-digit radix sort of signed longs, carrying the positions along. */
	private void radixSort(long[] values, int[] positions, int count) {
		long[] fromValues = values;
		int[] fromPositions = positions;
		long[] toValues = this.numbersScratch;
		int[] toPositions = this.scratch;
		int[] counts = new int[257];
		for (int shift = 0; shift < 64; shift += 8) {
			Arrays.fill(counts, 0);
			for (int k = 0; k < count; k++) {
				counts[digit(fromValues[k], shift) + 1]++;
			}
			if (counts[digit(fromValues[0], shift) + 1] == count) {
				continue; // every value has the same byte here
			}
			for (int d = 0; d < 256; d++) {
				counts[d + 1] += counts[d];
			}
			for (int k = 0; k < count; k++) {
				int target = counts[digit(fromValues[k], shift)]++;
				toValues[target] = fromValues[k];
				toPositions[target] = fromPositions[k];
			}
			long[] values2 = fromValues;
			fromValues = toValues;
			toValues = values2;
			int[] positions2 = fromPositions;
			fromPositions = toPositions;
			toPositions = positions2;
		}
		if (fromValues != values) {
			System.arraycopy(fromValues, 0, values, 0, count);
			System.arraycopy(fromPositions, 0, positions, 0, count);
		}
	}

	/** The byte of a value at a shift, with the sign bit flipped so that negative values come first. */
	private static int digit(long value, int shift) {
		return (int) (((value ^ Long.MIN_VALUE) >>> shift) & 0xFF);
	}

	private int general(KeyValueBuffer buffer, int[] positions, int count) {
		if (this.rows.length < buffer.size()) {
			this.rows = new BinaryRow[buffer.size()];
		}
		if (this.scratch.length < count) {
			this.scratch = new int[count];
		}
		@Nullable BinaryRow[] rows = this.rows;
		for (int k = 0; k < count; k++) {
			rows[positions[k]] = key(buffer, positions[k]);
		}
		mergeSort(positions, this.scratch, 0, count, rows);
		int kept = 0;
		for (int k = 0; k < count; k++) {
			int position = positions[k];
			boolean later = k + 1 < count && this.comparator.compare(rows[positions[k + 1]], rows[position]) == 0;
			rows[position] = null; // no longer compared: positions[k + 1..) are still unread
			if (!later) {
				positions[kept++] = position;
			}
		}
		return kept;
	}

	/** A stable merge sort of {@code positions[from..to)} by their keys. */
	private void mergeSort(int[] positions, int[] scratch, int from, int to, @Nullable BinaryRow[] keys) {
		if (to - from < 2) {
			return;
		}
		int middle = (from + to) >>> 1;
		mergeSort(positions, scratch, from, middle, keys);
		mergeSort(positions, scratch, middle, to, keys);
		if (this.comparator.compare(keys[positions[middle - 1]], keys[positions[middle]]) <= 0) {
			return;
		}
		System.arraycopy(positions, from, scratch, from, to - from);
		int left = from;
		int right = middle;
		for (int k = from; k < to; k++) {
			if (right >= to || (left < middle && this.comparator.compare(keys[scratch[left]],
					keys[scratch[right]]) <= 0)) {
				positions[k] = scratch[left++];
			}
			else {
				positions[k] = scratch[right++];
			}
		}
	}

}
