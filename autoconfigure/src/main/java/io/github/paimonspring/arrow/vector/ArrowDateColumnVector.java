package io.github.paimonspring.arrow.vector;

import java.nio.ByteBuffer;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.data.columnar.IntColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads an Arrow {@code Date(DAY)} or {@code Date(MILLISECOND)} vector as a Paimon {@code DATE}
 * column (days since the epoch); milliseconds are floored to whole days so that dates before
 * 1970 are correct. A value overflows ({@link ScaledValues}) where its days do not fit Paimon's
 * 32-bit number.
 */
public final class ArrowDateColumnVector extends AbstractArrowColumnVector
		implements IntColumnVector, ColumnRuns.Ints, ScaledValues {

	private static final long MILLIS_PER_DAY = 86_400_000L;

	private final ArrowBuf data;

	private final boolean millis;

	private @Nullable ByteBuffer view;

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

	@Override
	public int firstOverflow(int from, int to, int precision) {
		if (!this.millis) {
			return -1;
		}
		for (int i = from; i < to; i++) {
			long days = Math.floorDiv(this.data.getLong((long) i << 3), MILLIS_PER_DAY);
			if (days != (int) days && !isNullAt(i)) {
				return i;
			}
		}
		return -1;
	}

	@Override
	public long arrowValue(int i) {
		return this.millis ? this.data.getLong((long) i << 3) : this.data.getInt((long) i << 2);
	}

	@Override
	public ArrowType arrowType() {
		return this.vector.getField().getType();
	}

	@Override
	public String storedAs(int precision) {
		return "days since 1970 (a 32-bit int)";
	}

	@Override
	public void readInts(int[] rows, int from, int to, int[] into) {
		if (this.view == null) {
			this.view = view(this.data);
		}
		ByteBuffer data = this.view;
		if (data == null || this.millis) {
			for (int k = from; k < to; k++) {
				into[k - from] = getInt(rows[k]);
			}
			return;
		}
		for (int k = from; k < to; k++) {
			into[k - from] = data.getInt(rows[k] << 2);
		}
	}

}
