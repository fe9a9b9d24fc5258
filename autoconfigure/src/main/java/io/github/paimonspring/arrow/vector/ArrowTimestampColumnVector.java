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
 */
public final class ArrowTimestampColumnVector extends AbstractArrowColumnVector implements TimestampColumnVector,
		ColumnRuns.Timestamps {

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
		if (this.view == null) {
			this.view = view(this.data);
		}
		ByteBuffer data = this.view;
		if (data == null || this.unit == TimeUnit.SECOND) {
			// seconds can overflow when scaled: go value by value, skipping nulls
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
		if (this.view == null) {
			this.view = view(this.data);
		}
		ByteBuffer data = this.view;
		for (int k = from; k < to; k++) {
			long value = (data != null) ? data.getLong(rows[k] << 3) : this.data.getLong((long) rows[k] << 3);
			into[k - from] = (int) Math.floorMod(value, 1000L);
		}
		return true;
	}

}
