package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.format.SimpleColStats;
import org.apache.paimon.format.SimpleStatsExtractor;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.manifest.FileSource;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.stats.SimpleStatsConverter;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.Pair;
import org.jspecify.annotations.Nullable;

/**
 * The data files of one partition of a bucket-unaware append table, for {@link ColumnarAppendWriter}: the file
 * being written, rolled at the table's target file size, and those completed since the last commit, with the
 * statistics and sequence numbers Paimon's append writer gives them. Not thread-safe.
 */
final class AppendPartitionFiles {

	/** Rows between two checks of the file size, as Paimon's rolling writer checks. */
	private static final int ROLLING_CHECK_ROWS = 1000;

	private final DataFilePathFactory paths;

	private final List<DataFileMeta> completed = new ArrayList<>();

	private @Nullable ColumnarParquetFile current;

	private @Nullable Path currentPath;

	/**
	 * The next sequence number, counted per partition until the partition is forgotten, as Paimon's writer counts.
	 */
	private long sequenceNumber;

	/** Whether {@link #handOver()} has handed files over. */
	private boolean handedOver;

	private final ColumnValueWriter[] values;

	private final Settings settings;

	/**
	 * Starts the files of a partition.
	 * @param settings the table's settings
	 * @param paths the partition's data file paths
	 */
	AppendPartitionFiles(Settings settings, DataFilePathFactory paths) {
		this.settings = settings;
		this.paths = paths;
		RowType rowType = settings.rowType();
		this.values = new ColumnValueWriter[rowType.getFieldCount()];
		for (int c = 0; c < this.values.length; c++) {
			this.values[c] = ColumnValueWriter.ofFlat(rowType.getFields().get(c).name(),
					rowType.getTypeAt(c));
		}
	}

	void write(VectorizedColumnBatch batch, int[] rows, int from, int to) throws IOException {
		int k = from;
		while (k < to) {
			if (this.current == null) {
				Path path = this.paths.newPath();
				try {
					this.current = new ColumnarParquetFile(this.settings.fileIO(), path, this.settings.file(),
							this.values);
				}
				catch (IOException | RuntimeException ex) {
					delete(path);
					throw ex;
				}
				this.currentPath = path;
			}
			long written = this.current.recordCount();
			int untilCheck = (int) (ROLLING_CHECK_ROWS - (written % ROLLING_CHECK_ROWS));
			int run = Math.min(to - k, untilCheck);
			try {
				this.current.write(batch, rows, k, k + run);
			}
			catch (IOException | RuntimeException ex) {
				abortCurrent();
				throw ex;
			}
			k += run;
			if ((this.current.recordCount() % ROLLING_CHECK_ROWS) == 0
					&& this.current.dataSize() >= this.settings.targetFileSize()) {
				completeFile();
			}
		}
	}

	/** Whether {@link #handOver()} has handed files of the partition over. */
	boolean handedOver() {
		return this.handedOver;
	}

	/**
	 * Completes the open file and hands the files completed since the last call over (the caller's to commit or
	 * delete from now on).
	 * @return the files, possibly none
	 * @throws IOException if the open file cannot be completed
	 */
	List<DataFileMeta> handOver() throws IOException {
		completeFile();
		if (this.completed.isEmpty()) {
			return List.of();
		}
		List<DataFileMeta> files = new ArrayList<>(this.completed);
		this.completed.clear();
		this.handedOver = true;
		return files;
	}

	private void completeFile() throws IOException {
		ColumnarParquetFile file = this.current;
		Path path = this.currentPath;
		if (file == null || path == null) {
			return;
		}
		this.current = null;
		this.currentPath = null;
		try {
			file.close();
			this.completed.add(meta(path, file));
		}
		catch (IOException | RuntimeException ex) {
			file.abort();
			delete(path);
			throw ex;
		}
	}

	/** The rows written since the last commit. */
	long rowsSinceCommit() {
		long rows = (this.current != null) ? this.current.recordCount() : 0;
		for (DataFileMeta meta : this.completed) {
			rows += meta.rowCount();
		}
		return rows;
	}

	/** Moves the sequence numbers of the rows since the last commit, and of those to come, by {@code rows}. */
	void renumber(long rows) {
		this.sequenceNumber += rows;
		this.completed.replaceAll((meta) -> meta.assignSequenceNumber(meta.minSequenceNumber() + rows,
				meta.maxSequenceNumber() + rows));
	}

	private DataFileMeta meta(Path path, ColumnarParquetFile file) throws IOException {
		long rows = file.recordCount();
		SimpleColStats[] stats;
		SimpleStatsExtractor extractor = this.settings.statsExtractor();
		if (extractor == null) {
			stats = new SimpleColStats[this.settings.rowType().getFieldCount()];
			Arrays.fill(stats, SimpleColStats.NONE);
		}
		else {
			stats = extractor.extract(this.settings.fileIO(), path, file.length(), file.footer());
		}
		Pair<List<String>, SimpleStats> binary = this.settings.statsConverter().toBinary(stats);
		long minSequence = this.sequenceNumber;
		this.sequenceNumber += rows;
		return DataFileMeta.forAppend(path.getName(), file.length(), rows, binary.getRight(), minSequence,
				this.sequenceNumber - 1, this.settings.schemaId(), Collections.emptyList(), null,
				FileSource.APPEND, binary.getKey(), this.paths.isExternalPath() ? path.toString() : null, null,
				null);
	}

	private void abortCurrent() {
		ColumnarParquetFile file = this.current;
		Path path = this.currentPath;
		this.current = null;
		this.currentPath = null;
		if (file != null) {
			file.abort();
		}
		if (path != null) {
			delete(path);
		}
	}

	void discard() {
		abortCurrent();
		for (DataFileMeta meta : this.completed) {
			delete(this.paths.toPath(meta));
		}
		this.completed.clear();
	}

	private void delete(Path path) {
		this.settings.fileIO().deleteQuietly(path);
	}

	/**
	 * What the files of every partition of one table are written with.
	 *
	 * @param fileIO the table's file system
	 * @param file the Parquet settings of the table's options
	 * @param targetFileSize the size at which a file is rolled
	 * @param schemaId the table's schema, recorded in each file's metadata
	 * @param rowType the table's row type
	 * @param statsExtractor reads the column statistics from a file's footer, or {@code null} when every column's
	 * statistics are off
	 * @param statsConverter turns the statistics into a file's metadata
	 */
	record Settings(FileIO fileIO, ParquetFileSettings file, long targetFileSize, long schemaId, RowType rowType,
			@Nullable SimpleStatsExtractor statsExtractor, SimpleStatsConverter statsConverter) {
	}

}
