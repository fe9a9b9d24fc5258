package io.github.paimonspring.write.family;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The writer of the standard write family (see {@link AbstractTableWrite} for the contract). It can
 * be reused after {@link #prepareCommit()}; the next round continues the sequence numbers of the
 * previous one.
 */
final class StandardTableWrite extends AbstractTableWrite<StandardCommitMessages> {

	StandardTableWrite(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition) {
		super(target, commitUser, overwritePartition, target.table(), null, false);
	}

	/**
	 * Flushes everything written since the last call into data files and returns their commit messages.
	 * The writer stays usable for the next round.
	 * @return the messages to commit (empty when nothing was written)
	 */
	@Override
	public StandardCommitMessages prepareCommit() {
		return new StandardCommitMessages(table(), target().location(), commitUser(), overwritePartition(),
				prepareFiles());
	}

}
