package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.data.columnar.IntColumnVector;

/**
 * Reads an Arrow {@code Time32} or {@code Time64} vector of any unit as a Paimon {@code TIME}
 * column, which stores milliseconds of the day; finer units are truncated to milliseconds. A value
 * overflows ({@link ScaledValues}) where its milliseconds do not fit Paimon's 32-bit number.
 */
public final class ArrowTimeColumnVector extends AbstractArrowColumnVector implements IntColumnVector, ScaledValues {

	private final ArrowBuf data;

	private final TimeUnit unit;

	/**
	 * Creates the column vector.
	 * @param vector a {@code TimeSecVector}, {@code TimeMilliVector}, {@code TimeMicroVector} or
	 * {@code TimeNanoVector}
	 */
	public ArrowTimeColumnVector(BaseFixedWidthVector vector) {
		super(vector);
		this.data = vector.getDataBuffer();
		this.unit = ((ArrowType.Time) vector.getField().getType()).getUnit();
	}

	@Override
	public int getInt(int i) {
		switch (this.unit) {
			case SECOND:
				return this.data.getInt((long) i << 2) * 1000;
			case MILLISECOND:
				return this.data.getInt((long) i << 2);
			case MICROSECOND:
				return (int) Math.floorDiv(this.data.getLong((long) i << 3), 1_000L);
			default:
				return (int) Math.floorDiv(this.data.getLong((long) i << 3), 1_000_000L);
		}
	}

	@Override
	public int firstOverflow(int from, int to, int precision) {
		if (this.unit == TimeUnit.MILLISECOND) {
			return -1;
		}
		for (int i = from; i < to; i++) {
			if (millis(i) != (int) millis(i) && !isNullAt(i)) {
				return i;
			}
		}
		return -1;
	}

	/** The milliseconds of a value, exactly. */
	private long millis(int i) {
		switch (this.unit) {
			case SECOND:
				return this.data.getInt((long) i << 2) * 1000L;
			case MILLISECOND:
				return this.data.getInt((long) i << 2);
			case MICROSECOND:
				return Math.floorDiv(this.data.getLong((long) i << 3), 1_000L);
			default:
				return Math.floorDiv(this.data.getLong((long) i << 3), 1_000_000L);
		}
	}

	@Override
	public long arrowValue(int i) {
		return (this.unit == TimeUnit.SECOND || this.unit == TimeUnit.MILLISECOND) ? this.data.getInt((long) i << 2)
				: this.data.getLong((long) i << 3);
	}

	@Override
	public ArrowType arrowType() {
		return this.vector.getField().getType();
	}

	@Override
	public String storedAs(int precision) {
		return "milliseconds of the day (a 32-bit int)";
	}

}
