package io.github.paimonspring.write.family;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.lane.BucketRouter;
import io.github.paimonspring.write.lane.LaneWriter;
import io.github.paimonspring.write.lane.WriteLanes;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.jspecify.annotations.Nullable;

/**
 * The write step of a write family ({@link ArrowTableWrite}), written once for every family; not API:
 * applications use the interface. A writer belongs to one thread: concurrent calls are
 * rejected. Each batch is validated as a whole before any row of it is written, and the caller keeps
 * ownership of the Arrow data. Large batches for fixed-bucket and bucket-unaware append tables are
 * written by several Paimon writers in parallel, each owning its own buckets (or row ranges). Closing
 * a writer discards data that was not prepared.
 *
 * @param <M> the family's commit messages
 */
public abstract class AbstractTableWrite<M extends AbstractCommitMessages<M>> implements ArrowTableWrite {

	private final WriteTarget target;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final LaneWriter lanes;

	/**
	 * Creates the writer of a family.
	 * @param target the table
	 * @param commitUser the commit user
	 * @param overwritePartition {@code null} for append mode, empty for dynamic overwrite, or the static
	 * partition
	 * @param writeTable the table to create Paimon writers from (its write buffer is sized to the heap)
	 * @param router creates the bucket router of each lane, or {@code null} to route by the table's own
	 * bucket mode
	 * @param plannedBuckets whether the router's buckets follow a plan rather than the table's bucket count
	 * (a postpone table written into fixed buckets): the bucket count of existing files is not checked
	 */
	protected AbstractTableWrite(WriteTarget target, String commitUser, @Nullable Map<String,
			String> overwritePartition,
			FileStoreTable writeTable, @Nullable Supplier<BucketRouter> router, boolean plannedBuckets) {
		this.target = target;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		FileStoreTable sized = WriteLanes.sizedForHeap(writeTable, target.parallelism());
		this.lanes = new LaneWriter(target.name(), "ArrowTableWrite", new WriteLanes(target.name(), sized,
				commitUser, overwritePartition != null, target.spillDirectory(), target.parallelism(), router,
				plannedBuckets, target.rowKindColumn(), target.columnarWrites()));
	}

	/**
	 * Returns the table identifier this writer writes to.
	 * @return the identifier, {@code db.table}
	 */
	@Override
	public String table() {
		return this.target.name();
	}

	/**
	 * Returns the commit user of this writer.
	 * @return the commit user
	 */
	@Override
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Returns the number of rows written since the writer was created.
	 * @return the total row count
	 */
	@Override
	public long totalRows() {
		return this.lanes.totalRows();
	}

	/**
	 * Writes one Arrow batch without dictionary-encoded columns.
	 * @param root the batch
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table schema or holds a null in a
	 * {@code NOT NULL} column (nothing of the batch is written)
	 * @throws io.github.paimonspring.PaimonException if a row cannot be routed, for example to a
	 * partition missing from a bucket plan (nothing of the batch is written)
	 */
	@Override
	public long write(VectorSchemaRoot root) {
		return write(root, null);
	}

	/**
	 * Writes one Arrow batch whose dictionary-encoded columns are resolved through
	 * {@code dictionaries}.
	 * @param root the batch
	 * @param dictionaries the dictionaries of encoded columns, or {@code null}
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table (nothing of it is written)
	 */
	@Override
	public long write(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
		beforeWrite();
		return this.lanes.write(root, dictionaries);
	}

	/**
	 * Writes one Arrow batch that an {@link io.github.paimonspring.arrow.ArrowBatchConverter} of this table's
	 * row type has accepted and that has not changed since, through the column vectors that validation made,
	 * without checking or converting the batch again (internal: the group commit validates each request alone
	 * before it joins a group, and writes it with this).
	 * @param root the batch, without dictionary-encoded columns
	 * @param columns the column vectors {@code convert} returned for it
	 * @return the number of rows written
	 */
	public long writeValidated(VectorSchemaRoot root, VectorizedColumnBatch columns) {
		beforeWrite();
		return this.lanes.writeValidated(root, columns);
	}

	/**
	 * Writes one Arrow batch without dictionary-encoded columns while the caller goes on: validates it,
	 * takes over its buffers — the root is left without rows, ready for the next batch to be loaded into
	 * it, and the buffers stay accounted to their allocator until written — and returns while the batch is
	 * written. One batch is in flight at a time: the next write, {@link #awaitTransferred()},
	 * {@link #prepareCommit()} and {@link #close()} wait for it, and a failure of its write is thrown by
	 * the next of them. Lets a reader of a stream read the next batch while this one is written.
	 * @param root the batch
	 * @return the number of rows taken over
	 * @throws ArrowDataException if the batch does not match the table (nothing of it is written)
	 */
	@Override
	public long transferAndWrite(VectorSchemaRoot root) {
		beforeWrite();
		return this.lanes.transferAndWrite(root);
	}

	/**
	 * Waits until the batch given to {@link #transferAndWrite} is written, and releases its buffers.
	 * @throws PaimonWriteException if writing it failed (the writer must then be closed)
	 */
	@Override
	public void awaitTransferred() {
		this.lanes.awaitTransferred();
	}

	/**
	 * Writes every batch of an Arrow stream, validating each batch before writing it; the next batch is
	 * read while the previous one is written (streams without dictionary-encoded columns). Batches read
	 * before a failure stay in this writer (not committed); discard them by closing the writer, or abort
	 * them after {@link #prepareCommit()}.
	 * @param reader the stream; the caller closes it
	 * @return the number of rows written
	 * @throws ArrowDataException if a batch does not match the table
	 * @throws ArrowFormatException if the stream cannot be read
	 */
	@Override
	public long write(ArrowReader reader) {
		beforeWrite();
		return this.lanes.write(reader);
	}

	/**
	 * Flushes everything written into data files and returns their commit messages.
	 * @return the messages to commit (empty when nothing was written)
	 */
	@Override
	public abstract M prepareCommit();

	/**
	 * Closes the writer and deletes data files that were written but not prepared. Idempotent.
	 */
	@Override
	public void close() {
		this.lanes.close();
	}

	/**
	 * Called before every write; families with extra state checks override it.
	 */
	protected void beforeWrite() {
	}

	/**
	 * Flushes the lanes and returns their non-empty Paimon messages; the writer stays usable.
	 * @return the messages
	 */
	protected final List<CommitMessage> prepareFiles() {
		return this.lanes.prepareCommit();
	}

	/**
	 * Returns the table this writer writes to.
	 * @return the target
	 */
	protected final WriteTarget target() {
		return this.target;
	}

	/**
	 * Returns the write mode.
	 * @return {@code null} for append mode, empty for dynamic overwrite, or the static partition
	 */
	protected final @Nullable Map<String, String> overwritePartition() {
		return this.overwritePartition;
	}

}
