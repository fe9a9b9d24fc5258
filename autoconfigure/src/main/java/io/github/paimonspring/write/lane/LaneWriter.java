package io.github.paimonspring.write.lane;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.index.BucketAssigner;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.jspecify.annotations.Nullable;

/**
 * The engine behind {@link io.github.paimonspring.write.ArrowTableWrite} and the postpone fixed-bucket
 * writer: feeds Arrow batches to one or more Paimon writers ("lanes") and collects their commit
 * messages. Lanes own disjoint buckets, so large batches into fixed-bucket tables are written in
 * parallel with exactly the files, buckets and sequence numbers one writer would produce; for
 * bucket-unaware append tables lanes take row ranges and write files of their own, as parallel Paimon
 * writers would. Not thread-safe: it rejects concurrent calls.
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

	private final AtomicBoolean busy = new AtomicBoolean();

	private volatile boolean closed;

	private volatile boolean failed;

	private long totalRows;

	private final LaneRows laneRows;

	private final InFlightBatch inFlight = new InFlightBatch();

	/**
	 * Creates the writers.
	 * @param table the table identifier used in messages
	 * @param handle the name of the public handle used in messages, such as {@code ArrowTableWrite}
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
		this.laneRows = new LaneRows(table, lanes);
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
		return writeNow(root, dictionaries, null);
	}

	/**
	 * Writes one Arrow batch that a converter of this writer's row type has accepted
	 * ({@link io.github.paimonspring.arrow.ArrowBatchConverter#convert}) and that has not changed since: its
	 * buffers, {@code NOT NULL} constraints and scaled values are not checked again, its schema is still
	 * matched to the table. For batches validated on their way in, such as the group commit's.
	 * @param root the batch, without dictionary-encoded columns; the caller keeps ownership
	 * @param columns the column vectors {@code convert} made over it, written by the first lane as they are
	 * @return the number of rows written
	 */
	public long writeValidated(VectorSchemaRoot root, VectorizedColumnBatch columns) {
		return writeNow(root, null, columns);
	}

	private long writeNow(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries,
			@Nullable VectorizedColumnBatch validated) {
		if (root == null) {
			throw new PaimonArgumentException(table(), "record batch must not be null");
		}
		enter();
		try {
			awaitInFlight();
			return writeBatch(root, dictionaries, false, validated);
		}
		finally {
			this.busy.set(false);
		}
	}

	/**
	 * Writes one Arrow batch without dictionary-encoded columns in the background: validates it, takes
	 * over its buffers (the root is left without rows, ready to load the next batch) and returns while
	 * the lanes write it. One batch is in flight at a time: the next call, {@link #awaitTransferred()},
	 * {@link #prepareCommit()} and {@link #close()} wait for it, and a failure of its write is thrown by
	 * the next of them.
	 * @param root the batch
	 * @return the number of rows handed to the lanes
	 * @throws ArrowDataException if the batch does not match the table (nothing of it is written)
	 */
	public long transferAndWrite(VectorSchemaRoot root) {
		if (root == null) {
			throw new PaimonArgumentException(table(), "record batch must not be null");
		}
		enter();
		try {
			return transferAndWriteBatch(root);
		}
		finally {
			this.busy.set(false);
		}
	}

	/**
	 * Waits for the batch in flight, if any.
	 * @throws PaimonWriteException if its write failed
	 */
	public void awaitTransferred() {
		enter();
		try {
			awaitInFlight();
		}
		finally {
			this.busy.set(false);
		}
	}

	private long transferAndWriteBatch(VectorSchemaRoot root) {
		awaitInFlight();
		VectorSchemaRoot owned = this.inFlight.takeOver(root);
		try {
			return writeBatch(owned, null, true, null);
		}
		catch (RuntimeException ex) {
			awaitInFlight();
			throw ex;
		}
	}

	private void awaitInFlight() {
		try {
			this.inFlight.await();
		}
		catch (Exception ex) {
			throw failure(ex);
		}
	}

	private RuntimeException failure(Exception ex) {
		this.failed = true;
		if (ex instanceof ArrowDataException data) {
			return data;
		}
		return writeFailed("Writing to table '" + table() + "' failed: " + ex.getMessage() + "; close this "
				+ this.handle, ex);
	}

	/**
	 * A write that failed: unavailable storage (an I/O failure among the causes, such as an S3 request that kept
	 * failing) is a {@link PaimonUnavailableException} — nothing was committed, the same request may be repeated
	 * later — anything else a {@link PaimonWriteException}.
	 */
	private RuntimeException writeFailed(String message, Exception ex) {
		if (PaimonUnavailableException.isUnavailable(ex)) {
			return new PaimonUnavailableException(table(), message + "; nothing was committed, retry later", ex);
		}
		return new PaimonWriteException(table(), message, ex);
	}

	/**
	 * Writes every batch of an Arrow stream, validating each batch before writing it; without
	 * dictionary-encoded columns the next batch is read while the lanes write the previous one. Batches read
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
			boolean ahead = reader.getDictionaryIds().isEmpty();
			while (true) {
				boolean loaded;
				try {
					loaded = reader.loadNextBatch();
				}
				catch (IOException | RuntimeException ex) {
					awaitInFlight(); // the failure of an earlier batch comes first
					throw new ArrowFormatException(table(),
							"Cannot read the Arrow stream for table '" + table() + "': " + ex.getMessage(), ex);
				}
				if (!loaded) {
					awaitInFlight();
					return rows;
				}
				rows += ahead ? transferAndWriteBatch(root) : writeBatch(root, reader, false, null);
			}
		}
		finally {
			this.busy.set(false);
		}
	}

	/**
	 * Validates (unless it comes with the column vectors of its validation) and routes a batch, then writes it:
	 * now, or ({@code inBackground}) as the batch in flight.
	 */
	private long writeBatch(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries, boolean inBackground,
			@Nullable VectorizedColumnBatch validated) {
		WriteLane first = this.lanes.get(0);
		// validates the schema and NOT NULL constraints of the whole batch before any row is written
		VectorizedColumnBatch batch = (validated != null) ? validated : first.converter.convert(root, dictionaries);
		int rows = root.getRowCount();
		if (rows == 0) {
			return 0;
		}
		byte[] rowKinds = first.converter.rowKinds(root);
		if (rowKinds != null) {
			this.rowKindRules.check(rowKinds);
		}
		first.row.setVectorizedColumnBatch(batch);
		int parallel = (this.routing == WriteLanes.Routing.SINGLE) ? 1
				: Math.min(this.lanes.size(), Math.max(1, rows / MIN_ROWS_PER_LANE));
		for (int k = 1; k < parallel; k++) {
			WriteLane lane = this.lanes.get(k);
			lane.row.setVectorizedColumnBatch(lane.converter.reconvert(root, dictionaries));
		}
		// routing runs before anything is written, so a routing error (such as a partition missing from a
		// bucket plan) leaves the writer usable
		Callable<Void> writing = this.laneRows.prepare(rows, parallel, rowKinds);
		if (inBackground) {
			this.inFlight.start(writing);
		}
		else {
			try {
				writing.call();
			}
			catch (Exception ex) {
				throw failure(ex);
			}
		}
		this.totalRows += rows;
		return rows;
	}

	/**
	 * Flushes everything written since the last call into data files and returns the non-empty commit
	 * messages of all lanes. The writer stays usable.
	 * @return the messages
	 */
	public List<CommitMessage> prepareCommit() {
		enter();
		try {
			awaitInFlight();
			List<CommitMessage> messages = new ArrayList<>();
			// what the lanes prepared, as each finishes: the files to delete when another lane fails
			List<CommitMessage> prepared = Collections.synchronizedList(new ArrayList<>());
			try {
				List<Callable<List<CommitMessage>>> tasks = new ArrayList<>();
				for (WriteLane lane : this.lanes) {
					tasks.add(() -> {
						// column-by-column files first: they reach Paimon's writer before it prepares its compactions
						List<CommitMessage> written = new ArrayList<>();
						if (lane.columnar != null) {
							written.addAll(lane.columnar.prepareCommit());
						}
						if (lane.keyValues != null) {
							written.addAll(lane.keyValues.prepareCommit());
						}
						written.addAll(lane.write.prepareCommit(true, Long.MAX_VALUE));
						prepared.addAll(written);
						return written;
					});
				}
				WriteExecutor.runAll(tasks).forEach(messages::addAll);
				if (this.bucketAssigner != null) {
					this.bucketAssigner.prepareCommit(Long.MAX_VALUE);
				}
			}
			catch (Exception ex) {
				this.failed = true;
				synchronized (prepared) {
					this.source.discard(table(), prepared);
				}
				throw writeFailed("Preparing the commit for table '" + table() + "' failed: " + ex.getMessage(), ex);
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
					this.handle + " for table '" + table()
							+ "' failed earlier and must be closed; write the data again with a new writer");
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
		try {
			this.inFlight.await();
		}
		catch (Exception ex) {
			// the writer is discarded: what it wrote is deleted with it
		}
		this.source.close(this.table);
	}

}
