package io.github.paimonspring.write.parquet;

import io.github.paimonspring.arrow.vector.ColumnRuns;
import org.apache.paimon.data.columnar.BooleanColumnVector;
import org.apache.paimon.data.columnar.ByteColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.apache.paimon.data.columnar.DecimalColumnVector;
import org.apache.paimon.data.columnar.FloatColumnVector;
import org.apache.paimon.data.columnar.IntColumnVector;
import org.apache.paimon.data.columnar.ShortColumnVector;
import org.apache.paimon.format.parquet.ParquetSchemaConverter;
import org.apache.paimon.shade.org.apache.parquet.column.ColumnWriter;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.TimestampType;
import org.jspecify.annotations.Nullable;

/**
 * Writes the values of one top-level column of a flat Paimon type from a {@link ColumnVector} into a
 * Parquet {@link ColumnWriter}, a run of rows at a time, encoding every value as Paimon's
 * {@code ParquetRowDataWriter} does: small integers, dates and times as INT32, decimals as INT32,
 * INT64 or fixed-length two's complement by precision, timestamps as milliseconds, microseconds or
 * INT96 by precision, strings and binaries as BINARY. Vectors that read runs at once
 * ({@link ColumnRuns}) are read so; any other vector value by value through its Paimon getter.
 */
abstract class ColumnValueWriter {

	/** The most rows read into the value buffers at once. */
	static final int RUN = 256;

	private final String column;

	private final boolean nullable;

	ColumnValueWriter(String column, boolean nullable) {
		this.column = column;
		this.nullable = nullable;
	}

	/**
	 * Returns the writer for a column type, or {@code null} when the type is not flat.
	 * @param column the column name used in messages
	 * @param type the column type
	 * @return the writer, or {@code null}
	 */
	static @Nullable ColumnValueWriter of(String column, DataType type) {
		boolean nullable = type.isNullable();
		switch (type.getTypeRoot()) {
			case BOOLEAN:
				return new ColumnValueWriters.ValueByValue(column, nullable,
						(v, i, w, defined) -> w.write(((BooleanColumnVector) v).getBoolean(i), 0, defined));
			case TINYINT:
				return new ColumnValueWriters.Int32(column, nullable, true, (v,
						i) -> ((ByteColumnVector) v).getByte(i));
			case SMALLINT:
				return new ColumnValueWriters.Int32(column, nullable, true, (v,
						i) -> ((ShortColumnVector) v).getShort(i));
			case INTEGER:
			case DATE:
			case TIME_WITHOUT_TIME_ZONE:
				return new ColumnValueWriters.Int32(column, nullable, true, (v, i) -> ((IntColumnVector) v).getInt(i));
			case BIGINT:
				return new ColumnValueWriters.Int64(column, nullable, ColumnValueWriters.Int64.Source.LONGS, 0, 0);
			case FLOAT:
				return new ColumnValueWriters.ValueByValue(column, nullable,
						(v, i, w, defined) -> w.write(((FloatColumnVector) v).getFloat(i), 0, defined));
			case DOUBLE:
				return new ColumnValueWriters.Doubles(column, nullable);
			case CHAR:
			case VARCHAR:
			case BINARY:
			case VARBINARY:
				return new ColumnValueWriters.Bytes(column, nullable);
			case DECIMAL:
				return decimals(column, nullable, (DecimalType) type);
			case TIMESTAMP_WITHOUT_TIME_ZONE:
				return timestamps(column, nullable, ((TimestampType) type).getPrecision());
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				return timestamps(column, nullable, ((LocalZonedTimestampType) type).getPrecision());
			default:
				return null;
		}
	}

	private static ColumnValueWriter decimals(String column, boolean nullable, DecimalType type) {
		int precision = type.getPrecision();
		int scale = type.getScale();
		if (ParquetSchemaConverter.is32BitDecimal(precision)) {
			return new ColumnValueWriters.Int32(column, nullable, false,
					(v, i) -> (int) ((DecimalColumnVector) v).getDecimal(i, precision, scale).toUnscaledLong());
		}
		if (ParquetSchemaConverter.is64BitDecimal(precision)) {
			return new ColumnValueWriters.Int64(column, nullable, ColumnValueWriters.Int64.Source.DECIMALS, precision,
					scale);
		}
		return new ColumnValueWriters.ValueByValue(column, nullable, ColumnValueWriters.wideDecimals(precision, scale));
	}

	/**
	 * Returns the writer for a column of a table the column-by-column writers take: {@link ColumnarWrites}
	 * found every column flat.
	 * @param column the column name used in messages
	 * @param type the column type
	 * @return the writer
	 * @throws IllegalStateException if the type is not flat
	 */
	static ColumnValueWriter ofFlat(String column, DataType type) {
		ColumnValueWriter writer = of(column, type);
		if (writer == null) {
			throw new IllegalStateException(
					"Column '" + column + "' is of type " + type + ", which the column-by-column writers do not take");
		}
		return writer;
	}

	private static ColumnValueWriter timestamps(String column, boolean nullable, int precision) {
		if (precision <= 6) {
			return new ColumnValueWriters.Int64(column, nullable, ColumnValueWriters.Int64.Source.TIMESTAMPS, precision,
					0);
		}
		return new ColumnValueWriters.ValueByValue(column, nullable, ColumnValueWriters.int96Timestamps(precision));
	}

	/**
	 * Writes the values of {@code rows[from..to)} of a column vector.
	 * @param vector the column's values
	 * @param rows the row positions to write
	 * @param from the first index into {@code rows}
	 * @param to the index after the last one
	 * @param writer the Parquet column writer
	 */
	final void write(ColumnVector vector, int[] rows, int from, int to, ColumnWriter writer) {
		boolean nulls = !(vector instanceof ColumnRuns.Nulls) || ((ColumnRuns.Nulls) vector).hasNulls();
		int defined = this.nullable ? 1 : 0;
		for (int start = from; start < to; start += RUN) {
			writeRun(vector, rows, start, Math.min(to, start + RUN), writer, nulls, defined);
		}
	}

	/**
	 * Writes at most {@link #RUN} rows.
	 * @param nulls whether the vector may hold nulls
	 * @param defined the definition level of a value
	 */
	abstract void writeRun(ColumnVector vector, int[] rows, int from, int to, ColumnWriter writer, boolean nulls,
			int defined);

	/** Whether row {@code i} is null; a null in a {@code NOT NULL} column fails. */
	final boolean isNull(ColumnVector vector, int i) {
		if (!vector.isNullAt(i)) {
			return false;
		}
		if (!this.nullable) {
			throw new IllegalArgumentException(
					"Column '" + this.column + "' is NOT NULL but row " + i + " of the batch is null");
		}
		return true;
	}

}
