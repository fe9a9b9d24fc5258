package io.github.paimonspring.write;

import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The commit of the standard write family: commits, truncates and aborts {@link CommitMessages} for
 * one table, commit user and write mode (see {@link AbstractTableCommit} for the contract).
 */
public final class TableCommit extends AbstractTableCommit<CommitMessages> {

	TableCommit(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition) {
		super(target.name(), target.location(), commitUser, overwritePartition, new TableCommitter(target.name(),
				target.table(), target.table(), commitUser, overwritePartition, null));
	}

	// the typed overrides keep each family's signatures visible at run time (reflection, bridges):
	// a raw call with another family's messages fails instead of reaching the committer

	@Override
	public CommitResult commit(CommitMessages messages) {
		return super.commit(messages);
	}

	@Override
	public CommitResult commitWithIdentifier(CommitMessages messages, long identifier) {
		return super.commitWithIdentifier(messages, identifier);
	}

	@Override
	public CommitResult filterAndCommitWithIdentifier(CommitMessages messages, long identifier) {
		return super.filterAndCommitWithIdentifier(messages, identifier);
	}

	@Override
	public Set<String> committedFiles(CommitMessages messages) {
		return super.committedFiles(messages);
	}

	@Override
	public int abort(CommitMessages messages) {
		return super.abort(messages);
	}

	@Override
	protected CommitMessages commitMessages(CommitMessages messages) {
		return messages;
	}

}
