package io.github.paimonspring.write;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
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

import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.CommitMessageSerializer;
import org.jspecify.annotations.Nullable;

/**
 * The data files one or more writers prepared for a table, waiting to be committed or aborted. It
 * remembers the table, commit user and write mode it was prepared with; a committer only accepts
 * messages that match its own. Messages stay valid after a failed commit so that it can be retried.
 */
public final class CommitMessages implements AutoCloseable {

	/** The first four bytes of {@link #serialize()}'s output. */
	public static final int MAGIC = 0x50534D31; // "PSM1"

	private static final int FORMAT_VERSION = 1;

	private final String table;

	private final String tableLocation;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final List<CommitMessage> messages;

	private volatile boolean closed;

	/**
	 * Creates messages; used by writer implementations (applications get them from
	 * {@link TableWrite#prepareCommit()}).
	 * @param table the table identifier
	 * @param tableLocation the table's location, used to check that a committer is for the same table
	 * @param commitUser the commit user
	 * @param overwritePartition {@code null} for append mode, empty for dynamic overwrite, or the static
	 * partition
	 * @param messages the Paimon commit messages
	 */
	public CommitMessages(String table, String tableLocation, String commitUser,
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
	public String table() {
		return this.table;
	}

	/**
	 * Returns the commit user the messages were prepared with.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.commitUser;
	}

	/**
	 * Returns whether the messages were prepared by an overwriting writer.
	 * @return {@code true} for overwrite mode
	 */
	public boolean isOverwrite() {
		return this.overwritePartition != null;
	}

	/**
	 * Returns the static partition of a static-partition overwrite.
	 * @return the partition spec; empty for a dynamic overwrite or append mode
	 */
	public Map<String, String> overwritePartition() {
		return (this.overwritePartition != null) ? this.overwritePartition : Map.of();
	}

	/**
	 * Returns the Paimon commit messages, one per partition and bucket.
	 * @return an unmodifiable view of the messages
	 */
	public List<CommitMessage> messages() {
		checkOpen();
		return Collections.unmodifiableList(this.messages);
	}

	/**
	 * Returns whether there is nothing to commit.
	 * @return {@code true} when no data files were prepared
	 */
	public boolean isEmpty() {
		checkOpen();
		return this.messages.stream().allMatch(CommitMessages::isEmptyMessage);
	}

	/**
	 * Returns the number of rows in the new data files.
	 * @return the row count of all new files
	 */
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
	public Set<String> fileNames() {
		checkOpen();
		Set<String> names = new HashSet<>();
		for (CommitMessage message : this.messages) {
			names.addAll(fileNames((CommitMessageImpl) message));
		}
		return names;
	}

	/**
	 * Adds the messages of {@code source} to these messages. Both must be for the same table, commit
	 * user and write mode. Merging a message that is already present is a no-op, so merging the same
	 * source twice does not duplicate files; a different message that claims an already present file is
	 * rejected.
	 * @param source the messages to add; unchanged and still usable afterwards
	 * @return these messages
	 * @throws PaimonArgumentException if the source is {@code null}, this same object, or from another
	 * table, commit user or mode
	 */
	public CommitMessages merge(CommitMessages source) {
		checkOpen();
		if (source == null) {
			throw new PaimonArgumentException(this.table, "source messages must not be nil");
		}
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
			throw new PaimonArgumentException(this.table, "commit messages can only be merged when overwrite modes match");
		}
		Set<String> present = fileNames();
		List<CommitMessage> toAdd = new ArrayList<>();
		for (CommitMessage message : source.messages) {
			if (this.messages.contains(message) || toAdd.contains(message)) {
				continue;
			}
			for (String file : fileNames((CommitMessageImpl) message)) {
				if (present.contains(file)) {
					throw new PaimonArgumentException(this.table, "commit messages for table '" + this.table
							+ "' contain data file '" + file + "' twice with different metadata (same file identity)");
				}
			}
			toAdd.add(message);
		}
		this.messages.addAll(toAdd);
		return this;
	}

	/**
	 * Serializes the messages so that another process can commit or abort them with
	 * {@link PaimonWriter#deserializeCommitMessages(String, byte[])}. The bytes carry the table, commit
	 * user, mode and Paimon's commit message serializer version.
	 * @return the serialized messages
	 */
	public byte[] serialize() {
		checkOpen();
		try {
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			DataOutputStream out = new DataOutputStream(bytes);
			out.writeInt(MAGIC);
			out.writeInt(FORMAT_VERSION);
			out.writeUTF(this.table);
			out.writeUTF(this.tableLocation);
			out.writeUTF(this.commitUser);
			out.writeBoolean(this.overwritePartition != null);
			if (this.overwritePartition != null) {
				out.writeInt(this.overwritePartition.size());
				for (Map.Entry<String, String> entry : this.overwritePartition.entrySet()) {
					out.writeUTF(entry.getKey());
					out.writeUTF(entry.getValue());
				}
			}
			CommitMessageSerializer serializer = new CommitMessageSerializer();
			out.writeInt(serializer.getVersion());
			out.writeInt(this.messages.size());
			for (CommitMessage message : this.messages) {
				byte[] data = serializer.serialize(message);
				out.writeInt(data.length);
				out.write(data);
			}
			out.flush();
			return bytes.toByteArray();
		}
		catch (IOException ex) {
			throw new PaimonArgumentException(this.table, "Cannot serialize commit messages for table '" + this.table + "'",
					ex);
		}
	}

