package io.github.paimonspring.write;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.index.HashBucketAssigner;
import org.apache.paimon.index.SimpleHashBucketAssigner;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.TableWriteImpl;

/**
 * Writes Arrow batches into one table and prepares them for commit. A {@code TableWrite} belongs to
 * one thread: concurrent calls are rejected. It can be reused after {@link #prepareCommit()}; the next
 * round continues the sequence numbers of the previous one. Closing it discards data that was not
 * prepared. Internally, large batches for fixed-bucket and bucket-unaware append tables are written by
 * several Paimon writers in parallel, each owning its own buckets (or row ranges).
 */
public final class TableWrite implements AutoCloseable {

	/** Batches smaller than this per lane are written on the calling thread only. */
	static final int MIN_ROWS_PER_LANE = 16_384;

	private enum Routing {

		/** One Paimon writer (dynamic-bucket, postpone or parallelism 1). */
		SINGLE,
		/** Lanes own buckets: {@code bucket % lanes}. */
		BY_BUCKET,
		/** Lanes take contiguous row ranges (bucket-unaware append tables). */
		BY_RANGE

	}

	private final WriteTarget target;

	private final String commitUser;

	private final Map<String, String> overwritePartition;

	private final List<WriteLane> lanes = new ArrayList<>();

	private final Routing routing;

	private final IOManager ioManager;

	private final BucketAssigner bucketAssigner;

	private final AtomicBoolean busy = new AtomicBoolean();

	private volatile boolean closed;

	private volatile boolean failed;

	private long totalRows;

	private int[] buckets = new int[0];

	TableWrite(WriteTarget target, String commitUser, Map<String, String> overwritePartition) {
		this.target = target;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		FileStoreTable table = target.writeTable();
		BucketMode mode = table.bucketMode();
		int parallelism = Math.max(1, target.parallelism());
		if (mode == BucketMode.HASH_FIXED && parallelism > 1) {
			this.routing = Routing.BY_BUCKET;
			parallelism = Math.min(parallelism, Math.max(1, table.coreOptions().bucket()));
		}
		else if (mode == BucketMode.BUCKET_UNAWARE && table.primaryKeys().isEmpty() && parallelism > 1) {
			this.routing = Routing.BY_RANGE;
		}
		else {
			this.routing = Routing.SINGLE;
			parallelism = 1;
		}
		this.ioManager = IOManager.create(target.spillDirectory().toString());
		try {
			for (int i = 0; i < parallelism; i++) {
				TableWriteImpl<?> write = table.newWrite(commitUser);
				write.withIOManager(this.ioManager);
				if (overwritePartition != null) {
					write.withIgnorePreviousFiles(true);
				}
				this.lanes.add(new WriteLane(target.name(), table, write,
						this.routing == Routing.BY_BUCKET || mode == BucketMode.HASH_DYNAMIC));
			}
		}
		catch (RuntimeException ex) {
			closeLanes();
			throw new PaimonWriteException(target.name(),
					"Cannot create a writer for table '" + target.name() + "': " + ex.getMessage(), ex);
		}
		if (mode == BucketMode.HASH_DYNAMIC) {
			long targetRows = table.coreOptions().dynamicBucketTargetRowNum();
			Integer maxBuckets = table.coreOptions().dynamicBucketMaxBuckets();
			int max = (maxBuckets != null) ? maxBuckets : -1;
			this.bucketAssigner = (overwritePartition != null) ? new SimpleHashBucketAssigner(1, 0, targetRows, max)
					: new HashBucketAssigner(table.snapshotManager(), commitUser, table.store().newIndexFileHandler(), 1,
							1, 0, targetRows, max);
		}
		else {
			this.bucketAssigner = null;
		}
	}

	/**
	 * Returns the table identifier this writer writes to.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.target.name();
	}

	/**
	 * Returns the commit user of this writer.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Returns the number of rows written since the writer was created.
	 * @return the total row count
	 */
	public long totalRows() {
		return this.totalRows;
	}

	/**
	 * Writes one Arrow batch without dictionary-encoded columns. The whole batch is validated before
	 * any row is written; the caller keeps ownership of the Arrow data.
	 * @param root the batch
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table schema or holds a null in a
	 * {@code NOT NULL} column (nothing of the batch is written)
	 */
	public long write(VectorSchemaRoot root) {
		return write(root, null);
	}

