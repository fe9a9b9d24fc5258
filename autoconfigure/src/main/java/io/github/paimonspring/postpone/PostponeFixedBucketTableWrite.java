package io.github.paimonspring.postpone;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.write.family.AbstractTableWrite;
import io.github.paimonspring.write.family.WriteTarget;
import org.apache.paimon.table.PostponeUtils;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.jspecify.annotations.Nullable;

/**
 * Writes Arrow batches of a postpone ({@code bucket = -2}) table straight into real buckets, using
 * the bucket plan it was created with, so the rows are readable as soon as they are committed (see
 * {@link AbstractTableWrite} for the contract). A row whose partition is not in an explicit plan fails
 * its whole batch with a {@link BucketPlanException} before anything of it is written. Single-use:
 * after {@link #prepareCommit()} every call fails; create a new writer for the next batch.
 */
public final class PostponeFixedBucketTableWrite extends AbstractTableWrite<PostponeFixedBucketCommitMessages> {

	private final ResolvedBucketPlan plan;

	private @Nullable Long checkFromSnapshot;

	private volatile boolean prepared;

	PostponeFixedBucketTableWrite(WriteTarget target, String commitUser, @Nullable Map<String,
			String> overwritePartition,
			ResolvedBucketPlan plan) {
		super(target, commitUser, overwritePartition, PostponeUtils.tableForFixBucketWrite(target.table()),
				() -> new PostponeBucketRouter(target.name(), target.table(), plan), true);
		this.plan = plan;
	}

	/**
	 * Flushes the written rows into data files and returns their commit messages, each with its
	 * partition's bucket count. The writer is closed afterwards, whether this succeeds or not.
	 * @return the messages
	 */
	@Override
	public PostponeFixedBucketCommitMessages prepareCommit() {
		beforeWrite();
		this.prepared = true;
		try {
			List<CommitMessage> fixed = new ArrayList<>();
			for (CommitMessage message : prepareFiles()) {
				CommitMessageImpl impl = (CommitMessageImpl) message;
				fixed.add(new CommitMessageImpl(impl.partition(), impl.bucket(),
						this.plan.totalBuckets(impl.partition()),
						impl.newFilesIncrement(), impl.compactIncrement()));
			}
			return new PostponeFixedBucketCommitMessages(table(), target().location(), commitUser(),
					overwritePartition(), fixed, pinCheckFromSnapshot());
		}
		finally {
			super.close();
		}
	}

	/** Refuses a used writer and pins the snapshot the conflict checks start from. */
	@Override
	protected void beforeWrite() {
		if (this.prepared) {
			throw new PaimonStateException(table(), "ArrowTableWrite for table '" + table() + "' is closed: a writer "
					+ "with a fixed-bucket plan supports one prepareCommit call; create a new writer for the next "
					+ "batch");
		}
		pinCheckFromSnapshot();
	}

	private long pinCheckFromSnapshot() {
		Long pinned = this.checkFromSnapshot;
		if (pinned == null) {
			Long latest = target().table().snapshotManager().latestSnapshotIdFromFileSystem();
			pinned = (latest != null) ? latest : 0L;
			this.checkFromSnapshot = pinned;
		}
		return pinned;
	}

	/**
	 * Closes the writer and deletes data files that were not prepared. Idempotent.
	 */
	@Override
	public void close() {
		this.prepared = true;
		super.close();
	}

}
