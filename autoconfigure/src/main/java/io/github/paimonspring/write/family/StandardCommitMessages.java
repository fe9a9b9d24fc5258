package io.github.paimonspring.write.family;

import java.util.List;
import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.jspecify.annotations.Nullable;

/**
 * The data files standard writers ({@link StandardTableWrite}) prepared for a table, waiting to be
 * committed or aborted by a {@link StandardTableCommit} of the same table, commit user and write mode (see
 * {@link AbstractCommitMessages} for the contract). Messages stay valid after a failed commit so that
 * it can be retried.
 */
final class StandardCommitMessages extends AbstractCommitMessages<StandardCommitMessages> {

	/** The first four bytes of {@link #serialize()}'s output. */
	static final int MAGIC = 0x50534D31; // "PSM1"

	StandardCommitMessages(String table, String tableLocation, String commitUser,
			@Nullable Map<String, String> overwritePartition, List<CommitMessage> messages) {
		super(table, tableLocation, commitUser, overwritePartition, messages);
	}

	/**
	 * Reads messages written by {@link #serialize()}; applications use
	 * {@link ArrowWriteBuilder#deserializeCommitMessages}, through {@link StandardWriteBuilder}.
	 * @param target the table the messages must be for
	 * @param bytes the serialized messages
	 * @return the messages
	 * @throws PaimonArgumentException if the bytes are not standard commit messages of that table
	 */
	static StandardCommitMessages deserialize(WriteTarget target, byte @Nullable [] bytes) {
		return deserialize(target.name(), target.location(), bytes, MAGIC, "standard",
				(table, location, user, overwrite, messages, state) -> new StandardCommitMessages(table, location, user,
						overwrite, messages));
	}

	@Override
	protected String family() {
		return "standard";
	}

	@Override
	public boolean isFixedBucket() {
		return false;
	}

	@Override
	protected int magic() {
		return MAGIC;
	}

	@Override
	protected StandardCommitMessages self() {
		return this;
	}

}
