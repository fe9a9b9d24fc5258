package io.github.paimonspring.write.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import io.github.paimonspring.arrow.vector.ColumnRuns;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.DecimalColumnVector;
import org.apache.paimon.data.columnar.DoubleColumnVector;
import org.apache.paimon.data.columnar.LongColumnVector;
import org.apache.paimon.data.columnar.TimestampColumnVector;
import org.apache.paimon.format.parquet.ParquetSchemaConverter;
import org.apache.paimon.shade.org.apache.parquet.column.ColumnWriter;
import org.apache.paimon.shade.org.apache.parquet.io.api.Binary;

/**
 * The value writers of {@link ColumnValueWriter}, one per Parquet physical type: runs of INT32, INT64
 * and DOUBLE values read at once, strings and binaries as slices, and the rarer types value by value.
 */
final class ColumnValueWriters {

	private static final int JULIAN_EPOCH_OFFSET_DAYS = 2_440_588;

	private static final long MILLIS_IN_DAY = 86_400_000L;

	private ColumnValueWriters() {
	}

	@FunctionalInterface
	interface IntGetter {

		int get(ColumnVector vector, int i);

	}

	/** INT32 values: tiny, small and plain integers, dates, times and decimals up to 9 digits. */
	static final class Int32 extends ColumnValueWriter {

		private final IntGetter getter;

		/** Whether the values are what {@link ColumnRuns.Ints} reads (not decimals). */
		private final boolean plainInts;

		private final int[] values = new int[RUN];

		Int32(String column, boolean nullable, boolean plainInts, IntGetter getter) {
			super(column, nullable);
			this.plainInts = plainInts;
			this.getter = getter;
		}

		@Override
		void writeRun(ColumnVector vector, int[] rows, int from, int to, ColumnWriter writer, boolean nulls,
				int defined) {
			int[] values = this.values;
			if (this.plainInts && vector instanceof ColumnRuns.Ints) {
				((ColumnRuns.Ints) vector).readInts(rows, from, to, values);
			}
			else {
				for (int k = from; k < to; k++) {
					values[k - from] = vector.isNullAt(rows[k]) ? 0 : this.getter.get(vector, rows[k]);
				}
			}
			for (int k = from; k < to; k++) {
				if (nulls && isNull(vector, rows[k])) {
					writer.writeNull(0, 0);
				}
				else {
					writer.write(values[k - from], 0, defined);
				}
			}
		}

	}

	/** INT64 values: big integers, decimals up to 18 digits and timestamps up to microseconds. */
	static final class Int64 extends ColumnValueWriter {

		enum Source {

			LONGS, DECIMALS, TIMESTAMPS

		}

		private final Source source;

		private final int precision;

		private final int scale;

		private final long[] values = new long[RUN];

		Int64(String column, boolean nullable, Source source, int precision, int scale) {
			super(column, nullable);
			this.source = source;
			this.precision = precision;
			this.scale = scale;
		}

		@Override
		void writeRun(ColumnVector vector, int[] rows, int from, int to, ColumnWriter writer, boolean nulls,
				int defined) {
			long[] values = this.values;
			read(vector, rows, from, to, values);
			for (int k = from; k < to; k++) {
				if (nulls && isNull(vector, rows[k])) {
					writer.writeNull(0, 0);
				}
				else {
					writer.write(values[k - from], 0, defined);
				}
			}
		}

		private void read(ColumnVector vector, int[] rows, int from, int to, long[] values) {
			switch (this.source) {
				case LONGS:
					if (vector instanceof ColumnRuns.Longs) {
						((ColumnRuns.Longs) vector).readLongs(rows, from, to, values);
						return;
					}
					break;
				case DECIMALS:
					if (vector instanceof ColumnRuns.Decimals) {
						((ColumnRuns.Decimals) vector).readUnscaledLongs(rows, from, to, this.precision, this.scale,
								values);
						return;
					}
					break;
				default:
					if (vector instanceof ColumnRuns.Timestamps) {
						((ColumnRuns.Timestamps) vector).readTimestamps(rows, from, to, this.precision, values);
						return;
					}
			}
			for (int k = from; k < to; k++) {
				int i = rows[k];
				values[k - from] = vector.isNullAt(i) ? 0 : value(vector, i);
			}
		}

		private long value(ColumnVector vector, int i) {
			switch (this.source) {
				case LONGS:
					return ((LongColumnVector) vector).getLong(i);
				case DECIMALS:
					return ((DecimalColumnVector) vector).getDecimal(i, this.precision, this.scale).toUnscaledLong();
				default:
					Timestamp timestamp = ((TimestampColumnVector) vector).getTimestamp(i, this.precision);
					return (this.precision <= 3) ? timestamp.getMillisecond() : timestamp.toMicros();
			}
		}

	}

	static final class Doubles extends ColumnValueWriter {

