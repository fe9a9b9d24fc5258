package io.github.paimonspring.write.parquet;

import java.util.Arrays;

import io.github.paimonspring.arrow.vector.ColumnRuns;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.TimestampType;
import org.jspecify.annotations.Nullable;

/**
 * One column of rows kept on the heap until they are written: values copied from a batch's column
 * vector in runs, mostly in the form Parquet stores them (INT32, INT64, FLOAT, DOUBLE, BOOLEAN, BINARY),
 * with their nulls. It reads back as a Paimon column vector, and in runs ({@link ColumnRuns}), so that the
 * same value writers write it. Grows as rows are added; not thread-safe.
 */
abstract class BufferedColumn implements ColumnVector, ColumnRuns.Nulls {

	private long[] nulls = new long[1];

	private boolean anyNull;

	/** The rows held. */
	int size;

	/**
	 * Returns a column for a flat type, or {@code null}.
	 * @param type the column type
	 * @return the column, or {@code null} for nested types
	 */
	static @Nullable BufferedColumn of(DataType type) {
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				return new BufferedValues.Booleans();
			case TINYINT:
			case SMALLINT:
			case INTEGER:
			case DATE:
			case TIME_WITHOUT_TIME_ZONE:
				return new BufferedColumns.Ints(type.getTypeRoot());
			case BIGINT:
				return new BufferedColumns.Longs(BufferedColumns.Longs.Kind.LONG, 0, 0);
			case FLOAT:
				return new BufferedValues.Floats();
			case DOUBLE:
				return new BufferedColumns.Doubles();
			case CHAR:
			case VARCHAR:
			case BINARY:
			case VARBINARY:
				return new BufferedValues.Slices();
			case DECIMAL: {
				DecimalType decimal = (DecimalType) type;
				return (decimal.getPrecision() > 18)
						? new BufferedValues.WideDecimals(decimal.getPrecision(), decimal.getScale())
						: new BufferedColumns.Longs(BufferedColumns.Longs.Kind.DECIMAL, decimal.getPrecision(),
								decimal.getScale());
			}
			case TIMESTAMP_WITHOUT_TIME_ZONE:
				return timestamps(((TimestampType) type).getPrecision());
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				return timestamps(((LocalZonedTimestampType) type).getPrecision());
			default:
				return null;
		}
	}

	private static BufferedColumn timestamps(int precision) {
		return (precision > 6) ? new BufferedValues.FineTimestamps(precision)
				: new BufferedColumns.Longs(BufferedColumns.Longs.Kind.TIMESTAMP, precision, 0);
	}

	/**
	 * Appends the values of {@code rows[from..to)} of a column vector of the same type.
	 * @param source the column vector
	 * @param rows row positions in it
	 * @param from the first index into {@code rows}
	 * @param to the index after the last one
	 */
	final void append(ColumnVector source, int[] rows, int from, int to) {
		int count = to - from;
		ensureCapacity(this.size + count);
		for (int start = from; start < to; start += ColumnValueWriter.RUN) {
			int end = Math.min(to, start + ColumnValueWriter.RUN);
			appendValues(source, rows, start, end, this.size + (start - from));
		}
		if (!(source instanceof ColumnRuns.Nulls) || ((ColumnRuns.Nulls) source).hasNulls()) {
			for (int k = from; k < to; k++) {
				if (source.isNullAt(rows[k])) {
					setNull(this.size + (k - from));
				}
			}
		}
		this.size += count;
	}

	/** Appends the values of at most {@link ColumnValueWriter#RUN} rows at position {@code at}. */
	abstract void appendValues(ColumnVector source, int[] rows, int from, int to, int at);

	/** Makes room for {@code capacity} rows. */
	final void ensureCapacity(int capacity) {
		int words = (capacity + 63) >>> 6;
		if (words > this.nulls.length) {
			this.nulls = Arrays.copyOf(this.nulls, Math.max(words, this.nulls.length * 2));
		}
		int length = arrayLength();
		if (capacity > length) {
			resize(grown(length, capacity));
		}
	}

	/** The rows the value arrays have room for. */
	abstract int arrayLength();

	/** Copies the value arrays into arrays of {@code length} rows. */
	abstract void resize(int length);

	/** The heap bytes one row takes in the value arrays. */
	abstract int bytesPerValue();

	/** Returns the new capacity for at least {@code needed} rows out of {@code current}. */
	static int grown(int current, int needed) {
		return Math.max(needed, Math.max(16, current + (current >> 1)));
	}

	private void setNull(int i) {
		this.nulls[i >>> 6] |= 1L << i;
		this.anyNull = true;
	}

	/**
	 * Returns the heap bytes the values take, about.
	 * @return the bytes
	 */
	long bytes() {
		return (long) this.size * bytesPerValue();
	}

	/**
	 * Returns the heap bytes the arrays hold, used or not.
	 * @return the bytes
	 */
	long capacityBytes() {
		return 8L * this.nulls.length + (long) arrayLength() * bytesPerValue();
	}

	/** Forgets every row, keeping the arrays. */
	void clear() {
		Arrays.fill(this.nulls, 0, Math.min(this.nulls.length, (this.size + 63) >>> 6), 0L);
		this.anyNull = false;
		this.size = 0;
	}

	@Override
	public boolean isNullAt(int i) {
		return this.anyNull && (this.nulls[i >>> 6] & (1L << i)) != 0;
	}

	@Override
	public boolean hasNulls() {
		return this.anyNull;
	}

	@Override
	public int getCapacity() {
		return this.size;
	}

}
