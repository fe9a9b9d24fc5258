package io.github.paimonspring.write.lane;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.write.parquet.ColumnarAppendWriter;
import io.github.paimonspring.write.parquet.ColumnarKeyValueWriter;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.jspecify.annotations.Nullable;

/**
 * One Paimon writer of a {@link LaneWriter} with its own view of the Arrow batch and its own key
 * extractor and bucket router, so that lanes never share mutable state.
 */
final class WriteLane {

	final TableWriteImpl<?> write;

	final ArrowBatchConverter converter;

	final ColumnarRow row = new ColumnarRow();

	final @Nullable RowKeyExtractor keys;

	final @Nullable BucketRouter router;

	/** Writes this lane's rows column by column instead of {@link #write}, where the table allows it. */
	final @Nullable ColumnarAppendWriter columnar;

	/** Buffers and writes this lane's buckets column by column instead of {@link #write}, where the table allows it. */
	final @Nullable ColumnarKeyValueWriter keyValues;

	WriteLane(String table, FileStoreTable fileStoreTable, TableWriteImpl<?> write, @Nullable RowKeyExtractor keys,
			@Nullable BucketRouter router, String rowKindColumn, @Nullable ColumnarAppendWriter columnar,
			@Nullable ColumnarKeyValueWriter keyValues) {
		this.write = write;
		this.columnar = columnar;
		this.keyValues = keyValues;
		this.converter = new ArrowBatchConverter(table, fileStoreTable.rowType(), rowKindColumn);
		this.keys = keys;
		this.router = router;
	}

}
