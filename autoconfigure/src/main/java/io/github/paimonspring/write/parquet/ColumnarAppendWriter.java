package io.github.paimonspring.write.parquet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.SimpleColStats;
import org.apache.paimon.format.SimpleStatsExtractor;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataFilePathFactory;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.manifest.FileSource;
import org.apache.paimon.statistics.NoneSimpleColStatsCollector;
import org.apache.paimon.statistics.SimpleColStatsCollector;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.stats.SimpleStatsConverter;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.Pair;
import org.apache.paimon.utils.StatsCollectorFactories;
import org.jspecify.annotations.Nullable;

/**
 * Writes the rows of a bucket-unaware append table as Paimon's append writer would, column by column:
 * data files of the table's format settings in the partition's {@code bucket-0} directory, rolled at the
 * table's target file size, with the statistics Paimon reads from the Parquet footer and the sequence
 * numbers its writer counts. {@link #prepareCommit()} hands the files written since the last call over as
 * commit messages; {@link #close()} deletes files that were never handed over. Not thread-safe.
 * <p>
 * Sequence numbers are counted per partition from 0, as Paimon's writer for bucket-unaware tables
 * counts them (it restores no previous files). Like its {@code AbstractFileStoreWrite.prepareCommit}
 * with the no-conflict clean checker of {@code AppendFileStoreWrite}, a {@link #prepareCommit()} forgets
 * every partition it has nothing to hand over for, unless no partition has handed files over yet; a
 * later write to a forgotten partition counts from 0 again.
 * <p>
 * When Paimon's writer forces its writers to buffer ({@link PartitionWriters}), each rewrites the rows
 * it wrote since its last commit into its buffer ({@code AppendOnlyWriter.toBufferedWriter}), numbering
 * them again after the numbers they took. Buffering changes no file: the files here stay as they are
 * and their sequence numbers move by these rows, as Paimon's do.
 */
public final class ColumnarAppendWriter implements AutoCloseable {

	/** Rows between two checks of the file size, as Paimon's rolling writer checks. */
	private static final int ROLLING_CHECK_ROWS = 1000;

	private static final int BUCKET = 0;

	private final FileStoreTable table;

	private final FileIO fileIO;

	private final ParquetFileSettings settings;

	private final long targetFileSize;

	private final long schemaId;

	private final int totalBuckets;

	private final @Nullable SimpleStatsExtractor statsExtractor;

	private final SimpleStatsConverter statsConverter;

	private final int fieldCount;

	private final Map<BinaryRow, PartitionFiles> partitions = new LinkedHashMap<>();

	private final @Nullable PartitionedRows partitioned;

	/** Which partitions are kept here, which go to the overflow, and when Paimon's writer buffers. */
	private final PartitionWriters writers;

	private int[] identity = new int[0];

	/**
	 * Creates the writer.
	 * @param table the table, which {@link ColumnarWrites#unsupportedReason} accepts
	 */
	public ColumnarAppendWriter(FileStoreTable table) {
		this.table = table;
		this.fileIO = table.fileIO();
		CoreOptions options = table.coreOptions();
		RowType rowType = table.rowType();
		this.settings = ParquetFileSettings.of(options, rowType);
		this.targetFileSize = options.targetFileSize(false);
		this.schemaId = table.schema().id();
		this.totalBuckets = options.bucket();
		this.fieldCount = rowType.getFieldCount();
		SimpleColStatsCollector.Factory[] collectors = StatsCollectorFactories.createStatsFactories(options.statsMode(),
				options, rowType.getFieldNames());
		boolean disabled = true;
		for (SimpleColStatsCollector collector : SimpleColStatsCollector.create(collectors)) {
			disabled &= collector instanceof NoneSimpleColStatsCollector;
		}
		this.statsExtractor = disabled ? null
				: FileFormat.fileFormat(options).createStatsExtractor(rowType, collectors).orElse(null);
		this.statsConverter = new SimpleStatsConverter(rowType, options.statsDenseStore());
		this.writers = new PartitionWriters(options.writeMaxWritersToSpill());
		this.partitioned = table.partitionKeys().isEmpty() ? null
				: new PartitionedRows(table.createRowKeyExtractor());
	}

