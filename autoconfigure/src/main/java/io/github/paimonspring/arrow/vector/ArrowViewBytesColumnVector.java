package io.github.paimonspring.arrow.vector;

import java.util.List;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads an Arrow {@code Utf8View} or {@code BinaryView} vector as a Paimon string or binary
 * column. Each 16-byte view holds either the value inline (up to 12 bytes) or a buffer index and
 * offset; the view buffer and each referenced data buffer are copied to the heap once, on first
 * use, so no array is allocated per value.
 */
public final class ArrowViewBytesColumnVector extends AbstractArrowColumnVector implements BytesColumnVector {

	private static final int VIEW_WIDTH = BaseVariableWidthViewVector.ELEMENT_SIZE;

	private static final int INLINE_SIZE = BaseVariableWidthViewVector.INLINE_SIZE;

	private final ArrowBuf views;

	private final List<ArrowBuf> dataBuffers;

	private final byte[] @Nullable [] heapDataBuffers;

	private byte @Nullable [] heapViews;

	/**
	 * Creates the column vector.
	 * @param vector a {@code ViewVarCharVector} or {@code ViewVarBinaryVector}
	 */
	public ArrowViewBytesColumnVector(BaseVariableWidthViewVector vector) {
		super(vector);
		this.views = vector.getDataBuffer();
		this.dataBuffers = vector.getDataBuffers();
		this.heapDataBuffers = new byte[this.dataBuffers.size()][];
	}

	@Override
	public Bytes getBytes(int i) {
		long view = (long) i * VIEW_WIDTH;
		int length = this.views.getInt(view);
		if (length <= INLINE_SIZE) {
			if (this.heapViews == null) {
				byte[] copy = new byte[Math.multiplyExact(this.vector.getValueCount(), VIEW_WIDTH)];
				this.views.getBytes(0, copy);
				this.heapViews = copy;
			}
			return new Bytes(this.heapViews, (int) view + 4, length);
		}
		int bufferIndex = this.views.getInt(view + 8);
		int offset = this.views.getInt(view + 12);
		byte[] buffer = this.heapDataBuffers[bufferIndex];
		if (buffer == null) {
			ArrowBuf source = this.dataBuffers.get(bufferIndex);
			buffer = new byte[Math.toIntExact(source.capacity())];
			source.getBytes(0, buffer);
			this.heapDataBuffers[bufferIndex] = buffer;
		}
		return new Bytes(buffer, offset, length);
	}

}
