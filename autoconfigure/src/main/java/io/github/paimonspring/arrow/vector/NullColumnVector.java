package io.github.paimonspring.arrow.vector;

import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.columnar.ArrayColumnVector;
import org.apache.paimon.data.columnar.BooleanColumnVector;
import org.apache.paimon.data.columnar.ByteColumnVector;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.DecimalColumnVector;
import org.apache.paimon.data.columnar.DoubleColumnVector;
import org.apache.paimon.data.columnar.FloatColumnVector;
import org.apache.paimon.data.columnar.IntColumnVector;
import org.apache.paimon.data.columnar.LongColumnVector;
import org.apache.paimon.data.columnar.MapColumnVector;
import org.apache.paimon.data.columnar.RowColumnVector;
import org.apache.paimon.data.columnar.ShortColumnVector;
import org.apache.paimon.data.columnar.TimestampColumnVector;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;

/**
 * The column of a nullable table column that a batch omits: every value is null, of any type.
 */
public final class NullColumnVector implements BooleanColumnVector, ByteColumnVector, ShortColumnVector,
		IntColumnVector,
		LongColumnVector, FloatColumnVector, DoubleColumnVector, BytesColumnVector, DecimalColumnVector,
		TimestampColumnVector, ArrayColumnVector, MapColumnVector, RowColumnVector {

	/** The one instance. */
	public static final NullColumnVector INSTANCE = new NullColumnVector();

	private NullColumnVector() {
	}

	@Override
	public boolean isNullAt(int i) {
		return true;
	}

	private static IllegalStateException noValue() {
		return new IllegalStateException("An omitted column has no values; check isNullAt first");
	}

	@Override
	public boolean getBoolean(int i) {
		throw noValue();
	}

	@Override
	public byte getByte(int i) {
		throw noValue();
	}

	@Override
	public short getShort(int i) {
		throw noValue();
	}

	@Override
	public int getInt(int i) {
		throw noValue();
	}

	@Override
	public long getLong(int i) {
		throw noValue();
	}

	@Override
	public float getFloat(int i) {
		throw noValue();
	}

	@Override
	public double getDouble(int i) {
		throw noValue();
	}

	@Override
	public Bytes getBytes(int i) {
		throw noValue();
	}

	@Override
	public Decimal getDecimal(int i, int precision, int scale) {
		throw noValue();
	}

	@Override
	public Timestamp getTimestamp(int i, int precision) {
		throw noValue();
	}

	@Override
	public InternalArray getArray(int i) {
		throw noValue();
	}

	@Override
	public ColumnVector getColumnVector() {
		throw noValue();
	}

	@Override
	public InternalMap getMap(int i) {
		throw noValue();
	}

	@Override
	public InternalRow getRow(int i) {
		throw noValue();
	}

	@Override
	public VectorizedColumnBatch getBatch() {
		throw noValue();
	}

}
