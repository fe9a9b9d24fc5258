package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.HashMap;
import java.util.List;

import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.format.parquet.writer.StreamOutputFile;
import org.apache.paimon.fs.AsyncPositionOutputStream;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.shade.org.apache.parquet.column.ColumnDescriptor;
import org.apache.paimon.shade.org.apache.parquet.column.ColumnWriteStore;
import org.apache.paimon.shade.org.apache.parquet.column.ColumnWriter;
import org.apache.paimon.shade.org.apache.parquet.column.ParquetProperties;
import org.apache.paimon.shade.org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.paimon.shade.org.apache.parquet.hadoop.CodecFactory;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.paimon.shade.org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.paimon.shade.org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.jspecify.annotations.Nullable;

/**
 * One Parquet data file written column by column: the values of a run of rows go into each column's
 * writer in turn (not row by row through a record consumer), with the pages, row groups, statistics
 * and footer of Parquet's own writer as Paimon drives it, record by record.
 * <p>
 * Parquet's writer looks at sizes only at some records: its column store checks the page sizes when
 * its record count reaches the count it set at the last check ({@code ColumnWriteStoreBase}), and its
 * record writer checks the row-group size at a record count it estimates the same way, and at the
 * row-group row-count limit ({@code InternalParquetRecordWriter.checkBlockSizeReached}). A run ends at
 * the next of these records, so that every column holds exactly the rows Parquet's writer would hold
 * when a size is looked at: the pages, the first-page dictionary decision and the row groups come out
 * as Parquet's own. The column store's next check is private to Parquet and read through a
 * {@link VarHandle}; should a Parquet version not have it, every run is one row long, which is exact and
 * slow. Not thread-safe.
 */
final class ColumnarParquetFile {

	/** The most rows written into every column before moving on. */
	static final int RUN = 256;

	/** {@code ColumnWriteStoreBase.rowCountForNextSizeCheck}: the record count of the next page-size check. */
	private static final @Nullable VarHandle NEXT_PAGE_CHECK = nextPageCheck();

	private final ParquetFileSettings settings;

	private final ColumnValueWriter[] values;

	private final List<ColumnDescriptor> columns;

	private final PositionOutputStream out;

	private final ParquetFileWriter file;

	private final CodecFactory codecs;

	private final BytesInputCompressor compressor;

	private @Nullable ColumnWriteStore columnStore;

	private @Nullable ColumnChunkPageWriteStore pageStore;

	private final ColumnWriter[] writers;

	private long recordCount;

	private long totalRecords;

	private long recordCountForNextMemCheck;

	private long nextRowGroupSize;

	private long lastRowGroupEndPos;

	private int rowGroupOrdinal;

	private @Nullable ParquetMetadata footer;

	private long length = -1;

	private boolean released;

	/**
	 * Creates the file and writes its header.
	 * @param fileIO the table's file system
	 * @param path the new file
	 * @param settings how the table's Parquet files are written
	 * @param values one value writer per column of the file schema
	 * @throws IOException if the file cannot be created
	 */
	ColumnarParquetFile(FileIO fileIO, Path path, ParquetFileSettings settings, ColumnValueWriter[] values)
			throws IOException {
		this.settings = settings;
		this.values = values;
		this.columns = settings.schema().getColumns();
		this.writers = new ColumnWriter[values.length];
		ParquetProperties properties = settings.properties();
		PositionOutputStream stream = fileIO.newOutputStream(path, false);
		this.out = settings.asyncWrite() ? new AsyncPositionOutputStream(stream) : stream;
		CodecFactory codecs = null;
		try {
			this.file = new ParquetFileWriter(new StreamOutputFile(this.out), settings.schema(),
					ParquetFileWriter.Mode.CREATE, settings.rowGroupSize(), settings.maxPaddingSize(), null,
							properties);
			this.file.start();
			codecs = settings.newCodecFactory();
			this.compressor = codecs.getCompressor(settings.codec());
		}
		catch (IOException | RuntimeException ex) {
			if (codecs != null) {
				codecs.release();
			}
			closeQuietly();
			throw ex;
		}
		this.codecs = codecs;
		this.nextRowGroupSize = settings.rowGroupSize();
		this.recordCountForNextMemCheck = properties.getMinRowCountForPageSizeCheck();
		initStore();
	}

	private void initStore() {
		ParquetProperties properties = this.settings.properties();
		ColumnChunkPageWriteStore pages = new ColumnChunkPageWriteStore(this.compressor, this.settings.schema(),
				properties.getAllocator(), properties.getColumnIndexTruncateLength(),
				properties.getPageWriteChecksumEnabled(), this.file.getEncryptor(), this.rowGroupOrdinal);
		this.pageStore = pages;
		this.columnStore = properties.newColumnWriteStore(this.settings.schema(), pages, pages);
		for (int c = 0; c < this.writers.length; c++) {
			this.writers[c] = this.columnStore.getColumnWriter(this.columns.get(c));
		}
	}

	/**
	 * Writes the rows {@code rows[from..to)} of a batch whose columns are in the order of the file schema.
	 * @param batch the batch
	 * @param rows row positions in the batch
	 * @param from the first index into {@code rows}
	 * @param to the index after the last one
	 * @throws IOException if a row group cannot be written
	 */
	void write(VectorizedColumnBatch batch, int[] rows, int from, int to) throws IOException {
		int rowGroupLimit = this.settings.properties().getRowGroupRowCountLimit();
		int k = from;
		while (k < to) {
			int run = (int) Math.min(Math.min(RUN, to - k), rowsToNextCheck(rowGroupLimit));
			for (int c = 0; c < this.values.length; c++) {
				this.values[c].write(batch.columns[c], rows, k, k + run, this.writers[c]);
			}
			ColumnWriteStore store = open(this.columnStore);
			for (int r = 0; r < run; r++) {
				store.endRecord();
			}
			k += run;
			this.recordCount += run;
			this.totalRecords += run;
			checkBlockSizeReached(rowGroupLimit);
		}
	}

