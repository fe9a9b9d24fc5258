package io.github.paimonspring.write;

import java.util.Map;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * Builds the writers and committers of one table: the first step of this starter's write model,
 * {@code ArrowWriteBuilder} → {@link ArrowTableWrite} → {@link ArrowCommitMessages} →
 * {@link ArrowTableCommit}, Paimon's own steps ({@code WriteBuilder}, {@code TableWrite},
 * {@code CommitMessage}, {@code TableCommit}) with Arrow batches in. Obtain one from
 * {@code PaimonOperations.newWriteBuilder(table)}.
 * <p>
 * A builder writes the standard way by default: append, or overwrite, into any Paimon append or
 * primary-key table this starter writes. With a <em>fixed-bucket plan</em> ({@link #withFixedBucketPlan})
 * it writes a postpone ({@code bucket = -2}) primary-key table straight into real buckets, so rows are
 * readable at once instead of after a Flink/Spark compaction; bucket counts per partition come from the
 * plan, rows are assigned to buckets with Paimon's own bucket function. The settings apply to the
 * writers and committers created from then on (existing ones keep theirs); overwrite cannot be turned off
 * again. Messages are committed only by a committer of the same table, commit user, mode and kind (standard
 * or fixed-bucket); others are refused with a {@code PaimonArgumentException} before anything is committed.
 * Not thread-safe: configure it on one thread, then use its writers and committers.
 *
 * @since 0.1.0
 */
public interface ArrowWriteBuilder {

	/**
	 * Returns the table identifier.
	 * @return the identifier, {@code db.table}
	 */
	String table();

	/**
	 * Returns the commit user shared by the writers and committers of this builder: a random one unless
	 * {@link #withCommitUser} set one.
	 * @return the commit user
	 */
	String commitUser();

	/**
	 * Returns whether writers and committers created from now on overwrite.
	 * @return {@code true} in overwrite mode
	 */
	boolean isOverwrite();

	/**
	 * Returns whether writers created from now on write into real buckets with a fixed-bucket plan.
	 * @return {@code true} after {@link #withFixedBucketPlan}
	 */
	boolean isFixedBucket();

	/**
	 * Sets a stable commit user, for idempotent retries across restarts and for merging the messages of
	 * several writers.
	 * @param commitUser the commit user; must be a safe file name segment
	 * @return this builder
	 * @throws io.github.paimonspring.PaimonArgumentException if the commit user is not a safe file name
	 * segment
	 */
	ArrowWriteBuilder withCommitUser(String commitUser);

	/**
	 * Switches to dynamic-partition overwrite: a commit replaces only the partitions that receive data
	 * (with a fixed-bucket plan including their {@code bucket-postpone} files, and it may change their
	 * bucket count); an unpartitioned table is replaced as a whole.
	 * @return this builder
	 */
	ArrowWriteBuilder withOverwrite();

	/**
	 * Switches to static-partition overwrite: a commit replaces the given partition (a partial spec
	 * matches every partition with those values), and all written rows must belong to it. {@code null}
	 * or empty is a dynamic overwrite.
	 * @param staticPartition partition keys and values
	 * @return this builder
	 * @throws io.github.paimonspring.PaimonArgumentException if a key is not a partition key, or the
	 * builder has a fixed-bucket plan (which overwrites dynamically only)
	 */
	ArrowWriteBuilder withOverwrite(@Nullable Map<String, String> staticPartition);

	/**
	 * Writes the table the way the group commit ({@code ingest}, channels) and the admin API's uploads write it,
	 * the one choice of write family they all make: a postpone ({@code bucket = -2}) primary-key table that the
	 * fixed-bucket family can write (its partition keys are part of the primary key, no deletion vectors) with an
	 * automatic fixed-bucket plan ({@link #withFixedBucketPlan()}), straight into real buckets and readable once
	 * committed; any other table the standard way. {@code PaimonOperations.write}, {@code overwrite} and
	 * {@code execute(table, callback)} write so; a builder without this call (or a plan) writes the standard way.
	 * @return this builder
	 * @since 0.1.0
	 */
	ArrowWriteBuilder withTableFamily();

	/**
	 * Why rows this builder writes stay invisible to readers until a compaction: it writes a postpone
	 * ({@code bucket = -2}) primary-key table the standard way, into {@code bucket-postpone} files.
	 * @return the reason and what compacts the table, or {@code null} when committed rows are readable at once
	 * @since 0.1.0
	 */
	@Nullable String invisibleUntilCompaction();

	/**
	 * Writes a postpone ({@code bucket = -2}) primary-key table straight into real buckets with an
	 * automatic plan: partitions that already have real buckets keep their count; new partitions get the
	 * configured default ({@code paimon.write.postpone-default-buckets}), or the table's
	 * {@code postpone.default-bucket-num}. The plan is made when a writer is created.
	 * @return this builder
	 * @throws io.github.paimonspring.UnsupportedTableException if the table is not a postpone primary-key
	 * table, or has partition keys outside the primary key
	 */
	ArrowWriteBuilder withFixedBucketPlan();

	/**
	 * Like {@link #withFixedBucketPlan()}, giving new partitions {@code defaultBuckets} buckets.
	 * @param defaultBuckets the bucket count of new partitions (positive), or 0 for the default
	 * @return this builder
	 * @throws io.github.paimonspring.UnsupportedTableException if the table is not a postpone primary-key
	 * table
	 */
	ArrowWriteBuilder withFixedBucketPlan(int defaultBuckets);

	/**
	 * Writes a postpone ({@code bucket = -2}) primary-key table straight into real buckets with an
	 * explicit plan: a row whose partition is not in it fails its batch (a {@code BucketPlanException})
	 * before anything of the batch is written. The last plan set wins.
	 * @param plan the bucket count of every partition written
	 * @return this builder
	 * @throws io.github.paimonspring.UnsupportedTableException if the table is not a postpone primary-key
	 * table
	 */
	ArrowWriteBuilder withFixedBucketPlan(BucketPlan plan);

	/**
	 * Like {@link #withFixedBucketPlan(BucketPlan)}, with the plan as Arrow: the table's partition columns
	 * in partition-key order (with the table's Arrow types), then a non-null Int32 column
	 * {@code total_buckets}; an unpartitioned table's plan is just {@code total_buckets}. The caller keeps
	 * ownership of the Arrow data.
	 * @param plan the plan
	 * @return this builder
	 * @throws io.github.paimonspring.UnsupportedTableException if the table is not a postpone primary-key
	 * table
	 */
	ArrowWriteBuilder withFixedBucketPlan(VectorSchemaRoot plan);

	/**
	 * Creates a writer with this builder's commit user, mode and plan.
	 * @return a new writer; close it when done
	 * @throws io.github.paimonspring.UnsupportedTableException if the table cannot be written this way
	 */
	ArrowTableWrite newWrite();

	/**
	 * Creates a committer with this builder's commit user and mode, for the messages of its writers.
	 * @return a new committer; close it when done
	 */
	ArrowTableCommit newCommit();

	/**
	 * Reads commit messages serialized by {@link ArrowCommitMessages#serialize()}, possibly in another
	 * process, of either family: the messages say which wrote them ({@link ArrowCommitMessages#isFixedBucket()}),
	 * and a committer of a builder of that family commits or aborts them (standard messages: a builder
	 * without a fixed-bucket plan; fixed-bucket ones: a builder with one, whose plan does not matter for
	 * committing). Reading does not change what this builder writes.
	 * @param bytes the serialized messages
	 * @return the messages
	 * @throws io.github.paimonspring.PaimonArgumentException if the bytes are not commit messages of this
	 * table
	 */
	ArrowCommitMessages deserializeCommitMessages(byte[] bytes);

}
