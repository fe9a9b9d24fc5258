package io.github.paimonspring.write.parquet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.operation.FileSystemWriteRestore;
import org.apache.paimon.operation.RestoreFiles;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.utils.InternalRowPartitionComputer;
import org.jspecify.annotations.Nullable;

/**
 * Writes the rows of a fixed-bucket primary-key table as Paimon's merge-tree writer would, column by
 * column: rows are kept on the heap ({@link KeyValueBuffer}) up to the table's {@code write-buffer-size}
 * and written per partition and bucket as level-0 key-value files — sorted by key, of each key the
 * last row ({@link KeyOrder}), with sequence numbers continuing the bucket's ({@link KeyValueFiles}).
 * A round that fits in the buffer is written at {@link #prepareCommit()} as one sorted run per bucket.
 * When the buffer fills, it is spilled as Paimon's spillable write buffer is: given Paimon's
 * {@link IOManager} and {@code write-buffer-spillable} (the default), each bucket's rows go to a local
 * sorted run, merged at {@link #prepareCommit()} into the bucket's one sorted run ({@link KeyValueSpill});
 * without, each fill is written as a sorted run of its own, as Paimon's writer without spilling
 * flushes it. {@link #prepareCommit()} hands the files over as commit messages and tells
 * {@link NewFiles} about them, so that Paimon's writer compacts the bucket as it would have;
 * {@link #close()} deletes files never handed over and every spilled run. Not thread-safe.
 */
public final class ColumnarKeyValueWriter implements AutoCloseable {

	/** Rows appended at once before the buffer is looked at. */
	private static final int APPEND_ROWS = 4096;

	/** The bytes of one buffered column at which the buffer is written, well below its 2 GB limit. */
	private static final long COLUMN_LIMIT = 1L << 30;

	private final FileStoreTable table;

	private final long bufferSize;

	private final int numBuckets;

	private final boolean plannedBuckets;

	private final @Nullable FileSystemWriteRestore restore;

	private final NewFiles newFiles;

	private final RowKeyExtractor keys;

	private final ColumnarRow row = new ColumnarRow();

	private final KeyValueBuffer buffer;

	private final KeyValueFiles files;

	private final @Nullable KeyValueSpill spill;

	/** The buckets written, in the order first written, as the buffer's groups. */
	private final List<Bucket> groups = new ArrayList<>();

	private final Map<BinaryRow, Map<Integer, Bucket>> buckets = new HashMap<>();

	private long[] sequences = new long[0];

	private boolean closed;

	private int[] groupOfRow = new int[0];

	/** Told about the files of a bucket when they are handed over, before the commit. */
	@FunctionalInterface
	public interface NewFiles {

		/**
		 * New level-0 files of a bucket, not committed yet.
		 * @param partition the partition
		 * @param bucket the bucket
		 * @param files the files
		 * @throws Exception if the files cannot be taken into account
		 */
		void added(BinaryRow partition, int bucket, List<DataFileMeta> files) throws Exception;

	}

	/**
	 * Creates a writer that does not spill: a round larger than the buffer is written as a sorted run
	 * per fill, as Paimon's writer without an {@link IOManager} writes it.
	 * @param table the table, which {@link ColumnarWrites#unsupportedReason} accepts
	 * @param ignorePreviousFiles whether the buckets start empty (overwrite): sequence numbers then start
	 * at 0
	 * @param plannedBuckets whether the buckets follow a plan rather than the table's bucket count (the
	 * bucket count of existing files is then not checked)
	 * @param newFiles told about the files handed over
	 */
	public ColumnarKeyValueWriter(FileStoreTable table, boolean ignorePreviousFiles, boolean plannedBuckets,
			NewFiles newFiles) {
		this(table, ignorePreviousFiles, plannedBuckets, newFiles, null);
	}