	/**
	 * Writes the rows {@code from..to} of an unpartitioned table's batch.
	 * @param batch the batch, columns in the table's order
	 * @param from the first row
	 * @param to the row after the last one
	 * @throws IOException if a file cannot be written; close the writer
	 */
	public void write(VectorizedColumnBatch batch, int from, int to) throws IOException {
		if (this.partitioned != null) {
			throw new IllegalStateException("The table is partitioned: give an overflow writer");
		}
		writeRange(batch, from, to);
	}

	/**
	 * Writes the rows {@code from..to} of a batch, each into its partition, or to {@code overflow} for the
	 * partitions {@link PartitionWriters} gives it, so that no more than {@code write-max-writers-to-spill}
	 * Parquet files are open. {@code overflow} must write into a Paimon writer of the table that buffers
	 * every writer from the start (as after {@code forceBufferSpill}) and gets no other rows.
	 * @param batch the batch, columns in the table's order
	 * @param from the first row
	 * @param to the row after the last one
	 * @param overflow writes one row of the batch by other means
	 * @throws Exception if a file cannot be written (close the writer) or {@code overflow} failed
	 */
	public void write(VectorizedColumnBatch batch, int from, int to, Overflow overflow) throws Exception {
		if (this.partitioned == null) {
			writeRange(batch, from, to);
			return;
		}
		Map<BinaryRow, PartitionedRows.Positions> groups = this.partitioned.group(batch, from, to);
		int moment = this.writers.admit(groups, this.partitions.keySet(), this::files);
		if (moment >= 0) {
			for (Map.Entry<BinaryRow, PartitionFiles> kept : this.partitions.entrySet()) {
				PartitionedRows.Positions positions = groups.get(kept.getKey());
				int before = (positions == null) ? 0 : Arrays.binarySearch(positions.rows, 0, positions.count, moment);
				kept.getValue().renumber(kept.getValue().rowsSinceCommit() + ((before < 0) ? -1 - before : before));
			}
		}
		for (Map.Entry<BinaryRow, PartitionedRows.Positions> group : groups.entrySet()) {
			PartitionedRows.Positions positions = group.getValue();
			if (this.writers.overflows(group.getKey())) {
				for (int k = 0; k < positions.count; k++) {
					overflow.write(positions.rows[k]);
				}
			}
			else {
				files(group.getKey()).write(batch, positions.rows, 0, positions.count);
			}
		}
	}

	private void writeRange(VectorizedColumnBatch batch, int from, int to) throws IOException {
		if (this.identity.length < to) {
			this.identity = new int[Math.max(to, batch.getNumRows())];
			for (int i = 0; i < this.identity.length; i++) {
				this.identity[i] = i;
			}
		}
		files(BinaryRow.EMPTY_ROW).write(batch, this.identity, from, to);
	}

	/** Writes the rows {@code rows[from..to)} of a batch, all of {@code partition}, keeping it here if new. */
	void write(BinaryRow partition, VectorizedColumnBatch batch, int[] rows, int from, int to) throws IOException {
		files(partition).write(batch, rows, from, to);
	}

	/** The files of a partition, kept from now on if new. */
	private PartitionFiles files(BinaryRow partition) {
		PartitionFiles files = this.partitions.get(partition);
		if (files == null) {
			BinaryRow key = partition.copy();
			files = new PartitionFiles(this.table.store().pathFactory().createDataFilePathFactory(key, BUCKET));
			this.partitions.put(key, files);
		}
		return files;
	}