	/**
	 * Reads messages written by {@link #serialize()}; applications use
	 * {@link PaimonWriter#deserializeCommitMessages(String, byte[])}.
	 * @param expectedTable the committer's table identifier
	 * @param expectedLocation the committer's table location; messages of another table are refused
	 * @param bytes the serialized messages
	 * @return the messages
	 */
	public static CommitMessages deserialize(String expectedTable, String expectedLocation, byte[] bytes) {
		if (bytes == null) {
			throw new PaimonArgumentException(expectedTable, "serialized commit messages must not be null");
		}
		try {
			DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
			if (bytes.length < 8 || in.readInt() != MAGIC) {
				throw new PaimonArgumentException(expectedTable,
						"bytes are not serialized commit messages of this starter (bad magic number)");
			}
			int format = in.readInt();
			if (format != FORMAT_VERSION) {
				throw new PaimonArgumentException(expectedTable,
						"unsupported serialized commit messages format version " + format + " (supported: "
								+ FORMAT_VERSION + ")");
			}
			String table = in.readUTF();
			String location = in.readUTF();
			String commitUser = in.readUTF();
			Map<String, String> overwrite = null;
			if (in.readBoolean()) {
				overwrite = new LinkedHashMap<>();
				int size = in.readInt();
				for (int i = 0; i < size; i++) {
					overwrite.put(in.readUTF(), in.readUTF());
				}
			}
			if (!location.equals(expectedLocation)) {
				throw new PaimonArgumentException(expectedTable, differentTable(table, expectedTable));
			}
			int version = in.readInt();
			int count = in.readInt();
			if (count < 0 || count > bytes.length) {
				throw new PaimonArgumentException(expectedTable, "corrupt serialized commit messages (count " + count + ")");
			}
			CommitMessageSerializer serializer = new CommitMessageSerializer();
			List<CommitMessage> messages = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				int length = in.readInt();
				if (length < 0 || length > bytes.length) {
					throw new PaimonArgumentException(expectedTable, "corrupt serialized commit messages (length " + length + ")");
				}
				byte[] data = new byte[length];
				in.readFully(data);
				messages.add(serializer.deserialize(version, data));
			}
			return new CommitMessages(table, location, commitUser, overwrite, messages);
		}
		catch (IOException | RuntimeException ex) {
			if (ex instanceof PaimonArgumentException pae) {
				throw pae;
			}
			throw new PaimonArgumentException(expectedTable,
					"Cannot deserialize commit messages for table '" + expectedTable + "': " + ex.getMessage(), ex);
		}
	}

	/**
	 * Checks that a committer may commit these messages: same table location, commit user and mode.
	 * @param committerTable the committer's table identifier, for messages
	 * @param location the committer's table location
	 * @param commitUser the committer's commit user
	 * @param overwritePartition the committer's mode ({@code null} for append)
	 * @throws PaimonArgumentException naming what differs
	 */
	public void checkProvenance(String committerTable, String location, String commitUser,
			@Nullable Map<String, String> overwritePartition) {
		checkOpen();
		if (!this.tableLocation.equals(location)) {
			throw new PaimonArgumentException(committerTable, differentTable(this.table, committerTable));
		}
		if (!this.commitUser.equals(commitUser)) {
			throw new PaimonArgumentException(committerTable, "commit messages were prepared with a different commit_user ('"
					+ this.commitUser + "', committer uses '" + commitUser + "')");
		}
		if (!Objects.equals(this.overwritePartition, overwritePartition)) {
			throw new PaimonArgumentException(committerTable, "commit messages were prepared with a different overwrite mode (messages: "
					+ mode(this.overwritePartition) + ", committer: " + mode(overwritePartition) + ")");
		}
	}

	/**
	 * The refusal of messages of another table. It names the tables only: locations are absolute
	 * paths or URIs of the warehouse and end up in HTTP problem details.
	 */
	private static String differentTable(String messageTable, String committerTable) {
		if (messageTable.equals(committerTable)) {
			return "commit messages were prepared for a different table (table '" + messageTable
					+ "' at another location: another warehouse, or the table was dropped and re-created)";
		}
		return "commit messages were prepared for a different table (message table '" + messageTable
				+ "', committer table '" + committerTable + "')";
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
	public List<CommitMessage> nonEmptyMessages() {
		checkOpen();
		List<CommitMessage> result = new ArrayList<>();
		for (CommitMessage message : this.messages) {
			if (!isEmptyMessage(message)) {
				result.add(message);
			}
		}
		return result;
	}

	static Set<String> fileNames(CommitMessageImpl message) {
		Set<String> names = new HashSet<>();
		message.newFilesIncrement().newFiles().forEach((f) -> names.add(f.fileName()));
		message.newFilesIncrement().changelogFiles().forEach((f) -> names.add(f.fileName()));
		message.compactIncrement().compactAfter().forEach((f) -> names.add(f.fileName()));
		message.compactIncrement().changelogFiles().forEach((f) -> names.add(f.fileName()));
		return names;
	}

	private static boolean isEmptyMessage(CommitMessage message) {
		return ((CommitMessageImpl) message).isEmpty();
	}

	private void checkOpen() {
		if (this.closed) {
			throw new PaimonStateException(this.table, "CommitMessages for table '" + this.table + "' are closed");
		}
	}

	/**
	 * Releases the messages; later calls fail. Closing does not delete any file: use
	 * {@link TableCommit#abort(CommitMessages)} for that.
	 */
	@Override
	public void close() {
		this.closed = true;
	}

	@Override
	public String toString() {
		return "CommitMessages[table=" + this.table + ", commitUser=" + this.commitUser + ", overwrite="
				+ this.overwritePartition + ", messages=" + this.messages.size() + "]";
	}

}
