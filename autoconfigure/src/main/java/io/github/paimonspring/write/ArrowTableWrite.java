package io.github.paimonspring.write;

import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.jspecify.annotations.Nullable;

/**
 * Writes Arrow batches into one table and prepares them for commit ({@link ArrowWriteBuilder#newWrite()}).
 * A writer belongs to one thread: concurrent calls are rejected. Each batch is validated as a whole
 * before any row of it is written, and the caller keeps ownership of the Arrow data. Large batches for
 * fixed-bucket and bucket-unaware append tables are written by several Paimon writers in parallel, each
 * owning its own buckets (or row ranges). A standard writer can be reused after {@link #prepareCommit()}
 * (the next round continues its sequence numbers); a fixed-bucket one is single-use. Closing a writer
 * discards data that was not prepared.
 *
 * @since 0.1.0
 */
public interface ArrowTableWrite extends AutoCloseable {

	/**
	 * Returns the table identifier this writer writes to.
	 * @return the identifier, {@code db.table}
	 */
	String table();

	/**
	 * Returns the commit user of this writer.
	 * @return the commit user
	 */
	String commitUser();

	/**
	 * Returns the number of rows written since the writer was created.
	 * @return the total row count
	 */
	long totalRows();

	/**
	 * Writes one Arrow batch without dictionary-encoded columns.
	 * @param root the batch
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table schema or holds a null in a
	 * {@code NOT NULL} column (nothing of the batch is written)
	 * @throws io.github.paimonspring.PaimonException if a row cannot be routed, for example to a
	 * partition missing from a bucket plan (nothing of the batch is written)
	 */
	long write(VectorSchemaRoot root);

	/**
	 * Writes one Arrow batch whose dictionary-encoded columns are resolved through
	 * {@code dictionaries}.
	 * @param root the batch
	 * @param dictionaries the dictionaries of encoded columns, or {@code null}
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table (nothing of it is written)
	 */
	long write(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries);

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
	long transferAndWrite(VectorSchemaRoot root);

	/**
	 * Waits until the batch given to {@link #transferAndWrite} is written, and releases its buffers.
	 * @throws io.github.paimonspring.PaimonWriteException if writing it failed (the writer must then be
	 * closed)
	 */
	void awaitTransferred();

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
	long write(ArrowReader reader);

	/**
	 * Flushes everything written into data files and returns their commit messages.
	 * @return the messages to commit (empty when nothing was written)
	 */
	ArrowCommitMessages prepareCommit();

	/**
	 * Closes the writer and deletes data files that were written but not prepared. Idempotent.
	 */
	@Override
	void close();

}
