package io.github.paimonspring.postpone;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.write.family.AbstractCommitMessages;
import io.github.paimonspring.write.family.WriteTarget;
import org.apache.paimon.table.sink.CommitMessage;
import org.jspecify.annotations.Nullable;

/**
 * Data files written into real buckets of a postpone ({@code bucket = -2}) table, waiting to be
 * committed by a {@link PostponeFixedBucketTableCommit} (see {@link AbstractCommitMessages} for the
 * contract). A separate type from the standard family's messages:
 * neither committer accepts the other's messages. The messages carry each partition's bucket count and
 * the snapshot the writer started from, used for conflict checks.
 */
public final class PostponeFixedBucketCommitMessages extends AbstractCommitMessages<PostponeFixedBucketCommitMessages> {

	/** The first four bytes of {@link #serialize()}'s output. */
	static final int MAGIC = 0x50464231; // "PFB1"

	private long checkFromSnapshot;

	PostponeFixedBucketCommitMessages(String table, String location, String commitUser,
			@Nullable Map<String, String> overwritePartition, List<CommitMessage> messages, long checkFromSnapshot) {
		super(table, location, commitUser, overwritePartition, messages);
		this.checkFromSnapshot = checkFromSnapshot;
	}

	/**
	 * Reads messages written by {@link #serialize()}; applications use
	 * {@code ArrowWriteBuilder.deserializeCommitMessages} of a builder with a fixed-bucket plan, through
	 * {@link PostponeFixedBucketWriteBuilder}.
	 * @param target the table the messages must be for
	 * @param bytes the serialized messages
	 * @return the messages
	 * @throws PaimonArgumentException if the bytes are not fixed-bucket messages of that table
	 */
	static PostponeFixedBucketCommitMessages deserialize(WriteTarget target, byte @Nullable [] bytes) {
		return deserialize(target.name(), target.location(), bytes, MAGIC, "postpone fixed-bucket",
				(table, location, user, overwrite, messages, state) -> new PostponeFixedBucketCommitMessages(table,
						location, user, overwrite, messages, state.readLong()));
	}

	/**
	 * Returns whether serialized messages are this family's (they start with its magic number).
	 * @param bytes the serialized messages
	 * @return {@code true} for fixed-bucket messages
	 */
	public static boolean isSerializedForm(byte @Nullable [] bytes) {
		return bytes != null && bytes.length >= Integer.BYTES
				&& ByteBuffer.wrap(bytes, 0, Integer.BYTES).getInt() == MAGIC;
	}

	@Override
	public boolean isFixedBucket() {
		return true;
	}

	/**
	 * Returns the snapshot the writers started from; commits after it are checked for conflicts.
	 * @return the snapshot id, 0 when the table had none
	 */
	public long checkFromSnapshot() {
		return this.checkFromSnapshot;
	}

	@Override
	protected String family() {
		return "fixed-bucket";
	}

	@Override
	protected int magic() {
		return MAGIC;
	}

	@Override
	protected PostponeFixedBucketCommitMessages self() {
		return this;
	}

	@Override
	protected void writeState(DataOutputStream out) throws IOException {
		out.writeLong(this.checkFromSnapshot);
	}

	@Override
	protected void mergeState(PostponeFixedBucketCommitMessages source) {
		this.checkFromSnapshot = Math.min(this.checkFromSnapshot, source.checkFromSnapshot);
	}

	/** The Paimon messages that carry files, for the commit checks. */
	List<CommitMessage> files() {
		return nonEmptyMessages();
	}

	@Override
	public String toString() {
		return super.toString() + "[checkFromSnapshot=" + this.checkFromSnapshot + "]";
	}

}
