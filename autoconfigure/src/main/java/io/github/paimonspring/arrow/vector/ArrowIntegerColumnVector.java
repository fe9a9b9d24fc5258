package io.github.paimonspring.arrow.vector;

import java.nio.ByteBuffer;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.paimon.data.columnar.ByteColumnVector;
import org.apache.paimon.data.columnar.IntColumnVector;
import org.apache.paimon.data.columnar.LongColumnVector;
import org.apache.paimon.data.columnar.ShortColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads an Arrow signed integer vector ({@code Int8} to {@code Int64}) as any Paimon integer
 * column at least as wide, sign-extending narrower values. Narrowing never happens because the
 * schema check only allows widening.
 */
public final class ArrowIntegerColumnVector extends AbstractArrowColumnVector
		implements ByteColumnVector, ShortColumnVector, IntColumnVector, LongColumnVector, ColumnRuns.Ints,
		ColumnRuns.Longs {

	private final ArrowBuf data;

	private final int byteWidth;

	private @Nullable ByteBuffer view;

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

	@Override
	public void readInts(int[] rows, int from, int to, int[] into) {
		ByteBuffer data = view();
		if (data == null) {
			for (int k = from; k < to; k++) {
				into[k - from] = getInt(rows[k]);
			}
			return;
		}
		switch (this.byteWidth) {
			case 1:
				for (int k = from; k < to; k++) {
					into[k - from] = data.get(rows[k]);
				}
				break;
			case 2:
				for (int k = from; k < to; k++) {
					into[k - from] = data.getShort(rows[k] << 1);
				}
				break;
			case 4:
				for (int k = from; k < to; k++) {
					into[k - from] = data.getInt(rows[k] << 2);
				}
				break;
			default:
				for (int k = from; k < to; k++) {
					into[k - from] = (int) data.getLong(rows[k] << 3);
				}
		}
	}

	@Override
	public void readLongs(int[] rows, int from, int to, long[] into) {
		ByteBuffer data = view();
		if (data == null || this.byteWidth != 8) {
			for (int k = from; k < to; k++) {
				into[k - from] = getLong(rows[k]);
			}
			return;
		}
		for (int k = from; k < to; k++) {
			into[k - from] = data.getLong(rows[k] << 3);
		}
	}

	private @Nullable ByteBuffer view() {
		if (this.view == null) {
			this.view = view(this.data);
		}
		return this.view;
	}

}
