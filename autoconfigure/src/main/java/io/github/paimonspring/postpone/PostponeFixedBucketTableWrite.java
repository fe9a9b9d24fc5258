package io.github.paimonspring.postpone;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.write.CommitMessages;
import io.github.paimonspring.write.LaneWriter;
import io.github.paimonspring.write.PaimonStateException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.PostponeUtils;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.jspecify.annotations.Nullable;

/**
 * Writes Arrow batches of a postpone ({@code bucket = -2}) table straight into real buckets, using
 * the bucket plan it was created with, so the rows are readable as soon as they are committed.
 * Single-use: after {@link #prepareCommit()} every call fails; create a new writer for the next batch.
 * Belongs to one thread. Closing it discards data that was not prepared.
 */
public final class PostponeFixedBucketTableWrite implements AutoCloseable {

	private final String table;

	private final FileStoreTable fileStoreTable;

	private final String location;

	private final String commitUser;

	private final @Nullable Map<String, String> overwritePartition;

	private final ResolvedBucketPlan plan;

	private final LaneWriter lanes;

	private @Nullable Long checkFromSnapshot;

	private volatile boolean prepared;

	PostponeFixedBucketTableWrite(String table, FileStoreTable fileStoreTable, String commitUser,
			@Nullable Map<String, String> overwritePartition, ResolvedBucketPlan plan, Path spillDirectory,
			int parallelism) {
		this.table = table;
		this.fileStoreTable = fileStoreTable;
		this.location = fileStoreTable.location().toString();
		this.commitUser = commitUser;
		this.overwritePartition = overwritePartition;
		this.plan = plan;
		FileStoreTable writeTable = LaneWriter.sizedForHeap(PostponeUtils.tableForFixBucketWrite(fileStoreTable),
				parallelism);
		this.lanes = new LaneWriter(table, "PostponeFixedBucketTableWrite", writeTable, commitUser,
				overwritePartition != null, spillDirectory, parallelism,
				() -> new PostponeBucketRouter(table, fileStoreTable, plan),
				(write) -> write.getWrite().withIgnoreNumBucketCheck(true));
	}

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	public String table() {
		return this.table;
	}

	/**
	 * Returns the number of rows written.
	 * @return the row count
	 */
	public long totalRows() {
		return this.lanes.totalRows();
	}

	/**
	 * Writes one Arrow batch; the whole batch is validated and routed before any row is written.
	 * @param root the batch; the caller keeps ownership
	 * @return the number of rows written
	 * @throws ArrowDataException if the batch does not match the table
	 * @throws BucketPlanException if a row's partition is not in the plan (nothing of the batch is
	 * written)
	 */
	public long write(VectorSchemaRoot root) {
		return write(root, null);
	}

	/**
	 * Writes one Arrow batch with dictionary-encoded columns.
	 * @param root the batch; the caller keeps ownership
	 * @param dictionaries the dictionaries of encoded columns, or {@code null}
	 * @return the number of rows written
	 */
	public long write(VectorSchemaRoot root, @Nullable DictionaryProvider dictionaries) {
		checkNotPrepared();
		pin();
		return this.lanes.write(root, dictionaries);
	}

	/**
	 * Writes every batch of an Arrow stream.
	 * @param reader the stream; the caller closes it
	 * @return the number of rows written
	 */
	public long write(ArrowReader reader) {
		checkNotPrepared();
		pin();
		return this.lanes.write(reader);
	}

	/**
	 * Flushes the written rows into data files and returns their commit messages, each with its
	 * partition's bucket count. The writer is closed afterwards, whether this succeeds or not.
	 * @return the messages
	 */
	public PostponeFixedBucketCommitMessages prepareCommit() {
		checkNotPrepared();
		pin();
		this.prepared = true;
		try {
			List<CommitMessage> fixed = new ArrayList<>();
			for (CommitMessage message : this.lanes.prepareCommit()) {
				CommitMessageImpl impl = (CommitMessageImpl) message;
				fixed.add(new CommitMessageImpl(impl.partition(), impl.bucket(), this.plan.totalBuckets(impl.partition()),
						impl.newFilesIncrement(), impl.compactIncrement()));
			}
			CommitMessages messages = new CommitMessages(this.table, this.location, this.commitUser,
					this.overwritePartition, fixed);
			return new PostponeFixedBucketCommitMessages(messages, this.checkFromSnapshot);
		}
		finally {
			this.lanes.close();
		}
	}

	private void pin() {
		if (this.checkFromSnapshot == null) {
			Long latest = this.fileStoreTable.snapshotManager().latestSnapshotIdFromFileSystem();
			this.checkFromSnapshot = (latest != null) ? latest : 0L;
		}
	}

	private void checkNotPrepared() {
		if (this.prepared) {
			throw new PaimonStateException(this.table, "PostponeFixedBucketTableWrite for table '" + this.table
					+ "' is closed: it supports one prepareCommit call; create a new writer for the next batch");
		}
	}

	/**
	 * Closes the writer and deletes data files that were not prepared. Idempotent.
	 */
	@Override
	public void close() {
		this.prepared = true;
		this.lanes.close();
	}

}
