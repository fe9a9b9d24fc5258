package io.github.paimonspring.write.lane;

import io.github.paimonspring.arrow.ArrowBatchConverter;
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

	WriteLane(String table, FileStoreTable fileStoreTable, TableWriteImpl<?> write, @Nullable RowKeyExtractor keys,
			@Nullable BucketRouter router, String rowKindColumn) {
		this.write = write;
		this.converter = new ArrowBatchConverter(table, fileStoreTable.rowType(), rowKindColumn);
		this.keys = keys;
		this.router = router;
	}

}
