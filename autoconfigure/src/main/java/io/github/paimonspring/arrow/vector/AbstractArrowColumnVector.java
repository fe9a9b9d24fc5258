package io.github.paimonspring.arrow.vector;

import org.apache.arrow.vector.ValueVector;
import org.apache.paimon.data.columnar.ColumnVector;

/**
 * Base of the Paimon column vectors that read an Arrow vector in place: nullness comes from the
 * Arrow validity buffer. The Arrow vector stays owned by the caller and must not change while
 * the column vector is in use.
 */
abstract class AbstractArrowColumnVector implements ColumnVector {

	/** The Arrow vector read by this column vector. */
	protected final ValueVector vector;

	/**
	 * Creates a column vector over an Arrow vector.
	 * @param vector the Arrow vector, not released by this class
	 */
	protected AbstractArrowColumnVector(ValueVector vector) {
		this.vector = vector;
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
