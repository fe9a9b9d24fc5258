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
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.statistics.NoneSimpleColStatsCollector;
import org.apache.paimon.statistics.SimpleColStatsCollector;
import org.apache.paimon.stats.SimpleStatsConverter;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.types.RowType;
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

	private static final int BUCKET = 0;

	private final FileStoreTable table;

	private final int totalBuckets;

	/** What every partition's files are written with. */
	private final AppendPartitionFiles.Settings files;

	private final Map<BinaryRow, AppendPartitionFiles> partitions = new LinkedHashMap<>();

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
		CoreOptions options = table.coreOptions();
		RowType rowType = table.rowType();
		this.totalBuckets = options.bucket();
		SimpleColStatsCollector.Factory[] collectors = StatsCollectorFactories.createStatsFactories(options.statsMode(),
				options, rowType.getFieldNames());
		boolean disabled = true;
		for (SimpleColStatsCollector collector : SimpleColStatsCollector.create(collectors)) {
			disabled &= collector instanceof NoneSimpleColStatsCollector;
		}
		this.files = new AppendPartitionFiles.Settings(table.fileIO(), ParquetFileSettings.of(options, rowType),
				options.targetFileSize(false), table.schema().id(), rowType,
				disabled ? null : FileFormat.fileFormat(options).createStatsExtractor(rowType, collectors).orElse(null),
				new SimpleStatsConverter(rowType, options.statsDenseStore()));
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
			for (Map.Entry<BinaryRow, AppendPartitionFiles> kept : this.partitions.entrySet()) {
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
	private AppendPartitionFiles files(BinaryRow partition) {
		AppendPartitionFiles files = this.partitions.get(partition);
		if (files == null) {
			BinaryRow key = partition.copy();
			files = new AppendPartitionFiles(this.files,
					this.table.store().pathFactory().createDataFilePathFactory(key, BUCKET));
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
		for (AppendPartitionFiles files : this.partitions.values()) {
			first &= !files.handedOver();
		}
		this.writers.prepareCommit(first);
		List<CommitMessage> messages = new ArrayList<>();
		Iterator<Map.Entry<BinaryRow, AppendPartitionFiles>> entries = this.partitions.entrySet().iterator();
		while (entries.hasNext()) {
			Map.Entry<BinaryRow, AppendPartitionFiles> entry = entries.next();
			List<DataFileMeta> completed = entry.getValue().handOver();
			if (!completed.isEmpty()) {
				messages.add(new CommitMessageImpl(entry.getKey(), BUCKET, this.totalBuckets,
						new DataIncrement(completed, Collections.emptyList(), Collections.emptyList()),
						CompactIncrement.emptyIncrement()));
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
		for (AppendPartitionFiles files : this.partitions.values()) {
			files.discard();
		}
		this.partitions.clear();
		this.writers.clear();
	}

}
