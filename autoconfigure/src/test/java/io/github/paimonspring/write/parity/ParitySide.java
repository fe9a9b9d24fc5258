package io.github.paimonspring.write.parity;

import java.util.List;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.table.sink.CommitMessage;

/**
 * A writer of one table under test: the starter's public write API (column by column or not) or
 * Paimon's own writer, driven through the same rounds of write, prepare, commit and restart.
 */
interface ParitySide extends AutoCloseable {

	/** Writes a batch into the current writer. */
	void write(VectorSchemaRoot batch) throws Exception;

	/**
	 * Prepares a round.
	 * @param identifier the commit identifier the round will be committed with (or a later one)
	 * @return a handle to pass to {@link #commit}
	 */
	Prepared prepare(long identifier) throws Exception;

	/** Commits prepared rounds in one commit under the identifier of the last. */
	void commit(List<Prepared> rounds, long identifier) throws Exception;

	/** Closes the current writer and opens a new one with the same commit user. */
	void restart() throws Exception;

	/** Closes the current writer; a failure to close is thrown. */
	@Override
	void close() throws Exception;

	/**
	 * A prepared round.
	 *
	 * @param messages Paimon's commit messages of the round
	 * @param handle what the side commits ({@code CommitMessages} of the starter, or the messages)
	 */
	record Prepared(List<CommitMessage> messages, Object handle) {
	}

}
