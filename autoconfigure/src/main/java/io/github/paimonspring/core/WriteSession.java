package io.github.paimonspring.core;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The writer handed to a {@link WriteCallback} by {@link PaimonOperations#execute(String, WriteCallback)}.
 * Everything written is committed together when the callback returns.
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

}
