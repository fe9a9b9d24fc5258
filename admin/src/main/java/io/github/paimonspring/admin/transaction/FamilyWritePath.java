package io.github.paimonspring.admin.transaction;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;

/**
 * A {@link WritePath} over a write builder's builder → write → messages → commit, so that the admin
 * service drives the standard and the fixed-bucket write with the same code. Each {@link #open()}
 * creates a new writer from the builder.
 */
public final class FamilyWritePath implements WritePath {

	private final String mode;

	private final ArrowWriteBuilder builder;

	private final ArrowTableCommit commit;

	/**
	 * Creates the write path over a builder.
	 * @param mode the transaction mode it serves
	 * @param builder the write builder
	 */
	public FamilyWritePath(String mode, ArrowWriteBuilder builder) {
		this.mode = mode;
		this.builder = builder;
		this.commit = builder.newCommit();
	}

	/**
	 * The path for serialized messages: their family (as the messages tell it), their commit user unless
	 * overridden, and their mode.
	 * @param operations the operations to create the builder from
	 * @param table the table identifier
	 * @param payloads the serialized messages, all of one family
	 * @param commitUser the commit user to commit with, or {@code null} for the messages' own
	 * @param out receives the merged messages, ready to commit
	 * @return the path; close it when done
	 */
	static WritePath forPrepared(PaimonOperations operations, String table, List<byte[]> payloads,
			@Nullable String commitUser, List<Prepared> out) {
		ArrowWriteBuilder reader = operations.newWriteBuilder(table);
		ArrowCommitMessages merged = null;
		for (byte[] payload : payloads) {
			ArrowCommitMessages messages = reader.deserializeCommitMessages(payload);
			if (merged != null && messages.isFixedBucket() != merged.isFixedBucket()) {
				throw new PaimonArgumentException(table,
						"preparedCommits mix standard and postpone fixed-bucket transactions; commit them separately");
			}
			merged = (merged == null) ? messages : merged.merge(messages);
		}
		if (merged == null) {
			throw new IllegalArgumentException("no prepared commits");
		}
		boolean fixedBucket = merged.isFixedBucket();
		ArrowWriteBuilder builder = operations.newWriteBuilder(table)
			.withCommitUser((commitUser != null) ? commitUser : merged.commitUser());
		if (merged.isOverwrite()) {
			builder.withOverwrite(merged.overwritePartition());
		}
		if (fixedBucket) {
			builder.withFixedBucketPlan();
		}
		FamilyWritePath path = new FamilyWritePath(
				fixedBucket ? AdminTransaction.POSTPONE_FIXED_BUCKET : AdminTransaction.STANDARD, builder);
		out.add(path.prepared(merged));
		return path;
	}

	@Override
	public String mode() {
		return this.mode;
	}

	@Override
	public OptionalLong committedSnapshot(long identifier) {
		return this.commit.committedSnapshot(identifier);
	}

	@Override
	public Writer open() {
		ArrowTableWrite write = this.builder.newWrite();
		return new Writer() {

			@Override
			public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
				return write.write(root, dictionaries);
			}

			@Override
			public long writeAhead(VectorSchemaRoot root, DictionaryProvider dictionaries) {
				return (dictionaries == null || dictionaries.getDictionaryIds().isEmpty())
						? write.transferAndWrite(root)
						: write.write(root, dictionaries);
			}

			@Override
			public void drain() {
				write.awaitTransferred();
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

	private Prepared prepared(ArrowCommitMessages messages) {
		ArrowTableCommit commit = this.commit;
		return new Prepared() {

			@Override
			public CommitResult commit(@Nullable Long identifier, boolean filter) {
				if (identifier == null) {
					return commit.commit(messages);
				}
				return filter ? commit.filterAndCommit(identifier, messages) : commit.commit(identifier, messages);
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

}