		private final double[] values = new double[RUN];

		Doubles(String column, boolean nullable) {
			super(column, nullable);
		}

		@Override
		void writeRun(ColumnVector vector, int[] rows, int from, int to, ColumnWriter writer, boolean nulls,
				int defined) {
			double[] values = this.values;
			if (vector instanceof ColumnRuns.Doubles) {
				((ColumnRuns.Doubles) vector).readDoubles(rows, from, to, values);
			}
			else {
				for (int k = from; k < to; k++) {
					values[k - from] = vector.isNullAt(rows[k]) ? 0 : ((DoubleColumnVector) vector).getDouble(rows[k]);
				}
			}
			for (int k = from; k < to; k++) {
				if (nulls && isNull(vector, rows[k])) {
					writer.writeNull(0, 0);
				}
				else {
					writer.write(values[k - from], 0, defined);
				}
			}
		}

	}

	/** Writes one non-null value of row {@code i}. */
	@FunctionalInterface
	interface ValueEncoder {

		void write(ColumnVector vector, int i, ColumnWriter writer, int defined);

	}

	/** Columns written value by value (floats, booleans, wide decimals, INT96 timestamps). */
	static final class ValueByValue extends ColumnValueWriter {

		private final ValueEncoder encoder;

		ValueByValue(String column, boolean nullable, ValueEncoder encoder) {
			super(column, nullable);
			this.encoder = encoder;
		}

		@Override
		void writeRun(ColumnVector vector, int[] rows, int from, int to, ColumnWriter writer, boolean nulls,
				int defined) {
			for (int k = from; k < to; k++) {
				int i = rows[k];
				if (nulls && isNull(vector, i)) {
					writer.writeNull(0, 0);
				}
				else {
					this.encoder.write(vector, i, writer, defined);
				}
			}
		}

	}

	/** Strings and binaries: views of the vector's bytes, which Parquet copies where it keeps them. */
	static final class Bytes extends ColumnValueWriter {

		private final int[] starts = new int[RUN];

		private final int[] lengths = new int[RUN];

		Bytes(String column, boolean nullable) {
			super(column, nullable);
		}

		@Override
		void writeRun(ColumnVector vector, int[] rows, int from, int to, ColumnWriter writer, boolean nulls,
				int defined) {
			byte[] data = (vector instanceof ColumnRuns.Slices)
					? ((ColumnRuns.Slices) vector).readSlices(rows, from, to, this.starts, this.lengths) : null;
			for (int k = from; k < to; k++) {
				int i = rows[k];
				if (nulls && isNull(vector, i)) {
					writer.writeNull(0, 0);
				}
				else if (data != null) {
					writer.write(Binary.fromReusedByteArray(data, this.starts[k - from], this.lengths[k - from]), 0,
							defined);
				}
				else {
					BytesColumnVector.Bytes bytes = ((BytesColumnVector) vector).getBytes(i);
					writer.write(Binary.fromReusedByteArray(bytes.data, bytes.offset, bytes.len), 0, defined);
				}
			}
		}

	}

	/** Decimals wider than 18 digits: big-endian two's complement, sign-extended to the fixed length. */
	static ValueEncoder wideDecimals(int precision, int scale) {
		byte[] buffer = new byte[ParquetSchemaConverter.computeMinBytesForDecimalPrecision(precision)];
		return (vector, i, writer, defined) -> {
			byte[] bytes = ((DecimalColumnVector) vector).getDecimal(i, precision, scale).toUnscaledBytes();
			byte[] written = bytes;
			if (bytes.length != buffer.length) {
				Arrays.fill(buffer, 0, buffer.length - bytes.length, (bytes[0] < 0) ? (byte) -1 : (byte) 0);
				System.arraycopy(bytes, 0, buffer, buffer.length - bytes.length, bytes.length);
				written = buffer;
			}
			writer.write(Binary.fromReusedByteArray(written, 0, buffer.length), 0, defined);
		};
	}

	/** Timestamps with more than 6 fractional digits: INT96 (nanos of the day, then the Julian day). */
	static ValueEncoder int96Timestamps(int precision) {
		return (vector, i, writer, defined) -> {
			Timestamp timestamp = ((TimestampColumnVector) vector).getTimestamp(i, precision);
			long millis = timestamp.getMillisecond();
			int julianDay = (int) ((millis / MILLIS_IN_DAY) + JULIAN_EPOCH_OFFSET_DAYS);
			long nanosOfDay = (millis % MILLIS_IN_DAY) * 1_000_000L + timestamp.getNanoOfMillisecond();
			ByteBuffer buffer = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
			buffer.putLong(nanosOfDay);
			buffer.putInt(julianDay);
			buffer.flip();
			writer.write(Binary.fromConstantByteBuffer(buffer), 0, defined);
		};
	}

}
