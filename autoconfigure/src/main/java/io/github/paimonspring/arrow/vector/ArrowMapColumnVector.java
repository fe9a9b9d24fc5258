package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.ColumnarMap;
import org.apache.paimon.data.columnar.MapColumnVector;

/**
 * Reads an Arrow {@code Map} vector as a Paimon {@code MAP} column: each row is a
 * {@link ColumnarMap} window over the converted key and value vectors of the entries struct.
 */
public final class ArrowMapColumnVector extends AbstractArrowColumnVector implements MapColumnVector {

	private final ArrowBuf offsets;

	private final ColumnVector keys;

	private final ColumnVector values;

	/**
	 * Creates the column vector.
	 * @param vector the Arrow map vector
	 * @param keys the converted key vector
	 * @param values the converted value vector
	 */
	public ArrowMapColumnVector(MapVector vector, ColumnVector keys, ColumnVector values) {
		super(vector);
		this.offsets = vector.getOffsetBuffer();
		this.keys = keys;
		this.values = values;
	}

	@Override
	public InternalMap getMap(int i) {
		return new ColumnarMap(this.keys, this.values, start(i), length(i));
	}

	@Override
	public ColumnVector[] getChildren() {
		return new ColumnVector[] { this.keys, this.values };
	}

	/**
	 * Returns the converted key vector.
	 * @return the keys
	 */
	public ColumnVector keys() {
		return this.keys;
	}

	/**
	 * Returns the converted value vector.
	 * @return the values
	 */
	public ColumnVector values() {
		return this.values;
	}

	/**
	 * Returns the index of the first entry of row {@code i}.
	 * @param i the row
	 * @return the start index
	 */
	public int start(int i) {
		return this.offsets.getInt((long) i << 2);
	}

	/**
	 * Returns the number of entries of row {@code i}.
	 * @param i the row
	 * @return the length
	 */
	public int length(int i) {
		return this.offsets.getInt((long) (i + 1) << 2) - start(i);
	}

}
