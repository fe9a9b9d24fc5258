package io.github.paimonspring.write.parquet;

import java.util.Arrays;

import io.github.paimonspring.arrow.vector.ColumnRuns;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.columnar.ByteColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.DecimalColumnVector;
import org.apache.paimon.data.columnar.DoubleColumnVector;
import org.apache.paimon.data.columnar.IntColumnVector;
import org.apache.paimon.data.columnar.LongColumnVector;
import org.apache.paimon.data.columnar.ShortColumnVector;
import org.apache.paimon.data.columnar.TimestampColumnVector;
import org.apache.paimon.types.DataTypeRoot;
import org.jspecify.annotations.Nullable;

/**
 * The {@link BufferedColumn}s of the numbers read in runs: INT32 and INT64 values and doubles. Each
 * copies runs from the batch's vectors at once where they offer it ({@link ColumnRuns}), else value by
 * value through their Paimon getters, and reads back both ways.
 */
final class BufferedColumns {

	private BufferedColumns() {
	}

	/** TINYINT, SMALLINT, INT, DATE and TIME values as ints. */
	static final class Ints extends BufferedColumn
			implements ByteColumnVector, ShortColumnVector, IntColumnVector, ColumnRuns.Ints {

		private final DataTypeRoot root;

		private int[] values = new int[0];

		private final int[] run = new int[ColumnValueWriter.RUN];

		Ints(DataTypeRoot root) {
			this.root = root;
		}

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			if (source instanceof ColumnRuns.Ints runs) {
				runs.readInts(rows, from, to, this.run);
				System.arraycopy(this.run, 0, this.values, at, to - from);
				return;
			}
			for (int k = from; k < to; k++) {
				int i = rows[k];
				this.values[at + k - from] = source.isNullAt(i) ? 0 : switch (this.root) {
					case TINYINT -> ((ByteColumnVector) source).getByte(i);
					case SMALLINT -> ((ShortColumnVector) source).getShort(i);
					default -> ((IntColumnVector) source).getInt(i);
				};
			}
		}

		/** Appends one non-null value. */
		void add(int value) {
			ensureCapacity(this.size + 1);
			this.values[this.size++] = value;
		}

		@Override
		int arrayLength() {
			return this.values.length;
		}

		@Override
		void resize(int length) {
			this.values = Arrays.copyOf(this.values, length);
		}

		@Override
		int bytesPerValue() {
			return 4;
		}

		@Override
		public int getInt(int i) {
			return this.values[i];
		}

		@Override
		public short getShort(int i) {
			return (short) this.values[i];
		}

		@Override
		public byte getByte(int i) {
			return (byte) this.values[i];
		}

