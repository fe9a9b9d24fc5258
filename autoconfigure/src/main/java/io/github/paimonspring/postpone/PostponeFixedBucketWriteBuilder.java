package io.github.paimonspring.postpone;

import java.util.Map;

import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.write.BucketPlan;
import io.github.paimonspring.write.family.AbstractWriteBuilder;
import io.github.paimonspring.write.family.WriteTarget;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.jspecify.annotations.Nullable;

/**
 * Builds writers and committers that write a postpone ({@code bucket = -2}) primary-key table straight
 * into real buckets, so rows are readable at once instead of after a Flink/Spark compaction. Bucket
 * counts per partition come from an explicit plan ({@link #withBucketPlan}) or from the table's
 * existing layout ({@link #withAutomaticBucketPlan}); rows are assigned to buckets with Paimon's own
 * bucket function. The implementation behind {@code ArrowWriteBuilder.withFixedBucketPlan}; applications
 * use that.
 */
public final class PostponeFixedBucketWriteBuilder extends
		AbstractWriteBuilder<PostponeFixedBucketTableWrite, PostponeFixedBucketCommitMessages,
				PostponeFixedBucketTableCommit> {

	private final String table;

	private final FileStoreTable fileStoreTable;

	private final int defaultBuckets;

	private @Nullable ResolvedBucketPlan plan;

	private boolean automatic;

	private int automaticDefault;

	/**
	 * Creates a builder and validates the table: a primary-key table with {@code bucket = -2} whose
	 * partition keys are part of the primary key.
	 * @param target the table
	 * @param commitUser the commit user (a safe file name segment)
	 * @param defaultBuckets bucket count of new partitions in automatic plans, or 0 for the table's
	 * {@code postpone.default-bucket-num}
	 * @throws UnsupportedTableException if the table is not such a table
	 */
	public PostponeFixedBucketWriteBuilder(WriteTarget target, String commitUser, int defaultBuckets) {
		super(target, commitUser);
		String table = target.name();
		FileStoreTable fileStoreTable = target.table();
		this.table = table;
		this.fileStoreTable = fileStoreTable;
		this.defaultBuckets = defaultBuckets;
		int bucket = fileStoreTable.coreOptions().bucket();
		if (bucket != BucketMode.POSTPONE_BUCKET || fileStoreTable.primaryKeys().isEmpty()) {
			throw new UnsupportedTableException(table,
					"Postpone fixed-bucket writes require a Paimon primary-key table with bucket=-2, but table '"
							+ table
							+ "' has bucket=" + bucket + (fileStoreTable.primaryKeys().isEmpty()
									? " and no primary key" : ""));
		}
		if (!fileStoreTable.primaryKeys().containsAll(fileStoreTable.partitionKeys())) {
			throw new UnsupportedTableException(table,
					"Postpone fixed-bucket writes do not support cross-partition updates"
					+ " (table '" + table + "': partition keys " + fileStoreTable.partitionKeys()
					+ " are not all in the primary key " + fileStoreTable.primaryKeys() + ")");
		}
	}

	/**
	 * Returns whether this family can write a table: a primary-key table with {@code bucket = -2}
	 * whose partition keys are part of the primary key, without deletion vectors.
	 * @param table the table
	 * @return {@code true} when the table can be written straight into real buckets
	 */
	public static boolean supports(FileStoreTable table) {
		return table.coreOptions().bucket() == BucketMode.POSTPONE_BUCKET && !table.primaryKeys().isEmpty()
				&& table.primaryKeys().containsAll(table.partitionKeys())
						&& !table.coreOptions().deletionVectorsEnabled();
	}

	/**
	 * Says why rows written into a table through the standard path stay invisible until a compaction:
	 * a {@code bucket = -2} primary-key table this family cannot write (partition keys outside the primary
	 * key, or deletion vectors) keeps them in {@code bucket-postpone} files.
	 * @param identifier the table identifier, for the message
	 * @param table the table
	 * @return the reason, or {@code null} when committed rows are readable at once (or this family
	 * writes the table)
	 */
	public static @Nullable String invisibleUntilCompaction(String identifier, FileStoreTable table) {
		if (supports(table) || table.coreOptions().bucket() != BucketMode.POSTPONE_BUCKET
				|| table.primaryKeys().isEmpty()) {
			return null;
		}
		boolean crossPartition = !table.primaryKeys().containsAll(table.partitionKeys());
		return "rows of " + identifier + " go to bucket-postpone files, invisible to readers until a postpone "
				+ "compaction (" + (crossPartition
						? "partition keys outside the primary key; compact it with Flink or Spark"
						: "deletion vectors; POST compact or the scheduled maintenance") + ")";
	}

	/**
	 * Sets the commit user of writers and committers created from now on.
	 * @param commitUser the commit user; must be a safe file name segment
	 * @return this builder
	 */
	public PostponeFixedBucketWriteBuilder withCommitUser(String commitUser) {
		commitUser(commitUser);
		return this;
	}

	/**
	 * Switches to overwrite: a commit replaces the partitions that receive data, including their
	 * {@code bucket-postpone} files, and may change their bucket count.
	 * @return this builder
	 */
	public PostponeFixedBucketWriteBuilder withOverwrite() {
		overwrite(Map.of());
		return this;
	}

	/**
	 * Sets the bucket plan from Arrow: the table's partition columns in partition-key order (with the
	 * table's Arrow types), then a non-null Int32 column {@code total_buckets}; an unpartitioned table's
	 * plan is just {@code total_buckets}. The last call wins; existing writers keep their plan. The
	 * caller keeps ownership of the Arrow data.
	 * @param plan the plan
	 * @return this builder
	 * @throws BucketPlanException if the plan is invalid
	 */
	public PostponeFixedBucketWriteBuilder withBucketPlan(VectorSchemaRoot plan) {
		this.plan = BucketPlans.fromArrow(this.table, this.fileStoreTable, plan);
		this.automatic = false;
		return this;
	}

	/**
	 * Sets the bucket plan from partition specs. The last call wins; existing writers keep their plan.
	 * @param plan the plan
	 * @return this builder
	 * @throws BucketPlanException if the plan is invalid
	 */
	public PostponeFixedBucketWriteBuilder withBucketPlan(BucketPlan plan) {
		this.plan = BucketPlans.fromJava(this.table, this.fileStoreTable, plan);
		this.automatic = false;
		return this;
	}

	/**
	 * Plans buckets automatically when a writer is created: partitions that already have real buckets
	 * keep their count; new partitions get the configured default, or the table's
	 * {@code postpone.default-bucket-num}.
	 * @return this builder
	 */
	public PostponeFixedBucketWriteBuilder withAutomaticBucketPlan() {
		return withAutomaticBucketPlan(0);
	}

	/**
	 * Plans buckets automatically, giving new partitions {@code defaultBuckets} buckets.
	 * @param defaultBuckets the bucket count of new partitions (positive), or 0 for the default
	 * @return this builder
	 */
	public PostponeFixedBucketWriteBuilder withAutomaticBucketPlan(int defaultBuckets) {
		if (defaultBuckets < 0) {
			throw new BucketPlanException(this.table, "default bucket count must be positive, got " + defaultBuckets);
		}
		this.automatic = true;
		this.automaticDefault = defaultBuckets;
		this.plan = null;
		return this;
	}

	/**
	 * Creates a single-use writer with this builder's commit user, mode and plan.
	 * @return a new writer
	 * @throws BucketPlanException if no plan was set ("bucket plan is required")
	 * @throws UnsupportedTableException if the table has deletion vectors enabled
	 */
	@Override
	public PostponeFixedBucketTableWrite newWrite() {
		if (this.fileStoreTable.coreOptions().deletionVectorsEnabled()) {
			throw new UnsupportedTableException(this.table, "Table '" + this.table
					+ "' cannot use postpone fixed-bucket writes with deletion-vectors.enabled=true because "
							+ "deletion-vector "
					+ "scans skip the level-0 files produced by batch writers; use the normal postpone writer or "
							+ "disable "
					+ "deletion vectors");
		}
		ResolvedBucketPlan writerPlan;
		if (this.automatic) {
			int fallback = (this.automaticDefault > 0) ? this.automaticDefault
					: (this.defaultBuckets > 0) ? this.defaultBuckets
							: Math.max(1, this.fileStoreTable.coreOptions().postponeDefaultBucketNum());
			writerPlan = BucketPlans.automatic(this.table, this.fileStoreTable, fallback);
		}
		else if (this.plan != null) {
			writerPlan = this.plan.copy();
		}
		else {
			throw new BucketPlanException(this.table,
					"A resolved postpone bucket plan is required for table '" + this.table
					+ "': call withFixedBucketPlan(...) first");
		}
		try {
			return new PostponeFixedBucketTableWrite(target(), commitUser(), overwritePartition(), writerPlan);
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			throw new UnsupportedTableException(this.table,
					"Cannot route rows of table '" + this.table + "' to buckets: " + ex.getMessage());
		}
	}

	@Override
	public PostponeFixedBucketTableCommit newCommit() {
		return new PostponeFixedBucketTableCommit(target(), commitUser(), overwritePartition());
	}

	@Override
	public PostponeFixedBucketCommitMessages deserializeCommitMessages(byte @Nullable [] bytes) {
		return PostponeFixedBucketCommitMessages.deserialize(target(), bytes);
	}

}
