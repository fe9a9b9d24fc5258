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
	 * the number Paimon stores for their precision (milliseconds up to 3, microseconds up to 6).
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

		Longs(Kind kind, int precision, int scale) {
			this.kind = kind;
			this.precision = precision;
			this.scale = scale;
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
			}
			else {
				for (int k = from; k < to; k++) {
					int i = rows[k];
					run[k - from] = source.isNullAt(i) ? 0 : value(source, i);
				}
			}
			System.arraycopy(run, 0, this.values, at, to - from);
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
		}

		@Override
		int bytesPerValue() {
			return 8;
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
			return (this.precision <= 3) ? Timestamp.fromEpochMillis(this.values[i])
					: Timestamp.fromMicros(this.values[i]);
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
