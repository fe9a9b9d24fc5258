package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads an Arrow {@code FixedSizeBinary(n)} vector as a Paimon binary column. The Arrow data
 * buffer is copied once, on first access, into one heap array that every returned {@link Bytes}
 * points into.
 */
public final class ArrowFixedSizeBinaryColumnVector extends AbstractArrowColumnVector implements BytesColumnVector {

	private final ArrowBuf data;

	private final int byteWidth;

	private byte @Nullable [] heap;

	/**
	 * Creates the column vector.
	 * @param vector the Arrow fixed-size binary vector
	 */
	public ArrowFixedSizeBinaryColumnVector(FixedSizeBinaryVector vector) {
		super(vector);
		this.data = vector.getDataBuffer();
		this.byteWidth = vector.getByteWidth();
	}

	@Override
	public Bytes getBytes(int i) {
		if (this.heap == null) {
			byte[] copy = new byte[Math.multiplyExact(this.vector.getValueCount(), this.byteWidth)];
			this.data.getBytes(0, copy);
			this.heap = copy;
		}
		return new Bytes(this.heap, i * this.byteWidth, this.byteWidth);
	}

}
