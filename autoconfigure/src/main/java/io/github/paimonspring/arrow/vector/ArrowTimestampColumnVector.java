package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.columnar.TimestampColumnVector;

/**
 * Reads an Arrow {@code Timestamp} vector of any unit, with or without time zone, as a Paimon
 * {@code TIMESTAMP} or {@code TIMESTAMP_LTZ} column. The conversion follows the Arrow unit, not
 * the Paimon precision, and floors so that instants before 1970 are exact.
 */
public final class ArrowTimestampColumnVector extends AbstractArrowColumnVector implements TimestampColumnVector {

	private final ArrowBuf data;

	private final TimeUnit unit;

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

}
