package io.github.paimonspring.write.family;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.commit.PreparedFiles;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.jspecify.annotations.Nullable;

/**
 * The commit messages of a write family ({@link ArrowCommitMessages}), written once for every family; not
 * API: applications use the interface. The data files one or more writers prepared for a table, waiting
 * to be committed or aborted. They remember the table, commit user and write mode they were prepared with; a
 * committer only accepts messages of its own family that match its own. Messages stay valid after a
 * failed commit so that it can be retried. Serialized messages start with their family's magic
 * number, so one family's bytes are refused by another family's deserializer.
 *
 * @param <M> the family's messages type
 */
public abstract class AbstractCommitMessages<M extends AbstractCommitMessages<M>> implements ArrowCommitMessages {

	private final String table;

	private final String tableLocation;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final List<CommitMessage> messages;

	private volatile boolean closed;

	/**
	 * Creates messages; used by writer implementations (applications get them from a writer's
	 * {@code prepareCommit()}).
	 * @param table the table identifier
	 * @param tableLocation the table's location, used to check that a committer is for the same table
	 * @param commitUser the commit user
	 * @param overwritePartition {@code null} for append mode, empty for dynamic overwrite, or the static
	 * partition
	 * @param messages the Paimon commit messages
	 */
	protected AbstractCommitMessages(String table, String tableLocation, String commitUser,
			@Nullable Map<String, String> overwritePartition, List<CommitMessage> messages) {
		this.table = table;
		this.tableLocation = tableLocation;
		this.commitUser = commitUser;
		this.overwritePartition = (overwritePartition != null)
				? Collections.unmodifiableMap(new LinkedHashMap<>(overwritePartition)) : null;
		this.messages = new ArrayList<>(messages);
	}

	/**
	 * Returns the table identifier the messages were prepared for.
	 * @return the identifier, {@code db.table}
	 */
	@Override
	public String table() {
		return this.table;
	}

	/**
	 * Returns the commit user the messages were prepared with.
	 * @return the commit user
	 */
	@Override
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Returns whether the messages were prepared by an overwriting writer.
	 * @return {@code true} for overwrite mode
	 */
	@Override
	public boolean isOverwrite() {
		return this.overwritePartition != null;
	}

	/**
	 * Returns the static partition of a static-partition overwrite.
	 * @return the partition spec; empty for a dynamic overwrite or append mode
	 */
	@Override
	public Map<String, String> overwritePartition() {
		return (this.overwritePartition != null) ? this.overwritePartition : Map.of();
	}

	/**
	 * Returns the Paimon commit messages, one per partition and bucket.
	 * @return an unmodifiable view of the messages
	 */
	@Override
	public List<CommitMessage> messages() {
		checkOpen();
		return Collections.unmodifiableList(this.messages);
	}

	/**
	 * Returns whether there is nothing to commit.
	 * @return {@code true} when no data files were prepared
	 */
	@Override
	public boolean isEmpty() {
		checkOpen();
		return this.messages.stream().allMatch(AbstractCommitMessages::isEmptyMessage);
	}

	/**
	 * Returns the number of rows in the new data files.
	 * @return the row count of all new files
	 */
	@Override
	public long rowCount() {
		checkOpen();
		long rows = 0;
		for (CommitMessage message : this.messages) {
			for (DataFileMeta file : ((CommitMessageImpl) message).newFilesIncrement().newFiles()) {
				rows += file.rowCount();
			}
		}
		return rows;
	}

	/**
	 * Returns the names of all data files these messages add.
	 * @return the file names (new, changelog and compaction output files)
	 */
	@Override
	public Set<String> fileNames() {
		checkOpen();
		Set<String> names = new HashSet<>();
		for (CommitMessage message : this.messages) {
			names.addAll(PreparedFiles.fileNames((CommitMessageImpl) message));
		}
		return names;
	}

