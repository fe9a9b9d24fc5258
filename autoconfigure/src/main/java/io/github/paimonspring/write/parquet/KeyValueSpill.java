package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.KeyValue;
import org.apache.paimon.KeyValueSerializer;
import org.apache.paimon.compression.CompressOptions;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.FormatReaderContext;
import org.apache.paimon.format.FormatReaderFactory;
import org.apache.paimon.format.FormatWriter;
import org.apache.paimon.format.FormatWriterFactory;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.KeyValueDataFileRecordReader;
import org.apache.paimon.io.KeyValueFileWriterFactory;
import org.apache.paimon.io.RollingFileWriter;
import org.apache.paimon.manifest.FileSource;
import org.apache.paimon.mergetree.compact.MergeFunctionFactory;
import org.apache.paimon.mergetree.compact.ReducerMergeFunctionWrapper;
import org.apache.paimon.mergetree.compact.SortMergeReader;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.PrimaryKeyTableUtils;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.FileStorePathFactory;
import org.apache.paimon.utils.KeyComparatorSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a primary-key table's round that do not fit in the write buffer, kept as Paimon's
 * spillable write buffer keeps them ({@code write-buffer-spillable}, the default): when the buffer
 * fills, each bucket's rows are sorted and deduplicated as {@link KeyValueFiles} does and written as a
 * temporary sorted run to the local spill directory of Paimon's {@link IOManager}; when the round is
 * prepared, a bucket's runs and its rows still buffered are merged by Paimon's sort-merge reader with
 * the table's merge function (of each key the row of the highest sequence number) and written by
 * Paimon's own rolling merge-tree file writer as ONE level-0 sorted run — the files and metadata
 * Paimon's merge-tree writer writes at {@code prepareCommit}. A bucket's runs are merged into one as
 * soon as there are {@link #MAX_FAN_IN}, so that a merge reads a bounded number of files at once. Not
 * thread-safe.
 */
final class KeyValueSpill {

	/** The runs read at once: each open run holds a row group of at most {@link #ROW_GROUP} bytes. */
	static final int MAX_FAN_IN = 16;

	private static final String ROW_GROUP = "1 mb";

	private final FileIO local = LocalFileIO.create();

	private final IOManager ioManager;

	private final KeyValueFiles files;

	private final ParquetFileSettings settings;

	private final ColumnValueWriter[] values;

	private final RowType keyType;

	private final RowType valueType;

	private final FormatReaderFactory runReaders;

	private final FormatWriterFactory runWriters;

	private final String runCompression;

	private final CoreOptions options;

	private final KeyValueFileWriterFactory.Builder dataFiles;

	private final Comparator<InternalRow> keyComparator;

	private final MergeFunctionFactory<KeyValue> mergeFunction;

	/** A sorted, deduplicated run of one bucket in the spill directory. */
	record Run(Path path, long length) {
	}

	/**
	 * Creates the spill of a writer.
	 * @param table the table
	 * @param ioManager where runs are written
	 * @param files the writer's files, whose order the runs share
	 */
	KeyValueSpill(FileStoreTable table, IOManager ioManager, KeyValueFiles files) {
		this.ioManager = ioManager;
		this.files = files;
		this.options = table.coreOptions();
		this.keyType = new RowType(PrimaryKeyTableUtils.PrimaryKeyFieldsExtractor.EXTRACTOR.keyFields(table.schema()));
		this.valueType = table.rowType();
		RowType fileType = KeyValue.schema(this.keyType, this.valueType);
		// runs are Parquet files with small row groups and no dictionaries (cheaper to write and read),
		// compressed as Paimon compresses its spill files
		CompressOptions compression = this.options.spillCompressOptions();
		this.runCompression = "none".equalsIgnoreCase(compression.compress()) ? "none" : "zstd";
		CoreOptions runOptions = new CoreOptions(Map.of(CoreOptions.FILE_FORMAT.key(), "parquet",
				CoreOptions.FILE_COMPRESSION.key(), this.runCompression, CoreOptions.FILE_COMPRESSION_ZSTD_LEVEL.key(),
				String.valueOf(compression.zstdLevel()), CoreOptions.FILE_BLOCK_SIZE.key(), ROW_GROUP,
				"parquet.enable.dictionary", "false"));
		this.settings = ParquetFileSettings.of(runOptions, fileType);
		this.values = new ColumnValueWriter[fileType.getFieldCount()];
		for (int c = 0; c < this.values.length; c++) {
			DataField field = fileType.getFields().get(c);
			this.values[c] = ColumnValueWriter.ofFlat(field.name(), field.type());
		}
		FileFormat runFormat = FileFormat.fileFormat(runOptions);
		this.runReaders = runFormat.createReaderFactory(fileType, fileType, null);
		this.runWriters = runFormat.createWriterFactory(fileType);
		FileStorePathFactory paths = table.store().pathFactory();
		this.dataFiles = KeyValueFileWriterFactory.builder(table.fileIO(), table.schema().id(), this.keyType,
				this.valueType, FileFormat.fileFormat(this.options), (format) -> paths,
				this.options.targetFileSize(true));
		this.keyComparator = new KeyComparatorSupplier(this.keyType).get();
		this.mergeFunction = PrimaryKeyTableUtils.createMergeFunctionFactory(table.schema());
	}

	/**
	 * Sorts and deduplicates a bucket's buffered rows and adds them to its runs as a new run; merges the
	 * runs into one when there are {@link #MAX_FAN_IN}.
	 * @param buffer the buffer
	 * @param positions the bucket's rows in arrival order; reordered
	 * @param count how many
	 * @param runs the bucket's runs, oldest first; the caller deletes them with {@link #delete}
	 * @throws IOException if a run cannot be written (nothing of it is left behind)
	 */
	void spill(KeyValueBuffer buffer, int[] positions, int count, List<Run> runs) throws IOException {
		int kept = this.files.sortAndDeduplicate(buffer, positions, count);
		Path path = newRunPath();
		ColumnarParquetFile file = null;
		try {
			file = new ColumnarParquetFile(this.local, path, this.settings, this.values);
			file.write(this.files.layout(buffer), positions, 0, kept);
			file.close();
		}
		catch (IOException | RuntimeException ex) {
			if (file != null) {
				file.abort();
			}
			this.local.deleteQuietly(path);
			throw ex;
		}
		runs.add(new Run(path, file.length()));
		if (runs.size() >= MAX_FAN_IN) {
			Run merged = mergeRuns(runs);
			delete(runs);
			runs.add(merged);
		}
	}

	/**
	 * Merges a bucket's runs and its buffered rows into Paimon's level-0 data files of the bucket.
	 * @param runs the bucket's runs; the caller deletes them with {@link #delete}
	 * @param buffer the buffer
	 * @param positions the bucket's buffered rows in arrival order; reordered
	 * @param count how many (may be 0)
	 * @param partition the bucket's partition
	 * @param bucket the bucket
	 * @return the files written, in key order
	 * @throws IOException if a run cannot be read or a file cannot be written (no file is left behind)
	 */
	List<DataFileMeta> merge(List<Run> runs, KeyValueBuffer buffer, int[] positions, int count, BinaryRow partition,
			int bucket) throws IOException {
		int kept = (count > 0) ? this.files.sortAndDeduplicate(buffer, positions, count) : 0;
		RollingFileWriter<KeyValue, DataFileMeta> writer = this.dataFiles.build(partition, bucket, this.options)
			.createRollingMergeTreeFileWriter(0, FileSource.APPEND);
		try (RecordReader<KeyValue> merged = merged(runs, buffer, positions, kept)) {
			RecordReader.RecordIterator<KeyValue> batch;
			while ((batch = merged.readBatch()) != null) {
				KeyValue kv;
				while ((kv = batch.next()) != null) {
					writer.write(kv);
				}
				batch.releaseBatch();
			}
			writer.close();
		}
		catch (IOException | RuntimeException ex) {
			writer.abort();
			throw ex;
		}
		return writer.result();
	}

	/**
	 * Deletes runs and forgets them.
	 * @param runs the runs
	 */
	void delete(List<Run> runs) {
		for (Run run : runs) {
			this.local.deleteQuietly(run.path());
		}
		runs.clear();
	}

	/** Merges runs into one new run. */
	private Run mergeRuns(List<Run> runs) throws IOException {
		Path path = newRunPath();
		KeyValueSerializer serializer = new KeyValueSerializer(this.keyType, this.valueType);
		try (RecordReader<KeyValue> merged = merged(runs, null, null, 0);
				PositionOutputStream out = this.local.newOutputStream(path, false)) {
			FormatWriter writer = this.runWriters.create(out, this.runCompression);
			try {
				RecordReader.RecordIterator<KeyValue> batch;
				while ((batch = merged.readBatch()) != null) {
					KeyValue kv;
					while ((kv = batch.next()) != null) {
						writer.addElement(serializer.toRow(kv));
					}
					batch.releaseBatch();
				}
			}
			finally {
				writer.close();
			}
		}
		catch (IOException | RuntimeException ex) {
			this.local.deleteQuietly(path);
			throw ex;
		}
		return new Run(path, this.local.getFileSize(path));
	}

	/** Paimon's sort-merge reader over runs and sorted buffered rows, with the table's merge function. */
	private RecordReader<KeyValue> merged(List<Run> runs, @Nullable KeyValueBuffer buffer, int @Nullable [] positions,
			int count) throws IOException {
		List<RecordReader<KeyValue>> readers = new ArrayList<>();
		try {
			for (Run run : runs) {
				readers.add(new KeyValueDataFileRecordReader(
						this.runReaders.createReader(new FormatReaderContext(this.local, run.path(), run.length())),
						this.keyType, this.valueType, 0));
			}
			if (buffer != null && positions != null && count > 0) {
				readers.add(buffered(buffer, positions, count));
			}
			return SortMergeReader.createSortMergeReader(readers, this.keyComparator, null,
					new ReducerMergeFunctionWrapper(this.mergeFunction.create()), this.options.sortEngine());
		}
		catch (IOException | RuntimeException ex) {
			for (RecordReader<KeyValue> reader : readers) {
				try {
					reader.close();
				}
				catch (IOException | RuntimeException closing) {
					ex.addSuppressed(closing);
				}
			}
			throw ex;
		}
	}

	/** The sorted, deduplicated buffered rows {@code positions[0..count)} as a reader of key-values. */
	private RecordReader<KeyValue> buffered(KeyValueBuffer buffer, int[] positions, int count) {
		KeyValueSerializer serializer = new KeyValueSerializer(this.keyType, this.valueType);
		ColumnarRow row = new ColumnarRow(this.files.layout(buffer));
		return new RecordReader<>() {

			private boolean read;

			@Override
			public @Nullable RecordIterator<KeyValue> readBatch() {
				if (this.read) {
					return null;
				}
				this.read = true;
				return new RecordIterator<>() {

					private int next;

					@Override
					public @Nullable KeyValue next() {
						if (this.next >= count) {
							return null;
						}
						row.setRowId(positions[this.next++]);
						return serializer.fromRow(row).setLevel(0);
					}

					@Override
					public void releaseBatch() {
					}

				};
			}

			@Override
			public void close() {
			}

		};
	}

	private Path newRunPath() {
		return new Path(this.ioManager.createChannel().getPathFile().toURI());
	}

}
