package io.github.paimonspring.arrow.vector;

import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A column vector whose Paimon values are its Arrow values scaled to another unit — timestamps, times
 * and dates of another unit than the number Paimon stores for them — and can therefore be too large for
 * that number. A value overflows exactly where Paimon cannot hold it: where the conversion to Paimon's
 * value, or the arithmetic Paimon's Parquet writer does on it for the column's precision, does not fit
 * its 64-bit (timestamps) or 32-bit (times, dates) number. Such values are refused before a batch is
 * written; every other value reads exactly.
 */
public interface ScaledValues {

	/**
	 * Returns the first row of {@code [from, to)} that is not null and whose value overflows at a
	 * precision.
	 * @param from the first row
	 * @param to the row after the last one
	 * @param precision the precision of the Paimon column (ignored where it does not change the number)
	 * @return the row, or {@code -1} if every value fits
	 */
	int firstOverflow(int from, int to, int precision);

	/**
	 * Returns the Arrow value of a row as the number the batch holds, for messages.
	 * @param i the row
	 * @return the number in the vector's Arrow unit
	 */
	long arrowValue(int i);

	/**
	 * Returns the Arrow type of the vector, for messages.
	 * @return the type, with its unit
	 */
	ArrowType arrowType();

	/**
	 * Describes the number Paimon stores for a precision, for messages.
	 * @param precision the precision of the Paimon column
	 * @return such as {@code epoch microseconds (a 64-bit long)}
	 */
	String storedAs(int precision);

}
