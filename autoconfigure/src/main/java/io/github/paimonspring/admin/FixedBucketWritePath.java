package io.github.paimonspring.admin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

import io.github.paimonspring.postpone.BucketPlan;
import io.github.paimonspring.postpone.BucketPlanException;
import io.github.paimonspring.postpone.PostponeFixedBucketCommitMessages;
import io.github.paimonspring.postpone.PostponeFixedBucketTableCommit;
import io.github.paimonspring.postpone.PostponeFixedBucketTableWrite;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.PaimonWriter;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;

/**
 * The postpone fixed-bucket write path as a {@link WritePath}. Each {@link #open()} creates a new
 * single-use writer with the builder's plan.
 */
final class FixedBucketWritePath implements WritePath {

	private final PostponeFixedBucketWriteBuilder builder;

	private final PostponeFixedBucketTableCommit commit;

	FixedBucketWritePath(PostponeFixedBucketWriteBuilder builder) {
		this.builder = builder;
		this.commit = builder.newCommit();
	}

	/** The path for serialized messages: their commit user (unless overridden) and mode. */
	static FixedBucketWritePath forPrepared(PaimonWriter writer, String table, List<byte[]> payloads,
			@Nullable String commitUser,
			List<Prepared> out) {
		PostponeFixedBucketCommitMessages merged = null;
		for (byte[] payload : payloads) {
			PostponeFixedBucketCommitMessages messages = writer.deserializePostponeFixedBucketCommitMessages(table,
					payload);
			merged = (merged == null) ? messages : merged.merge(messages);
		}
		PostponeFixedBucketWriteBuilder builder = writer.newPostponeFixedBucketWriteBuilder(table,
				(commitUser != null) ? commitUser : merged.commitUser());
		if (merged.isOverwrite()) {
			builder.withOverwrite();
		}
		FixedBucketWritePath path = new FixedBucketWritePath(builder);
		out.add(path.prepared(merged));
		return path;
	}

	@Override
	public String mode() {
		return AdminTransaction.POSTPONE_FIXED_BUCKET;
	}

	@Override
	public OptionalLong committedSnapshot(long identifier) {
		return this.commit.committedSnapshot(identifier);
	}

	@Override
	public Writer open() {
		PostponeFixedBucketTableWrite write = this.builder.newWrite();
		return new Writer() {

			@Override
			public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
				return write.write(root, dictionaries);
			}

			@Override
			public Prepared prepare() {
				try {
					return prepared(write.prepareCommit());
				}
				finally {
					write.close();
				}
			}

			@Override
			public void close() {
				write.close();
			}

		};
	}

	private Prepared prepared(PostponeFixedBucketCommitMessages messages) {
		PostponeFixedBucketTableCommit commit = this.commit;
		return new Prepared() {

			@Override
			public CommitResult commit(@Nullable Long identifier, boolean filter) {
				if (identifier == null) {
					return commit.commit(messages);
				}
				return filter ? commit.filterAndCommitWithIdentifier(messages, identifier)
						: commit.commitWithIdentifier(messages, identifier);
			}

			@Override
			public int abort() {
				return commit.abort(messages);
			}

			@Override
			public Set<String> committedFiles() {
				return commit.committedFiles(messages);
			}

			@Override
			public Set<String> fileNames() {
				return messages.fileNames();
			}

			@Override
			public byte[] serialize() {
				return messages.serialize();
			}

		};
	}

	@Override
	public void close() {
		this.commit.close();
	}

	/** Sets the bucket plan of a transaction: automatic, or the explicit entries; refuses (422) an invalid plan. */
	static void applyPlan(String table, PostponeFixedBucketWriteBuilder builder,
			AdminModel.@Nullable BucketPlanRequest plan) {
		if (plan == null || plan.isAuto()) {
			builder.withAutomaticBucketPlan();
			return;
		}
		if (plan.invalid() != null) {
			throw new BucketPlanException(table, plan.invalid());
		}
		Map<Map<String, String>, Integer> counts = new LinkedHashMap<>();
		for (AdminModel.PlanEntry entry : plan.entries()) {
			counts.put(entry.partition(), entry.totalBuckets());
		}
		builder.withBucketPlan(BucketPlan.of(counts));
	}

}
