package io.github.paimonspring.arrow.vector;

import java.math.BigDecimal;
import java.math.RoundingMode;

import io.github.paimonspring.arrow.ArrowDataException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.util.DecimalUtility;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.columnar.DecimalColumnVector;

/**
 * Reads an Arrow {@code Decimal128} vector of any precision and scale as a Paimon
 * {@code DECIMAL(p, s)} column. Values with the same scale and {@code p <= 18} are read from the
 * low 64 bits without allocating; others go through {@link BigDecimal} and are rescaled exactly.
 * A value that would lose digits or does not fit precision {@code p} is only detected when it is
 * read and then raises an {@link ArrowDataException} naming the column and row (for nested
 * columns, the index inside the child vector).
 */
public final class ArrowDecimalColumnVector extends AbstractArrowColumnVector implements DecimalColumnVector,
		ColumnRuns.Decimals {

	private static final int BYTE_WIDTH = 16;

	private static final long[] POWERS_OF_TEN = new long[19];

	static {
		POWERS_OF_TEN[0] = 1;
		for (int i = 1; i < POWERS_OF_TEN.length; i++) {
			POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
		}
	}

	private final String table;

	private final String column;

	private final ArrowBuf data;

	private final int arrowPrecision;

	private final int arrowScale;

	/**
	 * Creates the column vector.
	 * @param table the table identifier used in messages
	 * @param column the column path used in messages
	 * @param vector the Arrow decimal vector
	 */
	public ArrowDecimalColumnVector(String table, String column, DecimalVector vector) {
		super(vector);
		this.table = table;
		this.column = column;
		this.data = vector.getDataBuffer();
		this.arrowPrecision = vector.getPrecision();
		this.arrowScale = vector.getScale();
	}

	/**
	 * Returns the value at {@code i} as a Paimon decimal of the given precision and scale.
	 * @throws ArrowDataException if the value cannot be represented exactly as
	 * {@code DECIMAL(precision, scale)}
	 */
	@Override
	public Decimal getDecimal(int i, int precision, int scale) {
		if (scale == this.arrowScale && precision <= 18) {
			long offset = (long) i * BYTE_WIDTH;
			long low = this.data.getLong(offset);
			long high = this.data.getLong(offset + 8);
			long bound = POWERS_OF_TEN[precision];
			if (high == (low >> 63) && low > -bound && low < bound) {
				return Decimal.fromUnscaledLong(low, precision, scale);
			}
			throw doesNotFit(i, readBigDecimal(i), precision, scale);
		}
		BigDecimal value = readBigDecimal(i);
		BigDecimal rescaled;
		try {
			rescaled = value.setScale(scale, RoundingMode.UNNECESSARY);
		}
		catch (ArithmeticException ex) {
			throw doesNotFit(i, value, precision, scale);
		}
		Decimal decimal = (rescaled.precision() <= precision) ? Decimal.fromBigDecimal(rescaled, precision, scale)
				: null;
		if (decimal == null) {
			throw doesNotFit(i, value, precision, scale);
		}
		return decimal;
	}

	@Override
	public void readUnscaledLongs(int[] rows, int from, int to, int precision, int scale, long[] into) {
		if (scale != this.arrowScale || precision > 18) {
			for (int k = from; k < to; k++) {
				int i = rows[k];
				into[k - from] = isNullAt(i) ? 0 : getDecimal(i, precision, scale).toUnscaledLong();
			}
			return;
		}
		long bound = POWERS_OF_TEN[precision];
		for (int k = from; k < to; k++) {
			int i = rows[k];
			long offset = (long) i * BYTE_WIDTH;
			long low = this.data.getLong(offset);
			long high = this.data.getLong(offset + 8);
			if (high == (low >> 63) && low > -bound && low < bound) {
				into[k - from] = low;
			}
			else if (isNullAt(i)) {
				into[k - from] = 0;
			}
			else {
				throw doesNotFit(i, readBigDecimal(i), precision, scale);
			}
		}
	}

	private BigDecimal readBigDecimal(int i) {
		return DecimalUtility.getBigDecimalFromArrowBuf(this.data, i, this.arrowScale, BYTE_WIDTH);
	}

	private ArrowDataException doesNotFit(int i, BigDecimal value, int precision, int scale) {
		String expected = "DECIMAL(" + precision + ", " + scale + ")";
		String actual = "Decimal128(" + this.arrowPrecision + ", " + this.arrowScale + ")";
		return new ArrowDataException(this.table, this.column, expected, actual, i,
				"Column '" + this.column + "' of table '" + this.table + "' is " + expected
						+ " but the Arrow batch has "
						+ value.toPlainString() + " at row " + i + ", which does not fit without losing digits");
	}

}
