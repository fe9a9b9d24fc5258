package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.format.parquet.ParquetUtil;
import org.apache.paimon.fs.Path;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.options.Options;
import org.apache.paimon.shade.org.apache.parquet.column.Encoding;
import org.apache.paimon.shade.org.apache.parquet.column.EncodingStats;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.paimon.shade.org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.paimon.shade.org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.paimon.table.FileStoreTable;
import org.jspecify.annotations.Nullable;

/**
 * The physical layout of a Parquet data file as text, one line per row group, column chunk and data
 * page: row counts, offsets and sizes, codecs, encodings (which tell a dictionary kept from one given
 * up), dictionary pages, statistics, page locations and page indexes. Two files with the same lines
 * were cut into the same row groups and pages byte for byte.
 */
final class ParquetLayouts {

	private ParquetLayouts() {
	}

	/**
	 * Reads the layout of a data file of a table.
	 * @param table the table
	 * @param partition the file's partition
	 * @param bucket the file's bucket
	 * @param file the file
	 * @return the lines
	 * @throws IOException if the file cannot be read
	 */
	static List<String> of(FileStoreTable table, BinaryRow partition, int bucket, DataFileMeta file)
			throws IOException {
		Path path = table.store()
			.pathFactory()
			.createDataFilePathFactory(partition, bucket)
			.toPath(file);
		List<String> lines = new ArrayList<>();
		lines.add("file size " + file.fileSize());
		try (ParquetFileReader reader = ParquetUtil.getParquetReader(table.fileIO(), path, file.fileSize(),
				new Options())) {
			ParquetMetadata footer = reader.getFooter();
			lines.add("schema " + footer.getFileMetaData().getSchema());
			lines.add("created by " + footer.getFileMetaData().getCreatedBy());
			lines.add("metadata " + footer.getFileMetaData().getKeyValueMetaData());
			for (int b = 0; b < footer.getBlocks().size(); b++) {
				BlockMetaData block = footer.getBlocks().get(b);
				lines.add("row group " + b + ": " + block.getRowCount() + " rows at " + block.getStartingPos() + ", "
						+ block.getCompressedSize() + " bytes (" + block.getTotalByteSize() + " uncompressed)");
				for (ColumnChunkMetaData column : block.getColumns()) {
					String name = "row group " + b + " " + Arrays.toString(column.getPath().toArray());
					lines.add(name + ": " + column.getValueCount() + " values, " + column.getCodec() + ", "
							+ column.getEncodings() + ", " + pages(column.getEncodingStats()) + ", dictionary page "
							+ (column.hasDictionaryPage() ? "at " + column.getDictionaryPageOffset() : "none")
							+ ", first data page at " + column.getFirstDataPageOffset() + ", " + column.getTotalSize()
							+ " bytes (" + column.getTotalUncompressedSize() + " uncompressed), bloom filter at "
							+ column.getBloomFilterOffset() + ", " + column.getStatistics());
					OffsetIndex pages = reader.readOffsetIndex(column);
					lines.add(name + ": " + ((pages != null) ? pages.getPageCount() : 0) + " data pages");
					for (int p = 0; pages != null && p < pages.getPageCount(); p++) {
						lines.add(name + " page " + p + ": at " + pages.getOffset(p) + ", "
								+ pages.getCompressedPageSize(p) + " bytes, from row " + pages.getFirstRowIndex(p));
					}
					ColumnIndex index = reader.readColumnIndex(column);
					lines.add(name + ": column index " + ((index != null) ? index.getNullCounts() + " "
							+ bytes(index.getMinValues()) + " " + bytes(index.getMaxValues()) + " "
							+ index.getBoundaryOrder() : "none"));
				}
			}
		}
		return lines;
	}

	/** The pages per encoding: which data pages kept the dictionary and which gave it up. */
	private static String pages(@Nullable EncodingStats stats) {
		if (stats == null) {
			return "no encoding stats";
		}
		StringBuilder text = new StringBuilder(stats.usesV2Pages() ? "v2 pages" : "v1 pages");
		for (Encoding encoding : stats.getDictionaryEncodings()) {
			text.append(", dictionary ").append(encoding).append(" x").append(stats
					.getNumDictionaryPagesEncodedAs(encoding));
		}
		for (Encoding encoding : stats.getDataEncodings()) {
			text.append(", data ").append(encoding).append(" x").append(stats.getNumDataPagesEncodedAs(encoding));
		}
		return text.toString();
	}

	private static List<String> bytes(List<ByteBuffer> values) {
		List<String> text = new ArrayList<>();
		for (ByteBuffer value : values) {
			byte[] copy = new byte[value.remaining()];
			value.duplicate().get(copy);
			text.add(Arrays.toString(copy));
		}
		return text;
	}

	/**
	 * The number of rows of each row group of a data file.
	 * @param layout the file's {@link #of layout}
	 * @return the row counts in file order
	 */
	static List<Long> rowGroups(List<String> layout) {
		List<Long> rows = new ArrayList<>();
		for (String line : layout) {
			if (line.startsWith("row group ") && line.contains(" rows at ")) {
				rows.add(Long.parseLong(line.substring(line.indexOf(": ") + 2, line.indexOf(" rows at "))));
			}
		}
		return rows;
	}

}