	/**
	 * Adds the messages of {@code source} to these messages. Both must be for the same table, commit
	 * user and write mode. Merging a message that is already present is a no-op, so merging the same
	 * source twice does not duplicate files; a different message that claims an already present file is
	 * rejected.
	 * @param added the messages to add; unchanged and still usable afterwards
	 * @return these messages
	 * @throws PaimonArgumentException if the source is {@code null}, this same object, or from another
	 * table, commit user, mode or family
	 */
	@Override
	public M merge(@Nullable ArrowCommitMessages added) {
		checkOpen();
		if (added == null) {
			throw new PaimonArgumentException(this.table, "source messages must not be nil");
		}
		if (added.getClass() != getClass()) {
			throw new PaimonArgumentException(this.table, "commit messages can only be merged with messages of "
					+ "the same kind (" + kind(this) + " messages, source " + kind(added) + ")");
		}
		@SuppressWarnings("unchecked") // the same class as this, which is an M
		M typed = (M) added;
		AbstractCommitMessages<M> source = typed;
		if (source == this) {
			throw new PaimonArgumentException(this.table, "target and source commit messages must be distinct handles");
		}
		source.checkOpen();
		if (!this.tableLocation.equals(source.tableLocation) || !this.commitUser.equals(source.commitUser)) {
			throw new PaimonArgumentException(this.table,
					"commit messages can only be merged when table and commit_user both match (target table '"
							+ this.table + "', source table '" + source.table + "')");
		}
		if (!Objects.equals(this.overwritePartition, source.overwritePartition)) {
			throw new PaimonArgumentException(this.table,
					"commit messages can only be merged when overwrite modes match");
		}
		Set<String> present = fileNames();
		List<CommitMessage> toAdd = new ArrayList<>();
		for (CommitMessage message : source.messages) {
			if (this.messages.contains(message) || toAdd.contains(message)) {
				continue;
			}
			for (String file : PreparedFiles.fileNames((CommitMessageImpl) message)) {
				if (present.contains(file)) {
					throw new PaimonArgumentException(this.table, "commit messages for table '" + this.table
							+ "' contain data file '" + file + "' twice with different metadata (same file identity)");
				}
			}
			toAdd.add(message);
		}
		this.messages.addAll(toAdd);
		mergeState(typed);
		return self();
	}

	/**
	 * Serializes the messages so that another process can commit or abort them
	 * ({@link ArrowWriteBuilder#deserializeCommitMessages}). The bytes carry the
	 * family's magic number, the table, commit user, mode, Paimon's commit message serializer version
	 * and the family's own state.
	 * @return the serialized messages
	 */
	@Override
	public byte[] serialize() {
		checkOpen();
		return CommitMessagesCodec.serialize(this.table, this.tableLocation, this.commitUser, this.overwritePartition,
				this.messages, magic(), this::writeState);
	}

	/**
	 * Creates a family's messages from their deserialized parts.
	 * @param <M> the family's messages type
	 */
	@FunctionalInterface
	protected interface Factory<M> {

		/**
		 * Creates the messages.
		 * @param table the table identifier
		 * @param location the table location
		 * @param commitUser the commit user
		 * @param overwritePartition the mode
		 * @param messages the Paimon messages
		 * @param state the family's own state, as {@link AbstractCommitMessages#writeState} wrote it
		 * @return the messages
		 * @throws IOException if the state cannot be read
		 */
		M create(String table, String location, String commitUser, @Nullable Map<String, String> overwritePartition,
				List<CommitMessage> messages, DataInputStream state) throws IOException;

	}

	/**
	 * Reads messages written by {@link #serialize()}.
	 * @param <M> the family's messages type
	 * @param expectedTable the committer's table identifier
	 * @param expectedLocation the committer's table location; messages of another table are refused
	 * @param bytes the serialized messages
	 * @param magic the family's magic number
	 * @param family the family's name in messages, such as {@code postpone fixed-bucket}
	 * @param factory creates the family's messages
	 * @return the messages
	 * @throws PaimonArgumentException if the bytes are not that family's messages of that table
	 */
	protected static <M> M deserialize(String expectedTable, String expectedLocation, byte @Nullable [] bytes,
			int magic, String family, Factory<M> factory) {
		return CommitMessagesCodec.deserialize(expectedTable, expectedLocation, bytes, magic, family, factory);
	}

