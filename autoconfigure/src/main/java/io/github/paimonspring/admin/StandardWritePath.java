package io.github.paimonspring.admin;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import io.github.paimonspring.write.CommitMessages;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.PaimonWriter;
import io.github.paimonspring.write.TableCommit;
import io.github.paimonspring.write.TableWrite;
import io.github.paimonspring.write.WriteBuilder;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.jspecify.annotations.Nullable;

/**
 * The standard write path ({@link WriteBuilder}, {@link TableWrite}, {@link TableCommit}) as a
 * {@link WritePath}.
 */
final class StandardWritePath implements WritePath {

	private final WriteBuilder builder;

	private final TableCommit commit;

	StandardWritePath(WriteBuilder builder) {
		this.builder = builder;
		this.commit = builder.newCommit();
	}

	/** The path for serialized messages: their commit user (unless overridden) and mode. */
	static StandardWritePath forPrepared(PaimonWriter writer, String table, List<byte[]> payloads,
			@Nullable String commitUser,
			List<Prepared> out) {
		CommitMessages merged = null;
		for (byte[] payload : payloads) {
			CommitMessages messages = writer.deserializeCommitMessages(table, payload);
			merged = (merged == null) ? messages : merged.merge(messages);
		}
		WriteBuilder builder = writer.newWriteBuilder(table, (commitUser != null) ? commitUser : merged.commitUser());
		if (merged.isOverwrite()) {
			builder.withOverwrite(merged.overwritePartition());
		}
		StandardWritePath path = new StandardWritePath(builder);
		out.add(path.prepared(merged));
		return path;
	}

	@Override
	public String mode() {
		return AdminTransaction.STANDARD;
	}

	@Override
	public OptionalLong committedSnapshot(long identifier) {
		return this.commit.committedSnapshot(identifier);
	}

	@Override
	public Writer open() {
		TableWrite write = this.builder.newWrite();
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

	private Prepared prepared(CommitMessages messages) {
		TableCommit commit = this.commit;
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