		@Override
		public void readInts(int[] rows, int from, int to, int[] into) {
			for (int k = from; k < to; k++) {
				into[k - from] = this.values[rows[k]];
			}
		}

	}

	/**
	 * BIGINT values, decimals up to 18 digits as unscaled values, and timestamps up to microseconds as
	 * the number Paimon stores for their precision (milliseconds up to 3, microseconds up to 6). For
	 * precision 4 to 6 also the nanoseconds within the microsecond, which the file does not store but
	 * Paimon's in-memory rows keep: its keys are the full value, so two values of one microsecond are two
	 * keys ({@link #getTimestamp} gives the full value).
	 */
	static final class Longs extends BufferedColumn implements LongColumnVector, DecimalColumnVector,
			TimestampColumnVector, ColumnRuns.Longs, ColumnRuns.Decimals, ColumnRuns.Timestamps {

		enum Kind {

			LONG, DECIMAL, TIMESTAMP

		}

		private final Kind kind;

		private final int precision;

		private final int scale;

		private long[] values = new long[0];

		private final long[] run = new long[ColumnValueWriter.RUN];

		/** Whether the nanoseconds within the microsecond are kept (timestamps of precision 4 to 6). */
		private final boolean fine;

		private int[] nanos = new int[0];

		private final int[] nanosRun;

		/** Whether any value held has nanoseconds within its microsecond. */
		private boolean anyNanos;

		Longs(Kind kind, int precision, int scale) {
			this.kind = kind;
			this.precision = precision;
			this.scale = scale;
			this.fine = kind == Kind.TIMESTAMP && precision > 3;
			this.nanosRun = new int[this.fine ? ColumnValueWriter.RUN : 0];
		}

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			long[] run = this.run;
			if (this.kind == Kind.LONG && source instanceof ColumnRuns.Longs runs) {
				runs.readLongs(rows, from, to, run);
			}
			else if (this.kind == Kind.DECIMAL && source instanceof ColumnRuns.Decimals runs) {
				runs.readUnscaledLongs(rows, from, to, this.precision, this.scale, run);
			}
			else if (this.kind == Kind.TIMESTAMP && source instanceof ColumnRuns.Timestamps runs) {
				runs.readTimestamps(rows, from, to, this.precision, run);
				if (this.fine) {
					appendNanos(runs.readNanosOfMicrosecond(rows, from, to, this.nanosRun), to - from, at);
				}
			}
			else {
				for (int k = from; k < to; k++) {
					int i = rows[k];
					run[k - from] = source.isNullAt(i) ? 0 : value(source, i);
				}
				if (this.fine) {
					for (int k = from; k < to; k++) {
						int i = rows[k];
						this.nanosRun[k - from] = source.isNullAt(i) ? 0
								: ((TimestampColumnVector) source).getTimestamp(i,
										this.precision).getNanoOfMillisecond()
										% 1000;
					}
					appendNanos(true, to - from, at);
				}
			}
			System.arraycopy(run, 0, this.values, at, to - from);
		}

		private void appendNanos(boolean read, int count, int at) {
			if (!read) {
				Arrays.fill(this.nanos, at, at + count, 0);
				return;
			}
			System.arraycopy(this.nanosRun, 0, this.nanos, at, count);
			for (int k = 0; k < count && !this.anyNanos; k++) {
				this.anyNanos = this.nanosRun[k] != 0;
			}
		}

		/**
		 * Returns the nanoseconds within the microsecond of every value held, by row.
		 * @return the nanoseconds, or {@code null} if every value is a whole microsecond
		 */
		int @Nullable [] nanosOfMicrosecond() {
			return this.anyNanos ? this.nanos : null;
		}

		private long value(ColumnVector source, int i) {
			switch (this.kind) {
				case LONG:
					return ((LongColumnVector) source).getLong(i);
				case DECIMAL:
					return ((DecimalColumnVector) source).getDecimal(i, this.precision, this.scale).toUnscaledLong();
				default:
					Timestamp timestamp = ((TimestampColumnVector) source).getTimestamp(i, this.precision);
					return (this.precision <= 3) ? timestamp.getMillisecond() : timestamp.toMicros();
			}
		}

		/** Appends one non-null value. */
		void add(long value) {
			ensureCapacity(this.size + 1);
			this.values[this.size++] = value;
		}

		@Override
		int arrayLength() {
			return this.values.length;
		}

		@Override
		void resize(int length) {
			this.values = Arrays.copyOf(this.values, length);
			if (this.fine) {
				this.nanos = Arrays.copyOf(this.nanos, length);
			}
		}

		@Override
		int bytesPerValue() {
			return this.fine ? 12 : 8;
		}

		@Override
		void clear() {
			super.clear();
			this.anyNanos = false;
		}

		@Override
		public long getLong(int i) {
			return this.values[i];
		}

		@Override
		public Decimal getDecimal(int i, int precision, int scale) {
			return Decimal.fromUnscaledLong(this.values[i], precision, scale);
		}

		@Override
		public Timestamp getTimestamp(int i, int precision) {
			if (!this.fine) {
				return Timestamp.fromEpochMillis(this.values[i]);
			}
			long micros = this.values[i];
			return Timestamp.fromEpochMillis(Math.floorDiv(micros, 1000L),
					(int) Math.floorMod(micros, 1000L) * 1000 + this.nanos[i]);
		}

		@Override
		public void readLongs(int[] rows, int from, int to, long[] into) {
			for (int k = from; k < to; k++) {
				into[k - from] = this.values[rows[k]];
			}
		}

		@Override
		public void readUnscaledLongs(int[] rows, int from, int to, int precision, int scale, long[] into) {
			readLongs(rows, from, to, into);
		}

		@Override
		public void readTimestamps(int[] rows, int from, int to, int precision, long[] into) {
			readLongs(rows, from, to, into);
		}

		@Override
		public boolean readNanosOfMicrosecond(int[] rows, int from, int to, int[] into) {
			if (!this.anyNanos) {
				return false;
			}
			for (int k = from; k < to; k++) {
				into[k - from] = this.nanos[rows[k]];
			}
			return true;
		}

	}

	static final class Doubles extends BufferedColumn implements DoubleColumnVector, ColumnRuns.Doubles {

		private double[] values = new double[0];

		private final double[] run = new double[ColumnValueWriter.RUN];

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			if (source instanceof ColumnRuns.Doubles runs) {
				runs.readDoubles(rows, from, to, this.run);
				System.arraycopy(this.run, 0, this.values, at, to - from);
				return;
			}
			for (int k = from; k < to; k++) {
				int i = rows[k];
				this.values[at + k - from] = source.isNullAt(i) ? 0 : ((DoubleColumnVector) source).getDouble(i);
			}
		}

		@Override
		int arrayLength() {
			return this.values.length;
		}

		@Override
		void resize(int length) {
			this.values = Arrays.copyOf(this.values, length);
		}

		@Override
		int bytesPerValue() {
			return 8;
		}

		@Override
		public double getDouble(int i) {
			return this.values[i];
		}

		@Override
		public void readDoubles(int[] rows, int from, int to, double[] into) {
			for (int k = from; k < to; k++) {
				into[k - from] = this.values[rows[k]];
			}
		}

	}

}
