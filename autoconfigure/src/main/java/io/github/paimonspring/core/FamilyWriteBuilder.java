package io.github.paimonspring.core;

import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.postpone.PostponeFixedBucketCommitMessages;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.BucketPlan;
import io.github.paimonspring.write.CommitUsers;
import io.github.paimonspring.write.family.StandardWriteBuilder;
import io.github.paimonspring.write.family.WriteTarget;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ArrowWriteBuilder} of {@link PaimonWriter}: the standard write family, and from the first
 * fixed-bucket plan on the postpone fixed-bucket family, whose builders do the work. Commit user and
 * overwrite apply to both, so the switch keeps them.
 */
final class FamilyWriteBuilder implements ArrowWriteBuilder {

	private final WriteTarget target;

	private final int postponeDefaultBuckets;

	private final StandardWriteBuilder standard;

	private @Nullable PostponeFixedBucketWriteBuilder fixed;

	private boolean staticOverwrite;

	/**
	 * Creates the builder of a table with a random commit user.
	 * @param target the table
	 * @param postponeDefaultBuckets bucket count of new partitions in automatic plans, or 0 for the table's
	 */
	FamilyWriteBuilder(WriteTarget target, int postponeDefaultBuckets) {
		this.target = target;
		this.postponeDefaultBuckets = postponeDefaultBuckets;
		this.standard = new StandardWriteBuilder(target, CommitUsers.random());
	}

	@Override
	public String table() {
		return this.standard.table();
	}

	@Override
	public String commitUser() {
		return this.standard.commitUser();
	}

	@Override
	public boolean isOverwrite() {
		return this.standard.isOverwrite();
	}

	@Override
	public boolean isFixedBucket() {
		return this.fixed != null;
	}

	@Override
	public ArrowWriteBuilder withCommitUser(String commitUser) {
		CommitUsers.validate(table(), commitUser);
		this.standard.withCommitUser(commitUser);
		if (this.fixed != null) {
			this.fixed.withCommitUser(commitUser);
		}
		return this;
	}

	@Override
	public ArrowWriteBuilder withOverwrite() {
		this.standard.withOverwrite();
		this.staticOverwrite = false;
		if (this.fixed != null) {
			this.fixed.withOverwrite();
		}
		return this;
	}

	@Override
	public ArrowWriteBuilder withOverwrite(@Nullable Map<String, String> staticPartition) {
		if (staticPartition == null || staticPartition.isEmpty()) {
			return withOverwrite();
		}
		if (this.fixed != null) {
			throw staticOverwriteWithPlan();
		}
		this.standard.withOverwrite(staticPartition);
		this.staticOverwrite = true;
		return this;
	}

	@Override
	public ArrowWriteBuilder withTableFamily() {
		if (this.fixed == null && PostponeFixedBucketWriteBuilder.supports(this.target.table())) {
			fixed().withAutomaticBucketPlan();
		}
		return this;
	}

	@Override
	public @Nullable String invisibleUntilCompaction() {
		if (this.fixed != null) {
			return null;
		}
		if (PostponeFixedBucketWriteBuilder.supports(this.target.table())) {
			return "rows of " + table() + " written without a fixed-bucket plan go to bucket-postpone files, "
					+ "invisible to readers until a postpone compaction (withTableFamily() or withFixedBucketPlan() "
					+ "writes them into real buckets)";
		}
		return PostponeFixedBucketWriteBuilder.invisibleUntilCompaction(table(), this.target.table());
	}

	@Override
	public ArrowWriteBuilder withFixedBucketPlan() {
		fixed().withAutomaticBucketPlan();
		return this;
	}

	@Override
	public ArrowWriteBuilder withFixedBucketPlan(int defaultBuckets) {
		fixed().withAutomaticBucketPlan(defaultBuckets);
		return this;
	}

	@Override
	public ArrowWriteBuilder withFixedBucketPlan(BucketPlan plan) {
		fixed().withBucketPlan(plan);
		return this;
	}

	@Override
	public ArrowWriteBuilder withFixedBucketPlan(VectorSchemaRoot plan) {
		fixed().withBucketPlan(plan);
		return this;
	}

	@Override
	public ArrowTableWrite newWrite() {
		return (this.fixed != null) ? this.fixed.newWrite() : this.standard.newWrite();
	}

	@Override
	public ArrowTableCommit newCommit() {
		return (this.fixed != null) ? this.fixed.newCommit() : this.standard.newCommit();
	}

	/**
	 * Reads either family's messages, whichever this builder writes: the bytes tell which family wrote them
	 * ({@link ArrowCommitMessages#isFixedBucket()}). Reading does not change the family this builder writes.
	 */
	@Override
	public ArrowCommitMessages deserializeCommitMessages(byte[] bytes) {
		if (!PostponeFixedBucketCommitMessages.isSerializedForm(bytes)) {
			return this.standard.deserializeCommitMessages(bytes);
		}
		PostponeFixedBucketWriteBuilder fixed = this.fixed;
		PostponeFixedBucketWriteBuilder reader = (fixed != null) ? fixed
				: new PostponeFixedBucketWriteBuilder(this.target, this.standard.commitUser(),
						this.postponeDefaultBuckets);
		return reader.deserializeCommitMessages(bytes);
	}

	/** The fixed-bucket builder, created (and the table checked) the first time with this builder's settings. */
	private PostponeFixedBucketWriteBuilder fixed() {
		PostponeFixedBucketWriteBuilder builder = this.fixed;
		if (builder == null) {
			if (this.staticOverwrite) {
				throw staticOverwriteWithPlan();
			}
			builder = new PostponeFixedBucketWriteBuilder(this.target, this.standard.commitUser(),
					this.postponeDefaultBuckets);
			if (this.standard.isOverwrite()) {
				builder.withOverwrite();
			}
			this.fixed = builder;
		}
		return builder;
	}

	private PaimonArgumentException staticOverwriteWithPlan() {
		return new PaimonArgumentException(table(), "A fixed-bucket plan overwrites the partitions that receive data "
				+ "(withOverwrite()), not a static partition; table '" + table() + "' cannot have both. Overwrite "
				+ "without a static partition, or write the standard way, whose rows stay invisible until a postpone "
				+ "compaction: write(WriteRequest.into(table).withOverwrite(staticPartition).withStandardFamily(), "
				+ "batch)");
	}

	@Override
	public String toString() {
		return "ArrowWriteBuilder[table=" + table() + ", commitUser=" + commitUser() + ", overwrite=" + isOverwrite()
				+ ", fixedBucket=" + isFixedBucket() + "]";
	}

}
