/**
 * The column-by-column writers of the write model: data files written from a batch's column vectors a
 * column at a time ({@code ColumnarAppendWriter}, {@code ColumnarParquetFile}, the value writers per
 * Parquet type), for the tables whose files they write exactly as Paimon's row-by-row writer would
 * ({@code ColumnarWrites}): the same file schema, encoding properties, statistics, sequence numbers and
 * file metadata, derived from the table's options as Paimon derives them ({@code ParquetFileSettings}).
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.write.parquet;

import org.jspecify.annotations.NullMarked;
