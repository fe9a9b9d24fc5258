package io.github.paimonspring.write;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The commit of the standard write family: commits, truncates and aborts {@link CommitMessages} for
 * one table, commit user and write mode (see {@link AbstractTableCommit} for the contract).
 */
public final class TableCommit extends AbstractTableCommit<CommitMessages> {

	TableCommit(WriteTarget target, String commitUser, @Nullable Map<String, String> overwritePartition) {
		super(target, commitUser, overwritePartition, CommitMessages.class, target.table(), null);
	}

}
