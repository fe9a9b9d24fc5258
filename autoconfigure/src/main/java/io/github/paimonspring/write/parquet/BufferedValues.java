package io.github.paimonspring.write.parquet;

import java.util.Arrays;

import io.github.paimonspring.arrow.vector.ColumnRuns;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.columnar.BooleanColumnVector;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.DecimalColumnVector;
import org.apache.paimon.data.columnar.FloatColumnVector;
import org.apache.paimon.data.columnar.TimestampColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * The other {@link BufferedColumn}s: floats, booleans, strings and binaries (one array of bytes), and
 * the values wider than 64 bits (decimals of more than 18 digits, timestamps of more than 6), copied
 * value by value.
 */
final class BufferedValues {

	private BufferedValues() {
	}

	static final class Floats extends BufferedColumn implements FloatColumnVector {

		private float[] values = new float[0];

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			for (int k = from; k < to; k++) {
				int i = rows[k];
				this.values[at + k - from] = source.isNullAt(i) ? 0 : ((FloatColumnVector) source).getFloat(i);
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
			return 4;
		}

		@Override
		public float getFloat(int i) {
			return this.values[i];
		}

	}

	static final class Booleans extends BufferedColumn implements BooleanColumnVector {

		private boolean[] values = new boolean[0];

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			for (int k = from; k < to; k++) {
				int i = rows[k];
				this.values[at + k - from] = !source.isNullAt(i) && ((BooleanColumnVector) source).getBoolean(i);
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
			return 1;
		}

		@Override
		public boolean getBoolean(int i) {
			return this.values[i];
		}

	}

	/** Strings and binaries: the bytes of every value one after the other in one array. */
	static final class Slices extends BufferedColumn implements BytesColumnVector, ColumnRuns.Slices {

		private byte[] data = new byte[0];

		private int used;

		private int[] starts = new int[0];

		private int[] lengths = new int[0];

		private final int[] runStarts = new int[ColumnValueWriter.RUN];

		private final int[] runLengths = new int[ColumnValueWriter.RUN];

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			byte[] values = (source instanceof ColumnRuns.Slices runs)
					? runs.readSlices(rows, from, to, this.runStarts, this.runLengths) : null;
			for (int k = from; k < to; k++) {
				int i = rows[k];
				if (source.isNullAt(i)) {
					this.starts[at + k - from] = this.used;
					this.lengths[at + k - from] = 0;
				}
				else if (values != null) {
					put(at + k - from, values, this.runStarts[k - from], this.runLengths[k - from]);
				}
				else {
					Bytes bytes = ((BytesColumnVector) source).getBytes(i);
					put(at + k - from, bytes.data, bytes.offset, bytes.len);
				}
			}
		}

		private void put(int at, byte[] source, int offset, int length) {
			if (this.used + length > this.data.length) {
				long needed = (long) this.used + length;
				if (needed > Integer.MAX_VALUE - 16) {
					throw new IllegalStateException("More than 2 GB of string data in one write buffer");
				}
				this.data = Arrays.copyOf(this.data, (int) Math.min(Integer.MAX_VALUE - 16,
						Math.max(needed, (long) this.data.length + (this.data.length >> 1))));
			}
			System.arraycopy(source, offset, this.data, this.used, length);
			this.starts[at] = this.used;
			this.lengths[at] = length;
			this.used += length;
		}

		@Override
		int arrayLength() {
			return this.starts.length;
		}

		@Override
		void resize(int length) {
			this.starts = Arrays.copyOf(this.starts, length);
			this.lengths = Arrays.copyOf(this.lengths, length);
		}

		@Override
		void clear() {
			super.clear();
			this.used = 0;
		}

		@Override
		int bytesPerValue() {
			return 8;
		}

		@Override
		long bytes() {
			return super.bytes() + this.used;
		}

		@Override
		long capacityBytes() {
			return super.capacityBytes() + this.data.length;
		}

		@Override
		public Bytes getBytes(int i) {
			return new Bytes(this.data, this.starts[i], this.lengths[i]);
		}

		@Override
		public byte[] readSlices(int[] rows, int from, int to, int[] starts, int[] lengths) {
			for (int k = from; k < to; k++) {
				starts[k - from] = this.starts[rows[k]];
				lengths[k - from] = this.lengths[rows[k]];
			}
			return this.data;
		}

	}

	/** Decimals of more than 18 digits, as Paimon decimals. */
	static final class WideDecimals extends BufferedColumn implements DecimalColumnVector {

		private final int precision;

		private final int scale;

		private @Nullable Decimal[] values = new Decimal[0];

		WideDecimals(int precision, int scale) {
			this.precision = precision;
			this.scale = scale;
		}

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			for (int k = from; k < to; k++) {
				int i = rows[k];
				this.values[at + k - from] = source.isNullAt(i) ? null
						: ((DecimalColumnVector) source).getDecimal(i, this.precision, this.scale);
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
		void clear() {
			Arrays.fill(this.values, 0, this.size, null);
			super.clear();
		}

		@Override
		int bytesPerValue() {
			return 64;
		}

		@Override
		public @Nullable Decimal getDecimal(int i, int precision, int scale) {
			return this.values[i];
		}

	}

	/** Timestamps of more than 6 fractional digits: epoch milliseconds and nanoseconds of the millisecond. */
	static final class FineTimestamps extends BufferedColumn implements TimestampColumnVector {

		private final int precision;

		private long[] millis = new long[0];

		private int[] nanos = new int[0];

		FineTimestamps(int precision) {
			this.precision = precision;
		}

		@Override
		void appendValues(ColumnVector source, int[] rows, int from, int to, int at) {
			for (int k = from; k < to; k++) {
				int i = rows[k];
				if (!source.isNullAt(i)) {
					Timestamp value = ((TimestampColumnVector) source).getTimestamp(i, this.precision);
					this.millis[at + k - from] = value.getMillisecond();
					this.nanos[at + k - from] = value.getNanoOfMillisecond();
				}
			}
		}

		@Override
		int arrayLength() {
			return this.millis.length;
		}

		@Override
		void resize(int length) {
			this.millis = Arrays.copyOf(this.millis, length);
			this.nanos = Arrays.copyOf(this.nanos, length);
		}

		@Override
		int bytesPerValue() {
			return 12;
		}

		@Override
		public Timestamp getTimestamp(int i, int precision) {
			return Timestamp.fromEpochMillis(this.millis[i], this.nanos[i]);
		}

	}

}
