package io.github.paimonspring.write.family;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The commit of the standard write family: commits, truncates and aborts {@link StandardCommitMessages}
 * for one table, commit user and write mode (see {@link AbstractTableCommit} for the contract).
 */
final class StandardTableCommit extends AbstractTableCommit<StandardCommitMessages> {

	StandardTableCommit(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition) {
		super(target, commitUser, overwritePartition, StandardCommitMessages.class, "standard", target.table(), null);
	}

}
