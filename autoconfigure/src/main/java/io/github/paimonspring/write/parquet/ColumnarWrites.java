package io.github.paimonspring.write.parquet;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataField;
import org.jspecify.annotations.Nullable;

/**
 * Which tables the column-by-column writers write: those whose files they produce exactly as Paimon's
 * writer would. A table qualifies only when every option it sets is on the allow-list
 * ({@link ColumnarOptions}) with an allowed value, no column has a default value, and its columns are of
 * flat types; then bucket-unaware append tables go to {@link ColumnarAppendWriter} and fixed-bucket
 * primary-key tables (deduplicate merge engine, the only one allowed) to {@link ColumnarKeyValueWriter}.
 * Every other table, and every option the list does not know, is written by Paimon's writer.
 */
public final class ColumnarWrites {

	private ColumnarWrites() {
	}

	/**
	 * Returns why a table is not written column by column, or {@code null} if it is: the first option
	 * not on the allow-list ({@link ColumnarOptions}), a column with a default value, a bucket mode or a
	 * column type the columnar writers do not write.
	 * @param table the table
	 * @return the reason, naming the option, column or mode that decided it, or {@code null}
	 */
	public static @Nullable String unsupportedReason(FileStoreTable table) {
		String reason = ColumnarOptions.get().routingReason(table.options());
		if (reason != null) {
			return reason;
		}
		CoreOptions options = table.coreOptions();
		if (table.primaryKeys().isEmpty()) {
			if (table.bucketMode() != BucketMode.BUCKET_UNAWARE) {
				return "it is an append table with fixed buckets (bucket = " + options.bucket() + ")";
			}
			return columnReason(table, false);
		}
		if (table.bucketMode() != BucketMode.HASH_FIXED) {
			return "it is a primary-key table without fixed buckets (bucket = " + options.bucket() + ")";
		}
		if (options.writeBufferSize() < 3L * options.pageSize()) {
			// Paimon's merge-tree writer refuses a write buffer of less than three pages
			return "write-buffer-size (" + options.writeBufferSize() + " bytes) is less than three pages of page-size ("
					+ options.pageSize() + " bytes)";
		}
		return columnReason(table, true);
	}

	/**
	 * Returns why Paimon's Parquet writer would refuse the table's compression codec, or {@code null}:
	 * {@code file.compression} (or {@code parquet.compression}) must name a codec Parquet knows, and
	 * only {@code none} in lower case means uncompressed, as Paimon reads it. Checked before a write
	 * starts, because Paimon's writer fails only after it has created a data file it cannot remove.
	 * @param table the table
	 * @return the reason, naming the option and value, or {@code null}
	 */
	public static @Nullable String refusedCompression(FileStoreTable table) {
		CoreOptions options = table.coreOptions();
		if (!"parquet".equalsIgnoreCase(options.fileFormatString())) {
			return null;
		}
		String compression = options.fileCompression();
		String option = CoreOptions.FILE_COMPRESSION.key();
		String parquet = table.options().get(ColumnarOptions.PARQUET_PREFIX + "compression");
		if (parquet != null) {
			compression = parquet;
			option = ColumnarOptions.PARQUET_PREFIX + "compression";
		}
		try {
			CompressionCodecName.fromConf("none".equals(compression) ? null : compression);
			return null;
		}
		catch (IllegalArgumentException ex) {
			return "option '" + option + "' = '" + compression + "' names no compression Paimon's Parquet writer knows "
					+ "(none, zstd, lz4, snappy, gzip, …; lower case for none)";
		}
	}

	private static @Nullable String columnReason(FileStoreTable table, boolean buffered) {
		for (DataField field : table.rowType().getFields()) {
			boolean supported = buffered ? BufferedColumn.of(field.type()) != null
					: ColumnValueWriter.of(field.name(), field.type()) != null;
			if (!supported) {
				return "column '" + field.name() + "' is of type " + field.type();
			}
			if (field.defaultValue() != null) {
				// Paimon's writer fills its nulls with the default (DefaultValueRow)
				return "column '" + field.name() + "' has a default value";
			}
		}
		return null;
	}

}
