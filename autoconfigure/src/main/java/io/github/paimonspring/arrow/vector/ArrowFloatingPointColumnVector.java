package io.github.paimonspring.arrow.vector;

import java.nio.ByteBuffer;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.paimon.data.columnar.DoubleColumnVector;
import org.apache.paimon.data.columnar.FloatColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads an Arrow {@code Float32} or {@code Float64} vector as a Paimon {@code FLOAT} or
 * {@code DOUBLE} column; {@code Float32} values widen exactly to {@code DOUBLE}.
 */
public final class ArrowFloatingPointColumnVector extends AbstractArrowColumnVector
		implements FloatColumnVector, DoubleColumnVector, ColumnRuns.Doubles {

	private final ArrowBuf data;

	private final boolean doublePrecision;

	private @Nullable ByteBuffer view;

	private boolean viewRead;

	/**
	 * Creates the column vector.
	 * @param vector a {@code Float4Vector} or {@code Float8Vector}
	 */
	public ArrowFloatingPointColumnVector(BaseFixedWidthVector vector) {
		super(vector);
		this.data = vector.getDataBuffer();
		this.doublePrecision = vector.getTypeWidth() == 8;
	}

	@Override
	public float getFloat(int i) {
		return this.doublePrecision ? (float) this.data.getDouble((long) i << 3) : this.data.getFloat((long) i << 2);
	}

	@Override
	public double getDouble(int i) {
		return this.doublePrecision ? this.data.getDouble((long) i << 3) : this.data.getFloat((long) i << 2);
	}

	@Override
	public void readDoubles(int[] rows, int from, int to, double[] into) {
		if (!this.viewRead) {
			this.view = view(this.data);
			this.viewRead = true;
		}
		ByteBuffer data = this.view;
		if (data == null) {
			for (int k = from; k < to; k++) {
				into[k - from] = getDouble(rows[k]);
			}
		}
		else if (this.doublePrecision) {
			for (int k = from; k < to; k++) {
				into[k - from] = data.getDouble(rows[k] << 3);
			}
		}
		else {
			for (int k = from; k < to; k++) {
				into[k - from] = data.getFloat(rows[k] << 2);
			}
		}
	}

}
