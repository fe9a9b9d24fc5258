package io.github.paimonspring.admin.transaction;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.postpone.PostponeFixedBucketCommitMessages;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.AbstractCommitMessages;
import io.github.paimonspring.write.AbstractTableCommit;
import io.github.paimonspring.write.AbstractTableWrite;
import io.github.paimonspring.write.AbstractWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.WriteBuilder;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;

/**
 * A {@link WritePath} over any write family's builder → write → messages → commit, so that the admin
 * service drives the standard and the postpone fixed-bucket family with the same code. Each
 * {@link #open()} creates a new writer from the builder.
 *
 * @param <M> the family's commit messages
 */
public final class FamilyWritePath<M extends AbstractCommitMessages<M>> implements WritePath {

	private final String mode;

	private final AbstractWriteBuilder<? extends AbstractTableWrite<M>, M, ? extends AbstractTableCommit<M>> builder;

	private final AbstractTableCommit<M> commit;

	/**
	 * Creates the write path over a family's builder.
	 * @param mode the transaction mode it serves
	 * @param builder the family's write builder
	 */
	public FamilyWritePath(String mode,
			AbstractWriteBuilder<? extends AbstractTableWrite<M>, M, ? extends AbstractTableCommit<M>> builder) {
		this.mode = mode;
		this.builder = builder;
		this.commit = builder.newCommit();
	}

	/**
	 * The path for serialized messages: their family (by magic number), their commit user unless
	 * overridden, and their mode.
	 * @param operations the operations to deserialize with and create builders from
	 * @param table the table identifier
	 * @param magic the magic number of the first payload
	 * @param payloads the serialized messages
	 * @param commitUser the commit user to commit with, or {@code null} for the messages' own
	 * @param out receives the merged messages, ready to commit
	 * @return the path; close it when done
	 */
	static WritePath forPrepared(PaimonOperations operations, String table, int magic, List<byte[]> payloads,
			@Nullable String commitUser, List<Prepared> out) {
		if (magic == PostponeFixedBucketCommitMessages.MAGIC) {
			return forPrepared(AdminTransaction.POSTPONE_FIXED_BUCKET, payloads,
					(bytes) -> operations.deserializePostponeFixedBucketCommitMessages(table, bytes), (messages) -> {
						PostponeFixedBucketWriteBuilder builder = operations.newPostponeFixedBucketWriteBuilder(table,
								(commitUser != null) ? commitUser : messages.commitUser());
						return messages.isOverwrite() ? builder.withOverwrite() : builder;
					}, out);
		}
		return forPrepared(AdminTransaction.STANDARD, payloads, (bytes) -> operations.deserializeCommitMessages(table, bytes),
				(messages) -> {
					WriteBuilder builder = operations.newWriteBuilder(table,
							(commitUser != null) ? commitUser : messages.commitUser());
					return messages.isOverwrite() ? builder.withOverwrite(messages.overwritePartition()) : builder;
				}, out);
	}

	/**
	 * The path for serialized messages of one family: merges them, then creates the builder for the
	 * merged messages (their commit user unless overridden, and their mode).
	 * @param mode the mode name
	 * @param payloads the serialized messages
	 * @param deserialize reads one payload
	 * @param builderFor creates the builder for the merged messages
	 * @param out receives the merged messages, ready to commit
	 * @return the path; close it when done
	 */
	private static <M extends AbstractCommitMessages<M>> FamilyWritePath<M> forPrepared(String mode, List<byte[]> payloads,
			Function<byte[], M> deserialize,
			Function<M, AbstractWriteBuilder<? extends AbstractTableWrite<M>, M, ? extends AbstractTableCommit<M>>> builderFor,
			List<Prepared> out) {
		M merged = null;
		for (byte[] payload : payloads) {
			M messages = deserialize.apply(payload);
			merged = (merged == null) ? messages : merged.merge(messages);
		}
		if (merged == null) {
			throw new IllegalArgumentException("no prepared commits");
		}
		FamilyWritePath<M> path = new FamilyWritePath<>(mode, builderFor.apply(merged));
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
		AbstractTableWrite<M> write = this.builder.newWrite();
		return new Writer() {

			@Override
			public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
				return write.write(root, dictionaries);
			}

			@Override
			public long writeAhead(VectorSchemaRoot root, DictionaryProvider dictionaries) {
				return (dictionaries == null || dictionaries.getDictionaryIds().isEmpty()) ? write.transferAndWrite(root)
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

	private Prepared prepared(M messages) {
		AbstractTableCommit<M> commit = this.commit;
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

}
