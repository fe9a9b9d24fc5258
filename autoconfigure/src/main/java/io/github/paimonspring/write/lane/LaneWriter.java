package io.github.paimonspring.write.lane;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.paimonspring.PaimonException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.write.PaimonArgumentException;
import io.github.paimonspring.write.PaimonStateException;
import io.github.paimonspring.write.PaimonWriteException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.types.RowKind;
import org.jspecify.annotations.Nullable;

/**
 * The engine behind {@link io.github.paimonspring.write.TableWrite} and the postpone fixed-bucket
 * writer: feeds Arrow batches to one or more Paimon writers ("lanes") and collects their commit
 * messages. Lanes own disjoint buckets (or, for bucket-unaware append tables, row ranges), so large
 * batches are written in parallel with exactly the files, buckets and sequence numbers one writer
 * would produce. Not thread-safe: it rejects concurrent calls.
 */
public final class LaneWriter implements AutoCloseable {

	/** Batches smaller than this per lane are written on the calling thread only. */
	static final int MIN_ROWS_PER_LANE = 16_384;

	private final String table;

	private final String handle;

	private final WriteLanes source;

	private final List<WriteLane> lanes;

	private final WriteLanes.Routing routing;

	private final @Nullable BucketAssigner bucketAssigner;

	private final RowKindRules rowKindRules;

	/** The row kinds of the batch being written, or {@code null} when all rows are inserts. */
	private byte @Nullable [] kinds;

	private final AtomicBoolean busy = new AtomicBoolean();

	private volatile boolean closed;

	private volatile boolean failed;

	private long totalRows;

	private int[] buckets = new int[0];

	/**
	 * Creates the writers.
	 * @param table the table identifier used in messages
	 * @param handle the name of the public handle used in messages, such as {@code TableWrite}
	 * @param lanes the Paimon writers and how rows are spread over them
	 */
	public LaneWriter(String table, String handle, WriteLanes lanes) {
		this.table = table;
		this.handle = handle;
		this.source = lanes;
		this.lanes = lanes.lanes();
		this.routing = lanes.routing();
		this.bucketAssigner = lanes.bucketAssigner();
		this.rowKindRules = lanes.rowKindRules();
	}

	private String table() {
		return this.table;
	}

