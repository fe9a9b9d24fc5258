package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads an Arrow {@code Utf8}, {@code Binary}, {@code LargeUtf8} or {@code LargeBinary} vector as
 * a Paimon string or binary column. The used part of the Arrow data buffer is copied once, on
 * first access, into one heap array that every returned {@link Bytes} points into, so no array is
 * allocated per value (except for data buffers larger than a Java array can hold).
 */
public final class ArrowVariableWidthBytesColumnVector extends AbstractArrowColumnVector implements BytesColumnVector,
		ColumnRuns.Slices {

	private final ArrowBuf offsets;

	private final ArrowBuf data;

	private final boolean largeOffsets;

	private byte @Nullable [] heap;

	private boolean tooLargeForHeap;

	/**
	 * Creates a column vector over a vector with 32-bit offsets.
	 * @param vector a {@code VarCharVector} or {@code VarBinaryVector}
	 */
	public ArrowVariableWidthBytesColumnVector(BaseVariableWidthVector vector) {
		this(vector, vector.getOffsetBuffer(), vector.getDataBuffer(), false);
	}

	/**
	 * Creates a column vector over a vector with 64-bit offsets.
	 * @param vector a {@code LargeVarCharVector} or {@code LargeVarBinaryVector}
	 */
	public ArrowVariableWidthBytesColumnVector(BaseLargeVariableWidthVector vector) {
		this(vector, vector.getOffsetBuffer(), vector.getDataBuffer(), true);
	}

	private ArrowVariableWidthBytesColumnVector(FieldVector vector, ArrowBuf offsets, ArrowBuf data,
			boolean largeOffsets) {
		super(vector);
		this.offsets = offsets;
		this.data = data;
		this.largeOffsets = largeOffsets;
	}

	@Override
	public Bytes getBytes(int i) {
		long start = offset(i);
		int length = (int) (offset(i + 1) - start);
		if (this.heap == null && !this.tooLargeForHeap) {
			copyToHeap();
		}
		if (this.tooLargeForHeap) {
			byte[] value = new byte[length];
			this.data.getBytes(start, value);
			return new Bytes(value, 0, length);
		}
		return new Bytes(this.heap, (int) start, length);
	}

	@Override
	public byte @Nullable [] readSlices(int[] rows, int from, int to, int[] starts, int[] lengths) {
		if (this.heap == null && !this.tooLargeForHeap) {
			copyToHeap();
		}
		if (this.tooLargeForHeap) {
			return null;
		}
		for (int k = from; k < to; k++) {
			int i = rows[k];
			long start = offset(i);
			starts[k - from] = (int) start;
			lengths[k - from] = (int) (offset(i + 1) - start);
		}
		return this.heap;
	}

	private void copyToHeap() {
		int count = this.vector.getValueCount();
		long used = (count == 0) ? 0 : offset(count);
		if (used > Integer.MAX_VALUE - 16) {
			this.tooLargeForHeap = true;
			return;
		}
		byte[] copy = new byte[(int) used];
		this.data.getBytes(0, copy);
		this.heap = copy;
	}

	private long offset(int i) {
		return this.largeOffsets ? this.offsets.getLong((long) i << 3) : this.offsets.getInt((long) i << 2);
	}

}
