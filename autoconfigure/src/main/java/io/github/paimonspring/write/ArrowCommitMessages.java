package io.github.paimonspring.write;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.paimon.table.sink.CommitMessage;

/**
 * The data files one or more writers ({@link ArrowTableWrite#prepareCommit()}) prepared for a table,
 * waiting to be committed or aborted by an {@link ArrowTableCommit}. They remember the table, commit
 * user, write mode and kind (standard or fixed-bucket) they were prepared with; a committer only accepts
 * messages that match its own. Messages stay valid after a failed commit so that it can be retried.
 *
 * @since 0.1.0
 */
public interface ArrowCommitMessages extends AutoCloseable {

	/**
	 * Returns the table identifier the messages were prepared for.
	 * @return the identifier, {@code db.table}
	 */
	String table();

	/**
	 * Returns the commit user the messages were prepared with.
	 * @return the commit user
	 */
	String commitUser();

	/**
	 * Returns whether the messages were prepared by an overwriting writer.
	 * @return {@code true} for overwrite mode
	 */
	boolean isOverwrite();

	/**
	 * Returns the static partition of a static-partition overwrite.
	 * @return the partition spec; empty for a dynamic overwrite or append mode
	 */
	Map<String, String> overwritePartition();

	/**
	 * Returns Paimon's commit messages, one per partition and bucket.
	 * @return an unmodifiable view of the messages
	 */
	List<CommitMessage> messages();

	/**
	 * Returns whether there is nothing to commit.
	 * @return {@code true} when no data files were prepared
	 */
	boolean isEmpty();

	/**
	 * Returns the number of rows in the new data files.
	 * @return the row count of all new files
	 */
	long rowCount();

	/**
	 * Returns the names of all data files these messages add.
	 * @return the file names (new, changelog and compaction output files)
	 */
	Set<String> fileNames();

	/**
	 * Adds the messages of {@code added} to these messages. Both must be of the same table, commit user,
	 * write mode and kind. Merging a message that is already present is a no-op, so merging the same
	 * source twice does not duplicate files; a different message that claims an already present file is
	 * rejected.
	 * @param added the messages to add; unchanged and still usable afterwards
	 * @return these messages
	 * @throws io.github.paimonspring.PaimonArgumentException if the source is {@code null}, this same
	 * object, or of another table, commit user, mode or kind
	 */
	ArrowCommitMessages merge(ArrowCommitMessages added);

	/**
	 * Returns whether the fixed-bucket family wrote these messages (a builder with a fixed-bucket plan, into
	 * real buckets of a postpone table); such messages are committed by a builder with a fixed-bucket plan,
	 * the others by one without. Serialized messages keep it: the messages a builder of the table
	 * {@linkplain ArrowWriteBuilder#deserializeCommitMessages reads back} tell it, whichever family wrote them.
	 * @return {@code true} for the fixed-bucket family's messages
	 */
	boolean isFixedBucket();

	/**
	 * Serializes the messages so that another process can commit or abort them
	 * ({@link ArrowWriteBuilder#deserializeCommitMessages}). The bytes start with the kind's magic number
	 * ({@code PSM1} standard, {@code PFB1} fixed-bucket), then carry the table, commit user, mode, Paimon's
	 * commit message serializer version and the kind's own state.
	 * @return the serialized messages
	 */
	byte[] serialize();

	/**
	 * Releases the messages; later calls fail. Closing does not delete any file: use the committer's
	 * {@code abort} for that.
	 */
	@Override
	void close();

}