	/**
	 * Completes the open files and returns the files written since the last call, one message per
	 * partition. The writer stays usable; the files returned are the caller's to commit or delete.
	 * @return the non-empty commit messages
	 * @throws IOException if a file cannot be completed; close the writer
	 */
	public List<CommitMessage> prepareCommit() throws IOException {
		// as Paimon's writer: no partition is forgotten before one has handed files over
		boolean first = !this.writers.handedOver();
		for (PartitionFiles files : this.partitions.values()) {
			first &= !files.handedOver;
		}
		this.writers.prepareCommit(first);
		List<CommitMessage> messages = new ArrayList<>();
		Iterator<Map.Entry<BinaryRow, PartitionFiles>> entries = this.partitions.entrySet().iterator();
		while (entries.hasNext()) {
			Map.Entry<BinaryRow, PartitionFiles> entry = entries.next();
			PartitionFiles files = entry.getValue();
			files.completeFile();
			if (!files.completed.isEmpty()) {
				messages.add(new CommitMessageImpl(entry.getKey(), BUCKET, this.totalBuckets,
						new DataIncrement(new ArrayList<>(files.completed), Collections.emptyList(),
								Collections.emptyList()),
						CompactIncrement.emptyIncrement()));
				files.completed.clear();
				files.handedOver = true;
			}
			else if (!first) {
				// Paimon closes the writer of a partition a round did not write; the next one starts at 0
				entries.remove();
			}
		}
		return messages;
	}

	/** Writes a row the column-by-column writer does not take. */
	@FunctionalInterface
	public interface Overflow {

		/**
		 * Writes row {@code row} of the batch being written.
		 * @param row the row position
		 * @throws Exception if the row cannot be written
		 */
		void write(int row) throws Exception;

	}

	/**
	 * Discards the open files and deletes every file not handed over by {@link #prepareCommit()}.
	 * Idempotent.
	 */
	@Override
	public void close() {
		for (PartitionFiles files : this.partitions.values()) {
			files.discard();
		}
		this.partitions.clear();
		this.writers.clear();
	}

	/** The files of one partition: the one being written and those completed since the last commit. */
	private final class PartitionFiles {

		private final DataFilePathFactory paths;

		private final List<DataFileMeta> completed = new ArrayList<>();

		private @Nullable ColumnarParquetFile current;

		private @Nullable Path currentPath;

		/**
		 * The next sequence number, counted per partition until the partition is forgotten, as Paimon's writer counts.
		 */
		private long sequenceNumber;

		/** Whether a {@link #prepareCommit()} has handed files of the partition over. */
		private boolean handedOver;

		private final ColumnValueWriter[] values;

		PartitionFiles(DataFilePathFactory paths) {
			this.paths = paths;
			RowType rowType = ColumnarAppendWriter.this.table.rowType();
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
						this.current = new ColumnarParquetFile(ColumnarAppendWriter.this.fileIO, path,
								ColumnarAppendWriter.this.settings, this.values);
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
						&& this.current.dataSize() >= ColumnarAppendWriter.this.targetFileSize) {
					completeFile();
				}
			}
		}

		void completeFile() throws IOException {
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
			SimpleStatsExtractor extractor = ColumnarAppendWriter.this.statsExtractor;
			if (extractor == null) {
				stats = new SimpleColStats[ColumnarAppendWriter.this.fieldCount];
				Arrays.fill(stats, SimpleColStats.NONE);
			}
			else {
				stats = extractor.extract(ColumnarAppendWriter.this.fileIO, path, file.length(), file.footer());
			}
			Pair<List<String>, SimpleStats> binary = ColumnarAppendWriter.this.statsConverter.toBinary(stats);
			long minSequence = this.sequenceNumber;
			this.sequenceNumber += rows;
			return DataFileMeta.forAppend(path.getName(), file.length(), rows, binary.getRight(), minSequence,
					this.sequenceNumber - 1, ColumnarAppendWriter.this.schemaId, Collections.emptyList(), null,
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
			ColumnarAppendWriter.this.fileIO.deleteQuietly(path);
		}

	}

}
