package io.github.paimonspring.postpone;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.paimonspring.write.AbstractTableCommit;
import io.github.paimonspring.write.CommitMessages;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.PaimonCommitException;
import io.github.paimonspring.write.TableCommitter;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.PostponeUtils;
import org.apache.paimon.table.sink.CommitMessage;
import org.jspecify.annotations.Nullable;

/**
 * Commits fixed-bucket messages of a postpone table through Paimon's commit path for postpone tables
 * with append conflict checks, after the fixed-bucket checks (one writer per partition and bucket,
 * one bucket count per partition, no mixing with {@code bucket-postpone} files, no concurrent commit
 * into the owned partitions). In overwrite mode a partition may change its bucket count and
 * {@code bucket-postpone} files are replaced. Only messages of the same table, commit user and mode are
 * accepted.
 */
public final class PostponeFixedBucketTableCommit extends AbstractTableCommit<PostponeFixedBucketCommitMessages> {

	private final FileStoreTable fileStoreTable;

	PostponeFixedBucketTableCommit(String table, FileStoreTable fileStoreTable, String commitUser,
			@Nullable Map<String, String> overwritePartition) {
		super(table, fileStoreTable.location().toString(), commitUser, overwritePartition,
				new TableCommitter(table, fileStoreTable, PostponeUtils.tableForCommit(fileStoreTable), commitUser,
						overwritePartition, (commit) -> commit.appendCommitCheckConflict(true)));
		this.fileStoreTable = fileStoreTable;
	}

	// the typed overrides keep each family's signatures visible at run time (reflection, bridges):
	// a raw call with another family's messages fails instead of reaching the committer

	@Override
	public CommitResult commit(PostponeFixedBucketCommitMessages messages) {
		return super.commit(messages);
	}

	@Override
	public CommitResult commitWithIdentifier(PostponeFixedBucketCommitMessages messages, long identifier) {
		return super.commitWithIdentifier(messages, identifier);
	}

	@Override
	public CommitResult filterAndCommitWithIdentifier(PostponeFixedBucketCommitMessages messages, long identifier) {
		return super.filterAndCommitWithIdentifier(messages, identifier);
	}

	@Override
	public Set<String> committedFiles(PostponeFixedBucketCommitMessages messages) {
		return super.committedFiles(messages);
	}

	@Override
	public int abort(PostponeFixedBucketCommitMessages messages) {
		return super.abort(messages);
	}

	@Override
	protected CommitMessages commitMessages(PostponeFixedBucketCommitMessages messages) {
		return messages.delegate();
	}

	/** Runs the fixed-bucket checks, then commits; an already committed identifier is never checked again. */
	@Override
	protected CommitResult commitChecked(PostponeFixedBucketCommitMessages messages, long identifier, boolean filter) {
		if (filter) {
			Long committed = committer().committedSnapshot(identifier);
			if (committed != null) {
				return new CommitResult(false, committed, 0);
			}
		}
		List<CommitMessage> files = messages.delegate().nonEmptyMessages();
		FixedBucketCommitValidator.validate(table(), this.fileStoreTable, files, overwrite(), messages.checkFromSnapshot());
		try {
			return committer().commit(files, messages.rowCount(), identifier, filter);
		}
		catch (PaimonCommitException ex) {
			if (String.valueOf(ex.getMessage()).contains("Total buckets of partition")) {
				throw new FixedBucketConflictException(table(),
						"Fixed-bucket conflict: " + ex.getMessage() + " (table '" + table() + "')");
			}
			throw ex;
		}
	}

}
