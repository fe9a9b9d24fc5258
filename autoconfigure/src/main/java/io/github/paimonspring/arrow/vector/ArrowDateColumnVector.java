package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.paimon.data.columnar.IntColumnVector;

/**
 * Reads an Arrow {@code Date(DAY)} or {@code Date(MILLISECOND)} vector as a Paimon {@code DATE}
 * column (days since the epoch); milliseconds are floored to whole days so that dates before
 * 1970 are correct.
 */
public final class ArrowDateColumnVector extends AbstractArrowColumnVector implements IntColumnVector {

	private static final long MILLIS_PER_DAY = 86_400_000L;

	private final ArrowBuf data;

	private final boolean millis;

	/**
	 * Creates the column vector.
	 * @param vector a {@code DateDayVector} or {@code DateMilliVector}
	 */
	public ArrowDateColumnVector(BaseFixedWidthVector vector) {
		super(vector);
		this.data = vector.getDataBuffer();
		this.millis = vector instanceof DateMilliVector;
	}

	@Override
	public int getInt(int i) {
		if (this.millis) {
			return (int) Math.floorDiv(this.data.getLong((long) i << 3), MILLIS_PER_DAY);
		}
		return this.data.getInt((long) i << 2);
	}

}