	/**
	 * The rows until the next record at which Parquet's writer looks at a size: the column store's page
	 * check, the record writer's row-group check or its row-count limit; at least one.
	 */
	private long rowsToNextCheck(int rowGroupLimit) {
		long next = Math.min(rowGroupLimit, this.recordCountForNextMemCheck);
		ColumnWriteStore store = this.columnStore;
		next = Math.min(next, (NEXT_PAGE_CHECK != null) ? (long) NEXT_PAGE_CHECK.get(store) : this.recordCount + 1);
		return Math.max(1, next - this.recordCount);
	}

	/** Parquet's record writer's rule for cutting a row group, at the end of a run. */
	private void checkBlockSizeReached(int rowGroupLimit) throws IOException {
		ParquetProperties properties = this.settings.properties();
		if (this.recordCount >= rowGroupLimit) {
			startNextRowGroup();
		}
		else if (this.recordCount >= this.recordCountForNextMemCheck) {
			long memSize = open(this.columnStore).getBufferedSize();
			long recordSize = memSize / this.recordCount;
			if (memSize > (this.nextRowGroupSize - 2 * recordSize)) {
				startNextRowGroup();
			}
			else {
				this.recordCountForNextMemCheck = Math.min(
						Math.max(properties.getMinRowCountForPageSizeCheck(),
								(this.recordCount + (long) (this.nextRowGroupSize / ((float) recordSize))) / 2),
						this.recordCount + properties.getMaxRowCountForPageSizeCheck());
			}
		}
	}

	private void startNextRowGroup() throws IOException {
		ParquetProperties properties = this.settings.properties();
		flushRowGroup();
		initStore();
		// as Parquet's record writer: the row count is already reset here
		this.recordCountForNextMemCheck = Math.min(
				Math.max(properties.getMinRowCountForPageSizeCheck(), this.recordCount / 2),
				properties.getMaxRowCountForPageSizeCheck());
		this.lastRowGroupEndPos = this.file.getPos();
	}

	private void flushRowGroup() throws IOException {
		ColumnWriteStore store = open(this.columnStore);
		ColumnChunkPageWriteStore pages = open(this.pageStore);
		try {
			if (this.recordCount > 0) {
				this.rowGroupOrdinal++;
				this.file.startBlock(this.recordCount);
				store.flush();
				pages.flushToFileWriter(this.file);
				this.recordCount = 0;
				this.file.endBlock();
				this.nextRowGroupSize = Math.min(this.file.getNextRowGroupSize(), this.settings.rowGroupSize());
			}
		}
		finally {
			store.close();
			pages.close();
			this.columnStore = null;
			this.pageStore = null;
		}
	}

	/** A store of the open row group; a closed file has none. */
	private static <T> T open(@Nullable T store) {
		if (store == null) {
			throw new IllegalStateException("The file is closed");
		}
		return store;
	}

	/**
	 * Returns the bytes written and buffered so far, as Parquet's writer reports them for rolling files.
	 * @return the size
	 */
	long dataSize() {
		ColumnWriteStore store = this.columnStore;
		return this.lastRowGroupEndPos + ((store != null) ? store.getBufferedSize() : 0);
	}

	long recordCount() {
		return this.totalRecords;
	}

	/**
	 * Writes the last row group and the footer, and closes the file.
	 * @throws IOException if the file cannot be completed
	 */
	void close() throws IOException {
		try {
			flushRowGroup();
			this.file.end(new HashMap<>());
			this.footer = this.file.getFooter();
			this.out.flush();
			this.length = this.out.getPos();
			this.out.close();
		}
		finally {
			release();
		}
	}

	/** The footer of the closed file. */
	ParquetMetadata footer() {
		if (this.footer == null) {
			throw new IllegalStateException("The file is not closed");
		}
		return this.footer;
	}

	/** The length of the closed file in bytes. */
	long length() {
		return this.length;
	}

	/** Closes the stream without completing the file; the caller deletes it. */
	void abort() {
		try {
			if (this.columnStore != null) {
				this.columnStore.close();
			}
			if (this.pageStore != null) {
				this.pageStore.close();
			}
		}
		catch (RuntimeException ex) {
			// discarded with the file
		}
		finally {
			this.columnStore = null;
			this.pageStore = null;
			release();
		}
	}

	/** Whether the column store's page checks are known ahead, so that runs are longer than one row. */
	static boolean knowsPageChecks() {
		return NEXT_PAGE_CHECK != null;
	}

	private static @Nullable VarHandle nextPageCheck() {
		try {
			Class<?> store = Class.forName(ColumnWriteStore.class.getPackageName() + ".impl.ColumnWriteStoreBase");
			Class<?> v1 = Class.forName(ColumnWriteStore.class.getPackageName() + ".impl.ColumnWriteStoreV1");
			Class<?> v2 = Class.forName(ColumnWriteStore.class.getPackageName() + ".impl.ColumnWriteStoreV2");
			if (!store.isAssignableFrom(v1) || !store.isAssignableFrom(v2)) {
				return null;
			}
			return MethodHandles.privateLookupIn(store, MethodHandles.lookup())
				.findVarHandle(store, "rowCountForNextSizeCheck", long.class);
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return null;
		}
	}

	private void release() {
		if (!this.released) {
			this.released = true;
			this.codecs.release();
			closeQuietly();
		}
	}

	private void closeQuietly() {
		try {
			this.out.close();
		}
		catch (IOException | RuntimeException ex) {
			// the file is deleted by the caller
		}
	}

}
