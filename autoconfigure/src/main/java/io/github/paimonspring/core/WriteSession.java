package io.github.paimonspring.core;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The writer handed to a {@link WriteCallback} by {@link PaimonOperations#execute(WriteRequest, WriteCallback)}.
 * Everything written is committed together when the callback returns. The first batch evolves the table's
 * schema under the request's policy and opens the writer on it; later batches are written on that schema.
 *
 * @since 0.1.0
 */
public interface WriteSession {

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	String table();

	/**
	 * Writes one Arrow batch (validated as a whole first).
	 * @param root the batch; the caller keeps ownership
	 * @return the number of rows written
	 */
	long write(VectorSchemaRoot root);

	/**
	 * Writes one Arrow batch with dictionary-encoded columns.
	 * @param root the batch; the caller keeps ownership
	 * @param dictionaries the dictionaries of encoded columns
	 * @return the number of rows written
	 */
	long write(VectorSchemaRoot root, DictionaryProvider dictionaries);

	/**
	 * Writes every batch of an Arrow stream.
	 * @param reader the stream; the caller closes it
	 * @return the number of rows written
	 */
	long write(ArrowReader reader);

	/**
	 * Writes one Arrow batch while the caller reads the next one: validates it, takes over its buffers
	 * without a copy (the root is left without rows, ready for the next {@code loadNextBatch()}) and returns
	 * while it is written; the next write, {@link #awaitTransferred()} and the commit wait for it, and its
	 * failure is thrown by the next of them. For batches without dictionary-encoded columns.
	 * @param root the batch; its buffers are taken over
	 * @return the number of rows
	 * @since 0.1.0
	 */
	long transferAndWrite(VectorSchemaRoot root);

	/**
	 * Waits for the batch {@link #transferAndWrite} still writes and throws its failure.
	 * @since 0.1.0
	 */
	void awaitTransferred();

}
