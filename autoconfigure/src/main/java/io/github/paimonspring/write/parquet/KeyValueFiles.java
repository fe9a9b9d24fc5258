package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.KeyValue;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.SimpleColStats;
import org.apache.paimon.format.SimpleStatsExtractor;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.manifest.FileSource;
import org.apache.paimon.statistics.NoneSimpleColStatsCollector;
import org.apache.paimon.statistics.SimpleColStatsCollector;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.stats.SimpleStatsConverter;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.PrimaryKeyTableUtils;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowKind;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.KeyComparatorSupplier;
import org.apache.paimon.utils.Pair;
import org.apache.paimon.utils.StatsCollectorFactories;
import org.jspecify.annotations.Nullable;

/**
 * Writes the sorted rows of one bucket as Paimon's level-0 key-value data files: the key columns, the
 * sequence number and row kind, then the table's columns ({@code KeyValue.schema}), rolled at the
 * table's target file size where Paimon's rolling writer rolls, with the key range, key and value
 * statistics, sequence range and delete count Paimon records for each. Not thread-safe.
 */
final class KeyValueFiles {

	private static final int ROLLING_CHECK_ROWS = 1000;

	private final FileStoreTable table;

	private final FileIO fileIO;

	private final ParquetFileSettings settings;

	private final ColumnValueWriter[] values;

	private final int[] keyColumns;

	private final long targetFileSize;

	private final long schemaId;

	private final @Nullable SimpleStatsExtractor statsExtractor;

	private final SimpleStatsConverter keyStats;

	private final SimpleStatsConverter valueStats;

	private final int fieldCount;

	private final KeyOrder order;

	KeyValueFiles(FileStoreTable table) {
		this.table = table;
		this.fileIO = table.fileIO();
		CoreOptions options = table.coreOptions();
		RowType valueType = table.rowType();
		RowType keyType = new RowType(PrimaryKeyTableUtils.PrimaryKeyFieldsExtractor.EXTRACTOR.keyFields(table
				.schema()));
		RowType fileType = KeyValue.schema(keyType, valueType);
		this.fieldCount = fileType.getFieldCount();
		this.settings = ParquetFileSettings.of(options, fileType);
		this.values = new ColumnValueWriter[fileType.getFieldCount()];
		for (int c = 0; c < this.values.length; c++) {
			DataField field = fileType.getFields().get(c);
			this.values[c] = ColumnValueWriter.ofFlat(field.name(), field.type());
		}
		List<String> trimmedKeys = table.schema().trimmedPrimaryKeys();
		this.keyColumns = new int[trimmedKeys.size()];
		for (int k = 0; k < this.keyColumns.length; k++) {
			this.keyColumns[k] = valueType.getFieldIndex(trimmedKeys.get(k));
		}
		this.targetFileSize = options.targetFileSize(true);
		this.schemaId = table.schema().id();
		SimpleColStatsCollector.Factory[] collectors = StatsCollectorFactories.createStatsFactories(options.statsMode(),
				options, fileType.getFieldNames(), Collections.emptyList());
		boolean disabled = true;
		for (SimpleColStatsCollector collector : SimpleColStatsCollector.create(collectors)) {
			disabled &= collector instanceof NoneSimpleColStatsCollector;
		}
		this.statsExtractor = disabled ? null
				: FileFormat.fileFormat(options).createStatsExtractor(fileType, collectors).orElse(null);
		this.keyStats = new SimpleStatsConverter(keyType);
		this.valueStats = new SimpleStatsConverter(valueType, options.statsDenseStore());
		int numericKey = -1;
		if (this.keyColumns.length == 1) {
			BufferedColumn column = BufferedColumn.of(valueType.getTypeAt(this.keyColumns[0]));
			if (column instanceof BufferedColumns.Ints || column instanceof BufferedColumns.Longs) {
				numericKey = this.keyColumns[0];
			}
		}
		this.order = new KeyOrder(table.createRowKeyExtractor(), new KeyComparatorSupplier(keyType).get(), numericKey);
	}

