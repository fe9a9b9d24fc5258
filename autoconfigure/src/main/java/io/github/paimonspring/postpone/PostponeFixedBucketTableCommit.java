package io.github.paimonspring.postpone;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.family.AbstractTableCommit;
import io.github.paimonspring.write.family.WriteTarget;
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

	PostponeFixedBucketTableCommit(WriteTarget target, String commitUser,
			@Nullable Map<String, String> overwritePartition) {
		super(target, commitUser, overwritePartition, PostponeFixedBucketCommitMessages.class, "fixed-bucket",
				PostponeUtils.tableForCommit(target.table()), (commit) -> commit.appendCommitCheckConflict(true));
		this.fileStoreTable = target.table();
	}

	/** Runs the fixed-bucket checks, then commits; an already committed identifier is never checked again. */
	@Override
	protected CommitResult commitChecked(PostponeFixedBucketCommitMessages messages, long identifier, boolean filter,
			Map<String, String> properties, CommitFence fence) {
		if (filter) {
			OptionalLong committed = committedSnapshot(identifier);
			if (committed.isPresent()) {
				return new CommitResult(0, false, committed.getAsLong());
			}
		}
		List<CommitMessage> files = messages.files();
		FixedBucketCommitValidator.validate(table(), this.fileStoreTable, files, overwrite(),
				messages.checkFromSnapshot());
		try {
			return commitFiles(files, messages.rowCount(), identifier, filter, properties, fence);
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