	/**
	 * Returns the number of rows written since the writer was created.
	 * @return the total row count
	 */
	public long totalRows() {
		return this.totalRows;
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
	public long write(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
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

	private long writeBatch(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
		WriteLane first = this.lanes.get(0);
		// validates the schema and NOT NULL constraints of the whole batch before any row is written
		VectorizedColumnBatch batch = first.converter.convert(root, dictionaries);
		int rows = root.getRowCount();
		if (rows == 0) {
			return 0;
		}
		byte[] rowKinds = first.converter.rowKinds(root);
		if (rowKinds != null) {
			this.rowKindRules.check(rowKinds);
		}
		this.kinds = rowKinds;
		first.row.setVectorizedColumnBatch(batch);
		int parallel = (this.routing == WriteLanes.Routing.SINGLE) ? 1
				: Math.min(this.lanes.size(), Math.max(1, rows / MIN_ROWS_PER_LANE));
		for (int k = 1; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			lane.row.setVectorizedColumnBatch(lane.converter.reconvert(root, dictionaries));
		}
		// routing runs before anything is written, so a routing error (such as a partition missing from a
		// bucket plan) leaves the writer usable
		int[] bucketOf = (this.routing == WriteLanes.Routing.BY_BUCKET) ? route(rows, parallel) : null;
		try {
			if (this.routing == WriteLanes.Routing.SINGLE) {
				writeSingle(first, rows);
			}
			else if (this.routing == WriteLanes.Routing.BY_RANGE) {
				writeRanges(rows, parallel);
			}
			else {
				writeBuckets(bucketOf, rows, parallel);
			}
		}
		catch (ArrowDataException ex) {
			this.failed = true;
			throw ex;
		}
		catch (Exception ex) {
			this.failed = true;
			throw new PaimonWriteException(table(),
					"Writing to table '" + table() + "' failed: " + ex.getMessage() + "; close this " + this.handle, ex);
		}
		this.totalRows += rows;
		return rows;
	}

	private void writeSingle(WriteLane lane, int rows) throws Exception {
		if (this.bucketAssigner == null) {
			for (int i = 0; i < rows; i++) {
				select(lane.row, i);
				lane.write.write(lane.row);
			}
			return;
		}
		for (int i = 0; i < rows; i++) {
			select(lane.row, i);
			lane.keys.setRecord(lane.row);
			BinaryRow partition = lane.keys.partition();
			int bucket = this.bucketAssigner.assign(partition, lane.keys.trimmedPrimaryKey().hashCode());
			lane.write.write(lane.row, bucket);
		}
	}

	private void writeRanges(int rows, int parallel) throws Exception {
		List<Callable<Void>> tasks = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			int from = (int) ((long) rows * k / parallel);
			int to = (int) ((long) rows * (k + 1) / parallel);
			tasks.add(() -> {
				for (int i = from; i < to; i++) {
					select(lane.row, i);
					lane.write.write(lane.row);
				}
				return null;
			});
		}
		WriteExecutor.runAll(tasks);
	}

	/** Points a lane's row at row {@code i} of the batch, with its row kind. */
	private void select(ColumnarRow row, int i) {
		row.setRowId(i);
		byte[] rowKinds = this.kinds;
		row.setRowKind((rowKinds != null) ? RowKind.fromByteValue(rowKinds[i]) : RowKind.INSERT);
	}

	/** Computes the bucket of every row, in parallel when the batch is large. */
	private int[] route(int rows, int parallel) {
		if (this.buckets.length < rows) {
			this.buckets = new int[rows];
		}
		int[] bucketOf = this.buckets;
		List<Callable<Void>> hashing = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			int from = (int) ((long) rows * k / parallel);
			int to = (int) ((long) rows * (k + 1) / parallel);
			hashing.add(() -> {
				for (int i = from; i < to; i++) {
					lane.row.setRowId(i);
					bucketOf[i] = lane.router.bucket(lane.row);
				}
				return null;
			});
		}
		try {
			WriteExecutor.runAll(hashing);
		}
		catch (PaimonException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new PaimonWriteException(table(), "Routing rows of table '" + table() + "' to buckets failed: "
					+ ex.getMessage(), ex);
		}
		return bucketOf;
	}

	/** Each lane writes the buckets it owns ({@code bucket % lanes}). */
	private void writeBuckets(int[] bucketOf, int rows, int parallel) throws Exception {
		int lanes = this.lanes.size();
		List<Callable<Void>> writing = new ArrayList<>();
		for (int k = 0; k < parallel; k++) {
			WriteLane reader = this.lanes.get(k);
			int owner = k;
			writing.add(() -> {
				for (int i = 0; i < rows; i++) {
					int bucket = bucketOf[i];
					int laneIndex = bucket % lanes;
					if (laneIndex % parallel == owner) {
						select(reader.row, i);
						this.lanes.get(laneIndex).write.write(reader.row, bucket);
					}
				}
				return null;
			});
		}
		WriteExecutor.runAll(writing);
	}

	/**
	 * Flushes everything written since the last call into data files and returns the non-empty commit
	 * messages of all lanes. The writer stays usable.
	 * @return the messages
	 */
	public List<CommitMessage> prepareCommit() {
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
			return nonEmpty;
		}
		finally {
			this.busy.set(false);
		}
	}

	/**
	 * Marks the writer as failed: every later call is rejected until it is closed.
	 */
	public void markFailed() {
		this.failed = true;
	}

	private void enter() {
		if (this.closed) {
			throw new PaimonStateException(table(), this.handle + " for table '" + table() + "' is closed");
		}
		if (this.failed) {
			throw new PaimonStateException(table(),
					this.handle + " for table '" + table() + "' failed earlier and must be closed; write the data again with a new writer");
		}
		if (!this.busy.compareAndSet(false, true)) {
			throw new PaimonStateException(table(), this.handle + " for table '" + table()
					+ "' is being used by another thread; a " + this.handle + " belongs to one thread");
		}
	}

	/**
	 * Closes the writers and deletes data files that were written but not prepared. Idempotent.
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
		this.source.close(this.table);
	}

}
