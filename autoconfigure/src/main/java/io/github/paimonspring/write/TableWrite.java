package io.github.paimonspring.write;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The writer of the standard write family (see {@link AbstractTableWrite} for the contract). It can
 * be reused after {@link #prepareCommit()}; the next round continues the sequence numbers of the
 * previous one.
 */
public final class TableWrite extends AbstractTableWrite<CommitMessages> {

	TableWrite(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition) {
		super(target, commitUser, overwritePartition, target.table(), null, false);
	}

	/**
	 * Flushes everything written since the last call into data files and returns their commit messages.
	 * The writer stays usable for the next round.
	 * @return the messages to commit (empty when nothing was written)
	 */
	@Override
	public CommitMessages prepareCommit() {
		return new CommitMessages(table(), target().location(), commitUser(), overwritePartition(), prepareFiles());
	}

}