	/**
	 * Checks that a committer may commit these messages: same table location, commit user and mode.
	 * @param committerTable the committer's table identifier, for messages
	 * @param location the committer's table location
	 * @param commitUser the committer's commit user
	 * @param overwritePartition the committer's mode ({@code null} for append)
	 * @throws PaimonArgumentException naming what differs
	 */
	final void checkProvenance(String committerTable, String location, String commitUser,
			@Nullable Map<String, String> overwritePartition) {
		checkOpen();
		if (!this.tableLocation.equals(location)) {
			throw new PaimonArgumentException(committerTable, differentTable(this.table, committerTable));
		}
		if (!this.commitUser.equals(commitUser)) {
			throw new PaimonArgumentException(committerTable,
					"commit messages were prepared with a different commit_user ('"
					+ this.commitUser + "', committer uses '" + commitUser + "')");
		}
		if (!Objects.equals(this.overwritePartition, overwritePartition)) {
			throw new PaimonArgumentException(committerTable,
					"commit messages were prepared with a different overwrite mode (messages: "
					+ mode(this.overwritePartition) + ", committer: " + mode(overwritePartition) + ")");
		}
	}

	/**
	 * The refusal of messages of another table. It names the tables only: locations are absolute
	 * paths or URIs of the warehouse and end up in HTTP problem details.
	 */
	static String differentTable(String messageTable, String committerTable) {
		if (messageTable.equals(committerTable)) {
			return "commit messages were prepared for a different table (table '" + messageTable
					+ "' at another location: another warehouse, or the table was dropped and re-created)";
		}
		return "commit messages were prepared for a different table (message table '" + messageTable
				+ "', committer table '" + committerTable + "')";
	}

	/** The kind of messages, for refusals: standard or fixed-bucket. */
	static String kind(ArrowCommitMessages messages) {
		return (messages instanceof AbstractCommitMessages<?> family) ? family.family()
				: messages.getClass().getSimpleName();
	}

	private static String mode(@Nullable Map<String, String> overwrite) {
		if (overwrite == null) {
			return "append";
		}
		return overwrite.isEmpty() ? "overwrite" : "overwrite " + overwrite;
	}

	/**
	 * Returns the Paimon messages that carry files.
	 * @return the non-empty messages
	 */
	protected final List<CommitMessage> nonEmptyMessages() {
		checkOpen();
		List<CommitMessage> result = new ArrayList<>();
		for (CommitMessage message : this.messages) {
			if (!isEmptyMessage(message)) {
				result.add(message);
			}
		}
		return result;
	}

	private static boolean isEmptyMessage(CommitMessage message) {
		return ((CommitMessageImpl) message).isEmpty();
	}

	final void checkOpen() {
		if (this.closed) {
			throw new PaimonStateException(this.table, "ArrowCommitMessages for table '" + this.table + "' are closed");
		}
	}

	/**
	 * Returns the table location the messages were prepared for.
	 * @return the location
	 */
	protected final String location() {
		return this.tableLocation;
	}

	/**
	 * Returns the family's magic number, the first four bytes of {@link #serialize()}'s output.
	 * @return the magic number
	 */
	protected abstract int magic();

	/**
	 * Returns the family's name in messages, such as {@code fixed-bucket}.
	 * @return the name
	 */
	protected abstract String family();

	/**
	 * Returns these messages as the family's type.
	 * @return {@code this}
	 */
	protected abstract M self();

	/**
	 * Writes the family's own state after the messages; the default writes nothing.
	 * @param out the output
	 * @throws IOException if writing fails
	 */
	protected void writeState(DataOutputStream out) throws IOException {
	}

	/**
	 * Merges the family's own state of {@code source} into these messages; the default does nothing.
	 * @param source the merged messages
	 */
	protected void mergeState(M source) {
	}

	/**
	 * Releases the messages; later calls fail. Closing does not delete any file: use the committer's
	 * {@code abort} for that.
	 */
	@Override
	public void close() {
		this.closed = true;
	}

	@Override
	public String toString() {
		return "ArrowCommitMessages[" + family() + ", table=" + this.table + ", commitUser=" + this.commitUser
				+ ", overwrite=" + this.overwritePartition + ", messages=" + this.messages.size() + "]";
	}

}
