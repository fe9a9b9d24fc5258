package io.github.paimonspring.arrow.vector;

/**
 * What the column vectors offer writers that encode column by column: whether a vector has nulls at
 * all, and reading the values of a run of rows into a primitive array with one call, so that no call
 * and no object is spent per value. For every row of the run that is not null, a run holds exactly
 * what the vector's Paimon getter returns for it (what it holds for null rows is unspecified). The
 * row positions are checked like every other read: a position outside the batch fails.
 */
public final class ColumnRuns {

	private ColumnRuns() {
	}

	/** Knows whether any row of the vector is null. */
	public interface Nulls {

		/**
		 * Returns whether any row of the vector is null.
		 * @return {@code false} if no row is null
		 */
		boolean hasNulls();

	}

	/** Reads runs of {@code getInt} values. */
	public interface Ints {

		/**
		 * Reads the values of {@code rows[from..to)} into {@code into[0..to-from)}.
		 * @param rows row positions
		 * @param from the first index into {@code rows}
		 * @param to the index after the last one
		 * @param into the values
		 */
		void readInts(int[] rows, int from, int to, int[] into);

	}

	/** Reads runs of {@code getLong} values. */
	public interface Longs {

		/**
		 * Reads the values of {@code rows[from..to)} into {@code into[0..to-from)}.
		 * @param rows row positions
		 * @param from the first index into {@code rows}
		 * @param to the index after the last one
		 * @param into the values
		 */
		void readLongs(int[] rows, int from, int to, long[] into);

	}

	/** Reads runs of {@code getDouble} values. */
	public interface Doubles {

		/**
		 * Reads the values of {@code rows[from..to)} into {@code into[0..to-from)}.
		 * @param rows row positions
		 * @param from the first index into {@code rows}
		 * @param to the index after the last one
		 * @param into the values
		 */
		void readDoubles(int[] rows, int from, int to, double[] into);

	}

	/**
	 * Reads runs of timestamps as the number Paimon stores for a precision: epoch milliseconds of
	 * {@code getTimestamp(i, precision).getMillisecond()} up to precision 3, epoch microseconds of
	 * {@code toMicros()} up to precision 6; and the nanoseconds a microsecond number leaves out, which
	 * Paimon keeps in its in-memory rows (and so in keys) for precision 4 and more.
	 */
	public interface Timestamps {

		/**
		 * Reads the values of {@code rows[from..to)} into {@code into[0..to-from)}.
		 * @param rows row positions
		 * @param from the first index into {@code rows}
		 * @param to the index after the last one
		 * @param precision the Paimon precision, at most 6
		 * @param into the values
		 */
		void readTimestamps(int[] rows, int from, int to, int precision, long[] into);

		/**
		 * Reads the nanoseconds within the microsecond, 0 to 999, of the values of {@code rows[from..to)}
		 * into {@code into[0..to-from)}: {@code getTimestamp(i, p).getNanoOfMillisecond() % 1000}.
		 * @param rows row positions
		 * @param from the first index into {@code rows}
		 * @param to the index after the last one
		 * @param into the nanoseconds
		 * @return {@code false} if every value of the vector is a whole microsecond ({@code into} is then
		 * left as it is)
		 */
		boolean readNanosOfMicrosecond(int[] rows, int from, int to, int[] into);

	}

	/** Reads runs of {@code getDecimal(i, precision, scale).toUnscaledLong()} for precisions up to 18. */
	public interface Decimals {

		/**
		 * Reads the values of {@code rows[from..to)} into {@code into[0..to-from)}.
		 * @param rows row positions
		 * @param from the first index into {@code rows}
		 * @param to the index after the last one
		 * @param precision the Paimon precision, at most 18
		 * @param scale the Paimon scale
		 * @param into the unscaled values
		 * @throws io.github.paimonspring.arrow.ArrowDataException if a value of the run does not fit
		 */
		void readUnscaledLongs(int[] rows, int from, int to, int precision, int scale, long[] into);

	}

	/** Reads runs of {@code getBytes} values as slices of one array. */
	public interface Slices {

		/**
		 * Reads where the values of {@code rows[from..to)} are: value {@code k - from} is
		 * {@code lengths[k - from]} bytes of the returned array from {@code starts[k - from]}.
		 * @param rows row positions
		 * @param from the first index into {@code rows}
		 * @param to the index after the last one
		 * @param starts the start of each value
		 * @param lengths the length of each value
		 * @return the array holding the values, or {@code null} if the vector cannot give one (then use
		 * {@code getBytes})
		 */
		byte @org.jspecify.annotations.Nullable [] readSlices(int[] rows, int from, int to, int[] starts,
				int[] lengths);

	}

}
