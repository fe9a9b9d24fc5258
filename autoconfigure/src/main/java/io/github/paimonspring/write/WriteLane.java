package io.github.paimonspring.write;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableWriteImpl;

/**
 * One Paimon writer of a {@link TableWrite} with its own view of the Arrow batch. Lanes of one
 * {@code TableWrite} own disjoint buckets (or, for bucket-unaware append tables, disjoint row
 * ranges), so they can write in parallel without sharing Paimon state.
 */
final class WriteLane {

	final TableWriteImpl<?> write;

	final ArrowBatchConverter converter;

	final ColumnarRow row = new ColumnarRow();

	final RowKeyExtractor keys;

	WriteLane(String table, FileStoreTable fileStoreTable, TableWriteImpl<?> write, boolean needsKeys) {
		this.write = write;
		this.converter = new ArrowBatchConverter(table, fileStoreTable.rowType());
		this.keys = needsKeys ? fileStoreTable.createRowKeyExtractor() : null;
	}

}
