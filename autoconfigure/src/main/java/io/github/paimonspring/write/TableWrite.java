package io.github.paimonspring.write;

import java.util.Map;

import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.jspecify.annotations.Nullable;

/**
 * Writes Arrow batches into one table and prepares them for commit. A {@code TableWrite} belongs to
 * one thread: concurrent calls are rejected. It can be reused after {@link #prepareCommit()}; the next
 * round continues the sequence numbers of the previous one. Closing it discards data that was not
 * prepared. Large batches for fixed-bucket and bucket-unaware append tables are written by several
 * Paimon writers in parallel, each owning its own buckets (or row ranges).
 */
public final class TableWrite implements AutoCloseable {

	private final WriteTarget target;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final LaneWriter lanes;

	TableWrite(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition) {
		this.target = target;
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		this.lanes = new LaneWriter(target.name(), "TableWrite", target.writeTable(), commitUser,
				overwritePartition != null, target.spillDirectory(), target.parallelism(), null, null);
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
		return this.lanes.totalRows();
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
		return this.lanes.write(root, null);
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
		return this.lanes.write(root, dictionaries);
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
		return this.lanes.write(reader);
	}

	/**
	 * Flushes everything written since the last call into data files and returns their commit messages.
	 * The writer stays usable for the next round.
	 * @return the messages to commit (empty when nothing was written)
	 */
	public CommitMessages prepareCommit() {
		return new CommitMessages(table(), this.target.location(), this.commitUser, this.overwritePartition,
				this.lanes.prepareCommit());
	}

	/**
	 * Closes the writer and deletes data files that were written but not prepared. Idempotent.
	 */
	@Override
	public void close() {
		this.lanes.close();
	}

}