	/**
	 * Creates the writer.
	 * @param table the table, which {@link ColumnarWrites#unsupportedReason} accepts
	 * @param ignorePreviousFiles whether the buckets start empty (overwrite): sequence numbers then start
	 * at 0
	 * @param plannedBuckets whether the buckets follow a plan rather than the table's bucket count (the
	 * bucket count of existing files is then not checked)
	 * @param newFiles told about the files handed over
	 * @param ioManager the spill directories of Paimon's writer of the same table, as given to its
	 * {@code withIOManager}: with {@code write-buffer-spillable} (the default) a full buffer is spilled
	 * there; {@code null} for no spilling
	 */
	public ColumnarKeyValueWriter(FileStoreTable table, boolean ignorePreviousFiles, boolean plannedBuckets,
			NewFiles newFiles, @Nullable IOManager ioManager) {
		this.table = table;
		this.plannedBuckets = plannedBuckets;
		CoreOptions options = table.coreOptions();
		this.bufferSize = options.writeBufferSize();
		this.numBuckets = options.bucket();
		this.newFiles = newFiles;
		this.restore = ignorePreviousFiles ? null : new FileSystemWriteRestore(options, table.snapshotManager(),
				table.store().newScan(), table.store().newIndexFileHandler());
		this.keys = table.createRowKeyExtractor();
		this.buffer = KeyValueBuffers.SHARED.take(table.rowType());
		this.files = new KeyValueFiles(table);
		this.spill = (ioManager != null && options.writeBufferSpillable())
				? new KeyValueSpill(table, ioManager, this.files) : null;
	}

	/**
	 * Buffers rows {@code rows[0..count)} of a batch; spills or writes the buffer when it is full.
	 * @param batch the batch, columns in the table's order
	 * @param rows the row positions, in the batch's order
	 * @param count how many
	 * @param bucketOf the bucket of every row of the batch
	 * @param kinds the row kinds of the batch, or {@code null} for inserts only
	 * @throws Exception if a bucket cannot be restored or a file cannot be written; close the writer
	 */
	public void write(VectorizedColumnBatch batch, int[] rows, int count, int[] bucketOf, byte @Nullable [] kinds)
			throws Exception {
		int chunk = Math.min(count, APPEND_ROWS);
		if (this.sequences.length < chunk) {
			this.sequences = new long[chunk];
			this.groupOfRow = new int[chunk];
		}
		this.row.setVectorizedColumnBatch(batch);
		BinaryRow lastPartition = null;
		Map<Integer, Bucket> lastBuckets = null;
		for (int from = 0; from < count; from += APPEND_ROWS) {
			int to = Math.min(count, from + APPEND_ROWS);
			for (int k = from; k < to; k++) {
				int i = rows[k];
				this.row.setRowId(i);
				this.keys.setRecord(this.row);
				BinaryRow partition = this.keys.partition();
				if (lastPartition == null || lastBuckets == null || !lastPartition.equals(partition)) {
					lastPartition = partition.copy();
					lastBuckets = this.buckets.computeIfAbsent(lastPartition, (p) -> new HashMap<>());
				}
				Bucket bucket = lastBuckets.get(bucketOf[i]);
				if (bucket == null) {
					bucket = restore(lastPartition, bucketOf[i]);
					lastBuckets.put(bucketOf[i], bucket);
				}
				this.sequences[k - from] = bucket.nextSequence++;
				this.groupOfRow[k - from] = bucket.group;
			}
			this.buffer.append(batch, rows, from, to, kinds, this.sequences, this.groupOfRow);
			if (this.buffer.bytes() >= this.bufferSize || this.buffer.largestColumnBytes() >= COLUMN_LIMIT) {
				flush(false);
			}
		}
	}

	/** The bucket as its committed files left it: its next sequence number, its bucket count. */
	private Bucket restore(BinaryRow partition, int bucket) {
		RestoreFiles restored = (this.restore != null) ? this.restore.restoreFiles(partition, bucket, false, false)
				: RestoreFiles.empty();
		long maxSequence = -1;
		List<DataFileMeta> restoredFiles = (restored.dataFiles() != null) ? restored.dataFiles() : List.of();
		for (DataFileMeta file : restoredFiles) {
			maxSequence = Math.max(maxSequence, file.maxSequenceNumber());
		}
		int totalBuckets = (restored.totalBuckets() != null) ? restored.totalBuckets() : this.numBuckets;
		if (totalBuckets != this.numBuckets && !this.plannedBuckets) {
			throw new IllegalStateException("Try to write partition " + partitionValues(partition) + " of table '"
					+ this.table.name()
					+ "' with a new bucket num " + this.numBuckets + ", but the previous bucket num is " + totalBuckets
					+ ". Rescale the table with INSERT OVERWRITE first.");
		}
		Bucket state = new Bucket(partition.copy(), bucket, totalBuckets, maxSequence + 1, this.groups.size());
		this.groups.add(state);
		return state;
	}

	/** The values of a partition, such as {@code {dt=2026-01-01}}, for messages. */
	private String partitionValues(BinaryRow partition) {
		TableSchema schema = this.table.schema();
		return new InternalRowPartitionComputer(this.table.coreOptions().partitionDefaultName(),
				schema.logicalPartitionType(), schema.partitionKeys().toArray(new String[0]), false)
			.generatePartValues(partition)
			.toString();
	}

