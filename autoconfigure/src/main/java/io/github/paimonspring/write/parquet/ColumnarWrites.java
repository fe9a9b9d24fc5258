package io.github.paimonspring.write.parquet;

import java.util.Locale;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataField;
import org.jspecify.annotations.Nullable;

/**
 * Which tables the column-by-column writers write: those whose files they produce exactly as Paimon's
 * writer would. Anything else (primary keys, buckets, other formats, file indexes, row tracking, nested
 * types, Parquet encryption) is written by Paimon's writer.
 */
public final class ColumnarWrites {

	private ColumnarWrites() {
	}

	/**
	 * Returns why a table is not written by {@link ColumnarAppendWriter}, or {@code null} if it is.
	 * @param table the table
	 * @return the reason, or {@code null}
	 */
	public static @Nullable String unsupportedReason(FileStoreTable table) {
		CoreOptions options = table.coreOptions();
		if (!table.primaryKeys().isEmpty()) {
			return "it has a primary key";
		}
		if (table.bucketMode() != BucketMode.BUCKET_UNAWARE) {
			return "it is not bucket-unaware (bucket = " + options.bucket() + ")";
		}
		if (!"parquet".equals(options.fileFormatString().toLowerCase(Locale.ROOT))
				|| !options.fileFormatPerLevel().isEmpty()) {
			return "its file format is not parquet";
		}
		if (!options.indexColumnsOptions().isEmpty()) {
			return "it has file indexes";
		}
		if (options.rowTrackingEnabled() || options.dataEvolutionEnabled()) {
			return "it tracks row ids";
		}
		if (options.vectorFileFormatString() != null) {
			return "it writes vector files";
		}
		for (String key : options.toMap().keySet()) {
			String lower = key.toLowerCase(Locale.ROOT);
			if (lower.startsWith("parquet.crypto") || lower.startsWith("parquet.encryption")) {
				return "its Parquet files are encrypted";
			}
		}
		for (DataField field : table.rowType().getFields()) {
			if (ColumnValueWriter.of(field.name(), field.type()) == null) {
				return "column '" + field.name() + "' is of type " + field.type();
			}
		}
		return null;
	}

}
