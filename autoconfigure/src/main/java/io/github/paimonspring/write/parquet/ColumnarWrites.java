package io.github.paimonspring.write.parquet;

import java.util.Locale;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataField;
import org.jspecify.annotations.Nullable;

/**
 * Which tables the column-by-column writers write: those whose files they produce exactly as Paimon's
 * writer would. Bucket-unaware append tables go to {@link ColumnarAppendWriter}, fixed-bucket
 * primary-key tables with the deduplicate merge engine to {@link ColumnarKeyValueWriter}; anything else
 * (other formats, file indexes, row tracking, nested types, encrypted Parquet, changelog producers,
 * deletion vectors, other merge engines) is written by Paimon's writer.
 */
public final class ColumnarWrites {

	private ColumnarWrites() {
	}

	/**
	 * Returns why a table is not written column by column, or {@code null} if it is.
	 * @param table the table
	 * @return the reason, or {@code null}
	 */
	public static @Nullable String unsupportedReason(FileStoreTable table) {
		CoreOptions options = table.coreOptions();
		String reason = fileReason(options);
		if (reason != null) {
			return reason;
		}
		if (table.primaryKeys().isEmpty()) {
			if (table.bucketMode() != BucketMode.BUCKET_UNAWARE) {
				return "it is an append table with fixed buckets (bucket = " + options.bucket() + ")";
			}
			if (options.rowTrackingEnabled() || options.dataEvolutionEnabled()) {
				return "it tracks row ids";
			}
			if (options.vectorFileFormatString() != null) {
				return "it writes vector files";
			}
			return columnReason(table, false);
		}
		reason = keyValueReason(table, options);
		return (reason != null) ? reason : columnReason(table, true);
	}

	/** Whether the table's files are Parquet files that Paimon writes with one set of settings. */
	private static @Nullable String fileReason(CoreOptions options) {
		if (!"parquet".equals(options.fileFormatString().toLowerCase(Locale.ROOT))
				|| !options.fileFormatPerLevel().isEmpty()) {
			return "its file format is not parquet";
		}
		if (!options.fileCompressionPerLevel().isEmpty() || !options.statsModePerLevel().isEmpty()) {
			return "it sets compression or statistics per level";
		}
		if (!options.indexColumnsOptions().isEmpty()) {
			return "it has file indexes";
		}
		for (String key : options.toMap().keySet()) {
			String lower = key.toLowerCase(Locale.ROOT);
			if (lower.startsWith("parquet.crypto") || lower.startsWith("parquet.encryption")) {
				return "its Parquet files are encrypted";
			}
		}
		return null;
	}

	/** Whether a primary-key table's writes are what the deduplicating merge-tree writer writes. */
	private static @Nullable String keyValueReason(FileStoreTable table, CoreOptions options) {
		if (table.bucketMode() != BucketMode.HASH_FIXED) {
			return "it is a primary-key table without fixed buckets (bucket = " + options.bucket() + ")";
		}
		if (options.mergeEngine() != CoreOptions.MergeEngine.DEDUPLICATE) {
			return "its merge engine is " + options.mergeEngine();
		}
		if (!options.sequenceField().isEmpty() || options.rowkindField().isPresent()) {
			return "it orders or marks rows by its own columns (sequence.field or rowkind.field)";
		}
		if (options.ignoreDelete() || options.recordLevelExpireTime() != null) {
			return "it drops rows on write (ignore-delete or record-level.expire-time)";
		}
		if (options.changelogProducer() != CoreOptions.ChangelogProducer.NONE || options.needLookup()
				|| options.deletionVectorsEnabled()) {
			return "it produces a changelog or deletion vectors";
		}
		if (options.fullCompactionDeltaCommits() != null || options.dataFileThinMode()
				|| !options.clusteringColumns().isEmpty()) {
			return "it compacts, stores or clusters its files in its own way (full-compaction.delta-commits, "
					+ "data-file.thin-mode or clustering.columns)";
		}
		return null;
	}

	private static @Nullable String columnReason(FileStoreTable table, boolean buffered) {
		for (DataField field : table.rowType().getFields()) {
			boolean supported = buffered ? BufferedColumn.of(field.type()) != null
					: ColumnValueWriter.of(field.name(), field.type()) != null;
			if (!supported) {
				return "column '" + field.name() + "' is of type " + field.type();
			}
		}
		return null;
	}

}