	/**
	 * Writes every buffered row and empties the buffer: at a spill into a run of its bucket, otherwise
	 * into level-0 files of its bucket, merged with the bucket's runs.
	 */
	private void flush(boolean prepare) throws Exception {
		int size = this.buffer.size();
		// the rows of each group, in arrival order (a counting sort by group)
		int[] starts = new int[this.groups.size() + 1];
		for (int i = 0; i < size; i++) {
			starts[this.buffer.group(i) + 1]++;
		}
		for (int g = 0; g < this.groups.size(); g++) {
			starts[g + 1] += starts[g];
		}
		int[] positions = new int[size];
		int[] next = starts.clone();
		for (int i = 0; i < size; i++) {
			positions[next[this.buffer.group(i)]++] = i;
		}
		for (int g = 0; g < this.groups.size(); g++) {
			Bucket bucket = this.groups.get(g);
			int count = starts[g + 1] - starts[g];
			if (count == 0 && (!prepare || bucket.runs.isEmpty())) {
				continue;
			}
			int[] group = Arrays.copyOfRange(positions, starts[g], starts[g + 1]);
			if (this.spill == null) {
				bucket.files.addAll(this.files.write(this.buffer, group, count, bucket.partition, bucket.bucket));
			}
			else if (!prepare) {
				this.spill.spill(this.buffer, group, count, bucket.runs);
			}
			else if (bucket.runs.isEmpty()) {
				// the round fit in the buffer: written straight from it
				bucket.files.addAll(this.files.write(this.buffer, group, count, bucket.partition, bucket.bucket));
			}
			else {
				try {
					bucket.files.addAll(
							this.spill.merge(bucket.runs, this.buffer, group, count, bucket.partition, bucket.bucket));
				}
				finally {
					this.spill.delete(bucket.runs);
				}
			}
		}
		this.buffer.clear();
	}

	/**
	 * Writes the buffered rows and returns the files written since the last call, one message per bucket,
	 * after telling {@link NewFiles} about them. The writer stays usable; the files returned are the
	 * caller's to commit or delete.
	 * @return the non-empty commit messages
	 * @throws Exception if a file cannot be written or {@link NewFiles} failed; close the writer
	 */
	public List<CommitMessage> prepareCommit() throws Exception {
		flush(true);
		List<CommitMessage> messages = new ArrayList<>();
		for (Bucket bucket : this.groups) {
			if (bucket.files.isEmpty()) {
				continue;
			}
			List<DataFileMeta> files = new ArrayList<>(bucket.files);
			this.newFiles.added(bucket.partition, bucket.bucket, files);
			messages.add(new CommitMessageImpl(bucket.partition, bucket.bucket, bucket.totalBuckets,
					new DataIncrement(files, new ArrayList<>(), new ArrayList<>()), CompactIncrement.emptyIncrement()));
		}
		// handed over only when every bucket's are: after a failure above, close() deletes them all
		for (Bucket bucket : this.groups) {
			bucket.files.clear();
		}
		// Buckets are kept with their sequence numbers until the writer closes, as Paimon's writer keeps the
		// writer of a bucket it wrote while the round that wrote it may be uncommitted (its rounds are
		// prepared with commit identifier Long.MAX_VALUE, so it never closes them): a round prepared after
		// an empty one continues the bucket's numbers, and later rounds win over earlier ones in any commit
		return messages;
	}

	/**
	 * Drops the buffered rows and deletes every spilled run and every file not handed over by
	 * {@link #prepareCommit()}. Idempotent.
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		KeyValueBuffers.SHARED.giveBack(this.buffer);
		for (Bucket bucket : this.groups) {
			this.files.delete(bucket.partition, bucket.bucket, bucket.files);
			bucket.files.clear();
			if (this.spill != null) {
				this.spill.delete(bucket.runs);
			}
		}
	}

	/** A bucket written by this writer. */
	private static final class Bucket {

		final BinaryRow partition;

		final int bucket;

		final int totalBuckets;

		int group;

		long nextSequence;

		/** Files written and not handed over yet. */
		final List<DataFileMeta> files = new ArrayList<>();

		/** Runs spilled in this round, oldest first. */
		final List<KeyValueSpill.Run> runs = new ArrayList<>();

		Bucket(BinaryRow partition, int bucket, int totalBuckets, long nextSequence, int group) {
			this.partition = partition;
			this.bucket = bucket;
			this.totalBuckets = totalBuckets;
			this.nextSequence = nextSequence;
			this.group = group;
		}

	}

}
