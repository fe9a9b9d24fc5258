package io.github.paimonspring.arrow.vector;

import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.RowColumnVector;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;

/**
 * Reads an Arrow {@code Struct} vector as a Paimon {@code ROW} column: the converted children,
 * in Paimon field order, form a nested batch and each row is a {@link ColumnarRow} over it.
 */
public final class ArrowRowColumnVector extends AbstractArrowColumnVector implements RowColumnVector {

	private final VectorizedColumnBatch batch;

	/**
	 * Creates the column vector.
	 * @param vector the Arrow struct vector
	 * @param children the converted children in Paimon field order
	 */
	public ArrowRowColumnVector(NonNullableStructVector vector, ColumnVector[] children) {
		super(vector);
		this.batch = new VectorizedColumnBatch(children);
		this.batch.setNumRows(vector.getValueCount());
	}

	@Override
	public InternalRow getRow(int i) {
		return new ColumnarRow(this.batch, i);
	}

	@Override
	public VectorizedColumnBatch getBatch() {
		return this.batch;
	}

	@Override
	public ColumnVector[] getChildren() {
		return this.batch.columns;
	}

}
