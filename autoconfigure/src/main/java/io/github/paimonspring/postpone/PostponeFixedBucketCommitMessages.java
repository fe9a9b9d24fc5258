package io.github.paimonspring.postpone;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

import io.github.paimonspring.write.CommitMessages;
import io.github.paimonspring.write.PaimonArgumentException;
import org.apache.paimon.table.sink.CommitMessage;

/**
 * Data files written into real buckets of a postpone ({@code bucket = -2}) table, waiting to be
 * committed by a {@link PostponeFixedBucketTableCommit}. A separate type from the standard
 * {@link CommitMessages}: neither committer accepts the other's messages. The messages carry each
 * partition's bucket count and the snapshot the writer started from, used for conflict checks.
 */
public final class PostponeFixedBucketCommitMessages implements AutoCloseable {

	/** The first four bytes of {@link #serialize()}'s output. */
	public static final int MAGIC = 0x50464231; // "PFB1"

	private final CommitMessages messages;

	private long checkFromSnapshot;

	PostponeFixedBucketCommitMessages(CommitMessages messages, long checkFromSnapshot) {
		this.messages = messages;
		this.checkFromSnapshot = checkFromSnapshot;
	}

	/**
	 * Returns the table identifier the messages were prepared for.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.messages.table();
	}

	/**
	 * Returns the commit user the messages were prepared with.
	 * @return the commit user
	 */
	public String commitUser() {
		return this.messages.commitUser();
	}

	/**
	 * Returns whether the messages were prepared by an overwriting writer.
	 * @return {@code true} for overwrite mode
	 */
	public boolean isOverwrite() {
		return this.messages.isOverwrite();
	}

	/**
	 * Returns the Paimon commit messages; each carries the real bucket and its partition's bucket
	 * count ({@code totalBuckets}).
	 * @return an unmodifiable view of the messages
	 */
	public List<CommitMessage> messages() {
		return this.messages.messages();
	}

	/**
	 * Returns whether there is nothing to commit.
	 * @return {@code true} when no data files were prepared
	 */
	public boolean isEmpty() {
		return this.messages.isEmpty();
	}

	/**
	 * Returns the number of rows in the new data files.
	 * @return the row count
	 */
	public long rowCount() {
		return this.messages.rowCount();
	}

	/**
	 * Returns the names of all data files these messages add.
	 * @return the file names
	 */
	public java.util.Set<String> fileNames() {
		return this.messages.fileNames();
	}

	/**
	 * Returns the snapshot the writers started from; commits after it are checked for conflicts.
	 * @return the snapshot id, 0 when the table had none
	 */
	public long checkFromSnapshot() {
		return this.checkFromSnapshot;
	}

	/**
	 * Adds the messages of another writer of the same table, commit user and mode. Merging a message
	 * that is already present is a no-op.
	 * @param source the messages to add; unchanged and still usable afterwards
	 * @return these messages
	 * @throws PaimonArgumentException if the source is {@code null}, this same object, or from another
	 * table, commit user or mode
	 */
	public PostponeFixedBucketCommitMessages merge(PostponeFixedBucketCommitMessages source) {
		if (source == null) {
			throw new PaimonArgumentException(table(), "source messages must not be nil");
		}
		if (source == this) {
			throw new PaimonArgumentException(table(), "target and source commit messages must be distinct handles");
		}
		this.messages.merge(source.messages);
		this.checkFromSnapshot = Math.min(this.checkFromSnapshot, source.checkFromSnapshot);
		return this;
	}

	/**
	 * Serializes the messages for a committer in another process; read them with
	 * {@link io.github.paimonspring.write.PaimonWriter#deserializePostponeFixedBucketCommitMessages(String, byte[])}.
	 * @return the serialized messages
	 */
	public byte[] serialize() {
		try {
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			DataOutputStream out = new DataOutputStream(bytes);
			out.writeInt(MAGIC);
			out.writeLong(this.checkFromSnapshot);
			byte[] inner = this.messages.serialize();
			out.writeInt(inner.length);
			out.write(inner);
			out.flush();
			return bytes.toByteArray();
		}
		catch (IOException ex) {
			throw new PaimonArgumentException(table(), "Cannot serialize commit messages for table '" + table() + "'", ex);
		}
	}

	/**
	 * Reads serialized fixed-bucket messages; used by
	 * {@link io.github.paimonspring.write.PaimonWriter#deserializePostponeFixedBucketCommitMessages(String, byte[])}.
	 * @param table the table the messages must be for
	 * @param bytes the serialized messages
	 * @param inner reads the embedded standard messages
	 * @return the messages
	 */
	public static PostponeFixedBucketCommitMessages deserialize(String table, byte[] bytes,
			java.util.function.Function<byte[], CommitMessages> inner) {
		if (bytes == null || bytes.length < 16) {
			throw new PaimonArgumentException(table, "bytes are not serialized postpone fixed-bucket commit messages");
		}
		try {
			DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
			if (in.readInt() != MAGIC) {
				throw new PaimonArgumentException(table,
						"bytes are not serialized postpone fixed-bucket commit messages (bad magic number)");
			}
			long checkFrom = in.readLong();
			int length = in.readInt();
			if (length < 0 || length > bytes.length) {
				throw new PaimonArgumentException(table, "corrupt serialized commit messages (length " + length + ")");
			}
			byte[] data = new byte[length];
			in.readFully(data);
			return new PostponeFixedBucketCommitMessages(inner.apply(data), checkFrom);
		}
		catch (IOException ex) {
			throw new PaimonArgumentException(table, "Cannot deserialize commit messages for table '" + table + "'", ex);
		}
	}

	CommitMessages delegate() {
		return this.messages;
	}

	/**
	 * Releases the messages; closing never deletes files.
	 */
	@Override
	public void close() {
		this.messages.close();
	}

	@Override
	public String toString() {
		return "PostponeFixedBucketCommitMessages[" + this.messages + ", checkFromSnapshot=" + this.checkFromSnapshot + "]";
	}

}
