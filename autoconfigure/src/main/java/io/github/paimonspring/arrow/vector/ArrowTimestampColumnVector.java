package io.github.paimonspring.arrow.vector;

import java.nio.ByteBuffer;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.columnar.TimestampColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads an Arrow {@code Timestamp} vector of any unit, with or without time zone, as a Paimon
 * {@code TIMESTAMP} or {@code TIMESTAMP_LTZ} column. The conversion follows the Arrow unit, not
 * the Paimon precision, and floors so that instants before 1970 are exact: a value keeps its
 * nanoseconds whatever the precision, as Paimon's {@code Timestamp} does.
 *
 * <p>A value overflows ({@link ScaledValues}) where seconds do not fit epoch milliseconds (Paimon's
 * {@code Timestamp} holds milliseconds), and for precision 4 to 6 where the value does not fit epoch
 * microseconds ({@code Timestamp.toMicros()}, which Paimon's Parquet writer stores, fails with
 * {@code long overflow}). Precision 0 to 3 stores the milliseconds and 7 to 9 INT96 from the
 * milliseconds, which Paimon computes without failing.
 */
public final class ArrowTimestampColumnVector extends AbstractArrowColumnVector implements TimestampColumnVector,
		ColumnRuns.Timestamps, ScaledValues {

	private final ArrowBuf data;

	private final TimeUnit unit;

	private @Nullable ByteBuffer view;

	/**
	 * Creates the column vector.
	 * @param vector any Arrow timestamp vector
	 */
	public ArrowTimestampColumnVector(TimeStampVector vector) {
		super(vector);
		this.data = vector.getDataBuffer();
		this.unit = ((ArrowType.Timestamp) vector.getField().getType()).getUnit();
	}

	@Override
	public Timestamp getTimestamp(int i, int precision) {
		long value = this.data.getLong((long) i << 3);
		switch (this.unit) {
			case SECOND:
				return Timestamp.fromEpochMillis(Math.multiplyExact(value, 1000L));
			case MILLISECOND:
				return Timestamp.fromEpochMillis(value);
			case MICROSECOND:
				return Timestamp.fromMicros(value);
			default:
				return Timestamp.fromEpochMillis(Math.floorDiv(value, 1_000_000L),
						(int) Math.floorMod(value, 1_000_000L));
		}
	}

	@Override
	public void readTimestamps(int[] rows, int from, int to, int precision, long[] into) {
		ByteBuffer data = view();
		if (data == null || this.unit == TimeUnit.SECOND) {
			// seconds go value by value (those that overflow are refused before a batch is written)
			for (int k = from; k < to; k++) {
				int i = rows[k];
				Timestamp value = isNullAt(i) ? null : getTimestamp(i, precision);
				into[k - from] = (value == null) ? 0 : (precision <= 3) ? value.getMillisecond() : value.toMicros();
			}
			return;
		}
		boolean millis = precision <= 3;
		switch (this.unit) {
			case MILLISECOND:
				// values that overflow microseconds are refused before a batch is written
				for (int k = from; k < to; k++) {
					long value = data.getLong(rows[k] << 3);
					into[k - from] = millis ? value : value * 1000L;
				}
				break;
			case MICROSECOND:
				for (int k = from; k < to; k++) {
					long value = data.getLong(rows[k] << 3);
					into[k - from] = millis ? Math.floorDiv(value, 1000L) : value;
				}
				break;
			default:
				for (int k = from; k < to; k++) {
					long value = data.getLong(rows[k] << 3);
					into[k - from] = millis ? Math.floorDiv(value, 1_000_000L) : Math.floorDiv(value, 1000L);
				}
		}
	}

	@Override
	public boolean readNanosOfMicrosecond(int[] rows, int from, int to, int[] into) {
		if (this.unit != TimeUnit.NANOSECOND) {
			return false;
		}
		ByteBuffer data = view();
		for (int k = from; k < to; k++) {
			long value = (data != null) ? data.getLong(rows[k] << 3) : this.data.getLong((long) rows[k] << 3);
			into[k - from] = (int) Math.floorMod(value, 1000L);
		}
		return true;
	}

	@Override
	public int firstOverflow(int from, int to, int precision) {
		boolean micros = precision > 3 && precision <= 6;
		long min;
		long max;
		switch (this.unit) {
			case SECOND:
				// seconds to milliseconds, then (precision 4 to 6) milliseconds to microseconds
				min = micros ? Long.MIN_VALUE / 1_000_000L : Long.MIN_VALUE / 1000L;
				max = micros ? Long.MAX_VALUE / 1_000_000L : Long.MAX_VALUE / 1000L;
				break;
			case MILLISECOND:
				if (!micros) {
					return -1;
				}
				min = Long.MIN_VALUE / 1000L;
				max = Long.MAX_VALUE / 1000L;
				break;
			case MICROSECOND:
				if (!micros) {
					return -1;
				}
				// toMicros() multiplies the floored milliseconds: below -9,223,372,036,854,775 ms they overflow
				min = (Long.MIN_VALUE / 1000L) * 1000L;
				max = Long.MAX_VALUE;
				break;
			default:
				return -1; // nanoseconds are within ±292 years
		}
		ByteBuffer data = view();
		for (int i = from; i < to; i++) {
			long value = (data != null) ? data.getLong(i << 3) : this.data.getLong((long) i << 3);
			if ((value < min || value > max) && !isNullAt(i)) {
				return i;
			}
		}
		return -1;
	}

	@Override
	public long arrowValue(int i) {
		return this.data.getLong((long) i << 3);
	}

	@Override
	public ArrowType arrowType() {
		return this.vector.getField().getType();
	}

	@Override
	public String storedAs(int precision) {
		return (precision > 3 && precision <= 6) ? "epoch microseconds (a 64-bit long)"
				: "epoch milliseconds (a 64-bit long)";
	}

	private @Nullable ByteBuffer view() {
		if (this.view == null) {
			this.view = view(this.data);
		}
		return this.view;
	}

}