	/**
	 * Writes one Arrow batch whose dictionary-encoded columns are resolved through
	 * {@code dictionaries}. The whole batch is validated before any row is written; the caller keeps
	 * ownership of the Arrow data.
	 * @param root the batch
	 * @param dictionaries the dictionaries of encoded columns, or {@code null}
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table (nothing of it is written)
	 */
	public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		if (root == null) {
			throw new PaimonArgumentException(table(), "record batch must not be null");
		}
		enter();
		try {
			return writeBatch(root, dictionaries);
		}
		finally {
			this.busy.set(false);
		}
	}

	/**
	 * Writes every batch of an Arrow stream, validating each batch before writing it. Batches read
	 * before a failure stay in this writer (not committed); discard them by closing the writer or abort
	 * them after {@link #prepareCommit()}.
	 * @param reader the stream; the caller closes it
	 * @return the number of rows written
	 * @throws ArrowDataException if a batch does not match the table
	 * @throws ArrowFormatException if the stream cannot be read
	 */
	public long write(ArrowReader reader) {
		if (reader == null) {
			throw new PaimonArgumentException(table(), "Arrow reader must not be null");
		}
		enter();
		try {
			long rows = 0;
			VectorSchemaRoot root;
			try {
				root = reader.getVectorSchemaRoot();
			}
			catch (IOException | RuntimeException ex) {
				throw new ArrowFormatException(table(),
						"Cannot read the Arrow stream schema for table '" + table() + "': " + ex.getMessage(), ex);
			}
			this.lanes.get(0).converter.validateSchema(root.getSchema(), reader);
			while (true) {
				boolean loaded;
				try {
					loaded = reader.loadNextBatch();
				}
				catch (IOException | RuntimeException ex) {
					throw new ArrowFormatException(table(),
							"Cannot read the Arrow stream for table '" + table() + "': " + ex.getMessage(), ex);
				}
				if (!loaded) {
					return rows;
				}
				rows += writeBatch(root, reader);
			}
		}
		finally {
			this.busy.set(false);
		}
	}

	private long writeBatch(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		WriteLane first = this.lanes.get(0);
		// validates the schema and NOT NULL constraints of the whole batch before any row is written
		VectorizedColumnBatch batch = first.converter.convert(root, dictionaries);
		int rows = root.getRowCount();
		if (rows == 0) {
			return 0;
		}
		first.row.setVectorizedColumnBatch(batch);
		try {
			int parallel = Math.min(this.lanes.size(), Math.max(1, rows / MIN_ROWS_PER_LANE));
			if (this.routing == Routing.SINGLE) {
				writeSingle(first, rows);
			}
			else if (parallel == 1) {
				writeSequentially(first, rows);
			}
			else {
				writeInParallel(root, dictionaries, rows, parallel);
			}
		}
		catch (ArrowDataException ex) {
			this.failed = true;
			throw ex;
		}
		catch (Exception ex) {
			this.failed = true;
			throw new PaimonWriteException(table(),
					"Writing to table '" + table() + "' failed: " + ex.getMessage() + "; close this TableWrite", ex);
		}
		this.totalRows += rows;
		return rows;
	}

	private void writeSingle(WriteLane lane, int rows) throws Exception {
		if (this.bucketAssigner == null) {
			for (int i = 0; i < rows; i++) {
				lane.row.setRowId(i);
				lane.write.write(lane.row);
			}
			return;
		}
		for (int i = 0; i < rows; i++) {
			lane.row.setRowId(i);
			lane.keys.setRecord(lane.row);
			BinaryRow partition = lane.keys.partition();
			int bucket = this.bucketAssigner.assign(partition, lane.keys.trimmedPrimaryKey().hashCode());
			lane.write.write(lane.row, bucket);
		}
	}

	/** Small batches: the calling thread writes, but every bucket still goes to the lane that owns it. */
	private void writeSequentially(WriteLane first, int rows) throws Exception {
		if (this.routing == Routing.BY_RANGE) {
			for (int i = 0; i < rows; i++) {
				first.row.setRowId(i);
				first.write.write(first.row);
			}
			return;
		}
		int lanes = this.lanes.size();
		for (int i = 0; i < rows; i++) {
			first.row.setRowId(i);
			first.keys.setRecord(first.row);
			int bucket = first.keys.bucket();
			this.lanes.get(bucket % lanes).write.write(first.row, bucket);
		}
	}

	private void writeInParallel(VectorSchemaRoot root, DictionaryProvider dictionaries, int rows, int parallel)
			throws Exception {
		for (int k = 1; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			lane.row.setVectorizedColumnBatch(lane.converter.convert(root, dictionaries));
		}
		if (this.routing == Routing.BY_RANGE) {
			List<Callable<Void>> tasks = new ArrayList<>();
			for (int k = 0; k < parallel; k++) {
				WriteLane lane = this.lanes.get(k);
				int from = (int) ((long) rows * k / parallel);
				int to = (int) ((long) rows * (k + 1) / parallel);
				tasks.add(() -> {
					for (int i = from; i < to; i++) {
						lane.row.setRowId(i);
						lane.write.write(lane.row);
					}
					return null;
				});
			}
			WriteExecutor.runAll(tasks);
			return;
		}
		// BY_BUCKET: compute buckets in parallel, then each lane writes the buckets it owns
		if (this.buckets.length < rows) {
			this.buckets = new int[rows];
		}
		int[] bucketOf = this.buckets;
		int lanes = this.lanes.size();
		List<Callable<Void>> hashing = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			int from = (int) ((long) rows * k / parallel);
			int to = (int) ((long) rows * (k + 1) / parallel);
			hashing.add(() -> {
				for (int i = from; i < to; i++) {
					lane.row.setRowId(i);
					lane.keys.setRecord(lane.row);
					bucketOf[i] = lane.keys.bucket();
				}
				return null;
			});
		}
		WriteExecutor.runAll(hashing);
		List<Callable<Void>> writing = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane reader = this.lanes.get(k);
			int owner = k;
			writing.add(() -> {
				for (int i = 0; i < rows; i++) {
					int bucket = bucketOf[i];
					int laneIndex = bucket % lanes;
					if (laneIndex % parallel == owner) {
						reader.row.setRowId(i);
						this.lanes.get(laneIndex).write.write(reader.row, bucket);
					}
				}
				return null;
			});
		}
		WriteExecutor.runAll(writing);
	}

	/**
	 * Flushes everything written since the last call into data files and returns their commit messages.
	 * The writer stays usable for the next round.
	 * @return the messages to commit (empty when nothing was written)
	 */
	public CommitMessages prepareCommit() {
		enter();
		try {
			List<CommitMessage> messages = new ArrayList<>();
			try {
				List<Callable<List<CommitMessage>>> tasks = new ArrayList<>();
				for (WriteLane lane : this.lanes) {
					tasks.add(() -> lane.write.prepareCommit(true, Long.MAX_VALUE));
				}
				WriteExecutor.runAll(tasks).forEach(messages::addAll);
				if (this.bucketAssigner != null) {
					this.bucketAssigner.prepareCommit(Long.MAX_VALUE);
				}
			}
			catch (Exception ex) {
				this.failed = true;
				throw new PaimonWriteException(table(),
						"Preparing the commit for table '" + table() + "' failed: " + ex.getMessage(), ex);
			}
			List<CommitMessage> nonEmpty = new ArrayList<>();
			for (CommitMessage message : messages) {
				if (!((CommitMessageImpl) message).isEmpty()) {
					nonEmpty.add(message);
				}
			}
			return new CommitMessages(table(), this.target.location(), this.commitUser, this.overwritePartition,
					nonEmpty);
		}
		finally {
			this.busy.set(false);
		}
	}

	private void enter() {
		if (this.closed) {
			throw new PaimonStateException(table(), "TableWrite for table '" + table() + "' is closed");
		}
		if (this.failed) {
			throw new PaimonStateException(table(),
					"TableWrite for table '" + table() + "' failed earlier and must be closed; write the data again with a new writer");
		}
		if (!this.busy.compareAndSet(false, true)) {
			throw new PaimonStateException(table(), "TableWrite for table '" + table()
					+ "' is being used by another thread; a TableWrite belongs to one thread");
		}
	}

	/**
	 * Closes the writer and deletes data files that were written but not prepared. Idempotent.
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		closeLanes();
	}

	private void closeLanes() {
		PaimonWriteException failure = null;
		for (WriteLane lane : this.lanes) {
			try {
				lane.write.close();
			}
			catch (Exception ex) {
				if (failure == null) {
					failure = new PaimonWriteException(table(), "Closing the writer of table '" + table() + "' failed", ex);
				}
			}
		}
		try {
			this.ioManager.close();
		}
		catch (Exception ex) {
			// best effort
		}
		if (failure != null) {
			throw failure;
		}
	}

}
