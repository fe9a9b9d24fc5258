package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.paimon.data.columnar.BooleanColumnVector;

/** Reads an Arrow {@code Bool} vector as a Paimon {@code BOOLEAN} column. */
public final class ArrowBooleanColumnVector extends AbstractArrowColumnVector implements BooleanColumnVector {

	private final ArrowBuf data;

	/**
	 * Creates the column vector.
	 * @param vector the Arrow bit vector
	 */
	public ArrowBooleanColumnVector(BitVector vector) {
		super(vector);
		this.data = vector.getDataBuffer();
	}

	@Override
	public boolean getBoolean(int i) {
		return ((this.data.getByte(i >>> 3) >>> (i & 7)) & 1) != 0;
	}

}
