package io.github.paimonspring.arrow.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.paimon.data.columnar.ByteColumnVector;
import org.apache.paimon.data.columnar.IntColumnVector;
import org.apache.paimon.data.columnar.LongColumnVector;
import org.apache.paimon.data.columnar.ShortColumnVector;

/**
 * Reads an Arrow signed integer vector ({@code Int8} to {@code Int64}) as any Paimon integer
 * column at least as wide, sign-extending narrower values. Narrowing never happens because the
 * schema check only allows widening.
 */
public final class ArrowIntegerColumnVector extends AbstractArrowColumnVector
		implements ByteColumnVector, ShortColumnVector, IntColumnVector, LongColumnVector {

	private final ArrowBuf data;

	private final int byteWidth;

	/**
	 * Creates the column vector.
	 * @param vector a {@code TinyIntVector}, {@code SmallIntVector}, {@code IntVector} or
	 * {@code BigIntVector}
	 */
	public ArrowIntegerColumnVector(BaseFixedWidthVector vector) {
		super(vector);
		this.data = vector.getDataBuffer();
		this.byteWidth = vector.getTypeWidth();
	}

	@Override
	public byte getByte(int i) {
		return (byte) getLong(i);
	}

	@Override
	public short getShort(int i) {
		return (short) getLong(i);
	}

	@Override
	public int getInt(int i) {
		return (int) getLong(i);
	}

	@Override
	public long getLong(int i) {
		switch (this.byteWidth) {
			case 1:
				return this.data.getByte(i);
			case 2:
				return this.data.getShort((long) i << 1);
			case 4:
				return this.data.getInt((long) i << 2);
			default:
				return this.data.getLong((long) i << 3);
		}
	}

}
