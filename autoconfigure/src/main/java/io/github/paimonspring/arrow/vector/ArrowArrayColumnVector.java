package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.columnar.ArrayColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.ColumnarArray;

/**
 * Reads an Arrow {@code List} or {@code LargeList} vector as a Paimon {@code ARRAY} column: each
 * row is a {@link ColumnarArray} window over the converted element vector.
 */
public final class ArrowArrayColumnVector extends AbstractArrowColumnVector implements ArrayColumnVector {

	private final ArrowBuf offsets;

	private final boolean largeOffsets;

	private final ColumnVector elements;

	/**
	 * Creates a column vector over a list with 32-bit offsets.
	 * @param vector the Arrow list vector
	 * @param elements the converted element vector
	 */
	public ArrowArrayColumnVector(ListVector vector, ColumnVector elements) {
		this(vector, vector.getOffsetBuffer(), false, elements);
	}

	/**
	 * Creates a column vector over a list with 64-bit offsets.
	 * @param vector the Arrow large list vector
	 * @param elements the converted element vector
	 */
	public ArrowArrayColumnVector(LargeListVector vector, ColumnVector elements) {
		this(vector, vector.getOffsetBuffer(), true, elements);
	}

	private ArrowArrayColumnVector(ValueVector vector, ArrowBuf offsets, boolean largeOffsets,
			ColumnVector elements) {
		super(vector);
		this.offsets = offsets;
		this.largeOffsets = largeOffsets;
		this.elements = elements;
	}

	@Override
	public InternalArray getArray(int i) {
		return new ColumnarArray(this.elements, start(i), length(i));
	}

	@Override
	public ColumnVector getColumnVector() {
		return this.elements;
	}

	@Override
	public ColumnVector[] getChildren() {
		return new ColumnVector[] { this.elements };
	}

	/**
	 * Returns the index of the first element of row {@code i} in the element vector.
	 * @param i the row
	 * @return the start index
	 */
	public int start(int i) {
		return Math.toIntExact(offset(i));
	}

	/**
	 * Returns the number of elements of row {@code i}.
	 * @param i the row
	 * @return the length
	 */
	public int length(int i) {
		return Math.toIntExact(offset(i + 1) - offset(i));
	}

	private long offset(int i) {
		return this.largeOffsets ? this.offsets.getLong((long) i << 3) : this.offsets.getInt((long) i << 2);
	}

}
