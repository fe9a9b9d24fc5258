package io.github.paimonspring.arrow.vector;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.ValueVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Base of the Paimon column vectors that read an Arrow vector in place: nullness comes from the
 * Arrow validity buffer. The Arrow vector stays owned by the caller and must not change while
 * the column vector is in use.
 */
abstract class AbstractArrowColumnVector implements ColumnVector, ColumnRuns.Nulls {

	/** The Arrow vector read by this column vector. */
	protected final ValueVector vector;

	/**
	 * Creates a column vector over an Arrow vector.
	 * @param vector the Arrow vector, not released by this class
	 */
	protected AbstractArrowColumnVector(ValueVector vector) {
		this.vector = vector;
	}

	private int nullCount = -1;

	@Override
	public boolean hasNulls() {
		if (this.nullCount < 0) {
			this.nullCount = this.vector.getNullCount();
		}
		return this.nullCount > 0;
	}

	/**
	 * Returns a little-endian view of an Arrow buffer for reading runs: each read is bounds-checked by
	 * the view, as by the buffer itself, without the buffer's per-read reference checks.
	 * @param buffer the buffer
	 * @return the view, or {@code null} if the buffer is empty or too large for one
	 */
	protected static @Nullable ByteBuffer view(ArrowBuf buffer) {
		long capacity = buffer.capacity();
		if (capacity == 0 || capacity > Integer.MAX_VALUE) {
			return null;
		}
		return buffer.nioBuffer(0, (int) capacity).order(ByteOrder.LITTLE_ENDIAN);
	}

	@Override
	public boolean isNullAt(int i) {
		return this.vector.isNull(i);
	}

	@Override
	public int getCapacity() {
		return this.vector.getValueCount();
	}

}