	/**
	 * Sorts and deduplicates a bucket's buffered rows and writes them.
	 * @param buffer the buffer
	 * @param positions the bucket's rows in arrival order; reordered
	 * @param count how many
	 * @param partition the bucket's partition
	 * @param bucket the bucket
	 * @return the files written, in key order
	 * @throws IOException if a file cannot be written (nothing of this bucket is left behind)
	 */
	List<DataFileMeta> write(KeyValueBuffer buffer, int[] positions, int count, BinaryRow partition, int bucket)
			throws IOException {
		int kept = this.order.sortAndDeduplicate(buffer, positions, count);
		DataFilePathFactory paths = paths(partition, bucket);
		VectorizedColumnBatch layout = buffer.keyValues(this.keyColumns);
		List<DataFileMeta> written = new ArrayList<>();
		int k = 0;
		try {
			while (k < kept) {
				Path path = paths.newPath();
				ColumnarParquetFile file = open(path);
				int first = k;
				DataFileMeta meta;
				try {
					while (k < kept) {
						int run = Math.min(kept - k, ROLLING_CHECK_ROWS - ((k - first) % ROLLING_CHECK_ROWS));
						file.write(layout, positions, k, k + run);
						k += run;
						if ((k - first) % ROLLING_CHECK_ROWS == 0 && file.dataSize() >= this.targetFileSize) {
							break;
						}
					}
					file.close();
					meta = meta(buffer, path, file, positions, first, k, paths.isExternalPath());
				}
				catch (IOException | RuntimeException ex) {
					// also after the file is complete: a file without its metadata is never handed over
					file.abort();
					this.fileIO.deleteQuietly(path);
					throw ex;
				}
				written.add(meta);
			}
		}
		catch (IOException | RuntimeException ex) {
			delete(paths, written);
			throw ex;
		}
		return written;
	}

	/**
	 * Sorts and deduplicates a bucket's buffered rows as {@link #write} writes them.
	 * @param buffer the buffer
	 * @param positions the bucket's rows in arrival order; reordered
	 * @param count how many
	 * @return how many rows are left, at the start of {@code positions}
	 */
	int sortAndDeduplicate(KeyValueBuffer buffer, int[] positions, int count) {
		return this.order.sortAndDeduplicate(buffer, positions, count);
	}

	/**
	 * The buffered rows in the layout of a key-value file ({@code KeyValue.schema}).
	 * @param buffer the buffer
	 * @return the batch
	 */
	VectorizedColumnBatch layout(KeyValueBuffer buffer) {
		return buffer.keyValues(this.keyColumns);
	}

	private ColumnarParquetFile open(Path path) throws IOException {
		try {
			return new ColumnarParquetFile(this.fileIO, path, this.settings, this.values);
		}
		catch (IOException | RuntimeException ex) {
			this.fileIO.deleteQuietly(path);
			throw ex;
		}
	}

	/** What Paimon's key-value file writer records for a file of rows {@code positions[from..to)}. */
	private DataFileMeta meta(KeyValueBuffer buffer, Path path, ColumnarParquetFile file, int[] positions, int from,
			int to, boolean external) throws IOException {
		long minSequence = Long.MAX_VALUE;
		long maxSequence = Long.MIN_VALUE;
		long deletes = 0;
		for (int k = from; k < to; k++) {
			long sequence = buffer.sequence(positions[k]);
			minSequence = Math.min(minSequence, sequence);
			maxSequence = Math.max(maxSequence, sequence);
			if (RowKind.fromByteValue(buffer.kind(positions[k])).isRetract()) {
				deletes++;
			}
		}
		SimpleColStats[] stats;
		if (this.statsExtractor == null) {
			stats = new SimpleColStats[this.fieldCount];
			Arrays.fill(stats, SimpleColStats.NONE);
		}
		else {
			stats = this.statsExtractor.extract(this.fileIO, path, file.length(), file.footer());
		}
		int keyCount = this.keyColumns.length;
		SimpleStats keys = this.keyStats.toBinaryAllMode(Arrays.copyOfRange(stats, 0, keyCount));
		Pair<List<String>, SimpleStats> valueStats = this.valueStats
			.toBinary(Arrays.copyOfRange(stats, keyCount + 2, stats.length));
		return DataFileMeta.create(path.getName(), file.length(), file.recordCount(), this.order.key(buffer,
				positions[from]),
				this.order.key(buffer, positions[to - 1]), keys, valueStats.getValue(), minSequence, maxSequence,
				this.schemaId, 0, Collections.emptyList(), deletes, null, FileSource.APPEND, valueStats.getKey(),
				external ? path.toString() : null, null, null);
	}

	private DataFilePathFactory paths(BinaryRow partition, int bucket) {
		return this.table.store().pathFactory().createDataFilePathFactory(partition, bucket);
	}

	/** Deletes files of a bucket that will not be committed. */
	void delete(BinaryRow partition, int bucket, List<DataFileMeta> files) {
		delete(paths(partition, bucket), files);
	}

	private void delete(DataFilePathFactory paths, List<DataFileMeta> files) {
		for (DataFileMeta file : files) {
			this.fileIO.deleteQuietly(paths.toPath(file));
		}
	}

}
