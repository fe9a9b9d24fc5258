package io.github.paimonspring.core;

import java.util.OptionalLong;
import java.util.function.Function;

import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.ingest.HeldKey;
import io.github.paimonspring.write.ArrowCommitMessages;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.CommitUsers;
import io.github.paimonspring.write.schema.SchemaEvolution;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The one path of a one-shot write: a {@link WriteRequest} whose batches a {@link WriteCallback} feeds, then
 * one commit. The writer is opened at the first batch, after the table's schema was evolved for that batch
 * under the request's policy, with the family, overwrite and commit user the request asks for. With an
 * idempotency key the key is held (requests with one key run one at a time), the commit user is the key's
 * ({@link CommitUsers#ofIdempotencyKey}) and the commit identifier 1: a key already committed answers with
 * its snapshot before the callback runs, and a commit that finds the key committed meanwhile discards its
 * own files. On any failure the written files are discarded and the failure is rethrown.
 */
final class OneShotWrites {

	/** The commit identifier of a keyed one-shot write: its commit user is the key's own. */
	static final long KEY_IDENTIFIER = 1;

	private final Function<String, ArrowWriteBuilder> builders;

	private final Function<String, ArrowWriteBuilder> readers;

	private final SchemaEvolution schemaEvolution;

	private final HeldKeys keys;

	/**
	 * Creates the path.
	 * @param builders creates a builder of a table to write (telling who listens)
	 * @param readers creates a builder of a table to look at (telling no one)
	 * @param schemaEvolution evolves a table for the first batch
	 * @param keys holds idempotency keys
	 */
	OneShotWrites(Function<String, ArrowWriteBuilder> builders, Function<String, ArrowWriteBuilder> readers,
			SchemaEvolution schemaEvolution, HeldKeys keys) {
		this.builders = builders;
		this.readers = readers;
		this.schemaEvolution = schemaEvolution;
		this.keys = keys;
	}

	/** Holds a table's idempotency key. */
	@FunctionalInterface
	interface HeldKeys {

		HeldKey hold(String table, String key);

	}

	/**
	 * Writes what the callback writes, then commits it; see the class.
	 */
	WriteResult write(WriteRequest request, WriteCallback callback) {
		String key = request.idempotencyKey();
		if (key == null) {
			return writeAndCommit(request, null, callback);
		}
		try (HeldKey held = this.keys.hold(request.table(), key)) {
			return writeAndCommit(request, key, callback);
		}
	}

	private WriteResult writeAndCommit(WriteRequest request, @Nullable String key, WriteCallback callback) {
		ArrowWriteBuilder reader = this.readers.apply(request.table());
		String table = reader.table();
		if (key != null) {
			try (ArrowTableCommit check = reader.withCommitUser(CommitUsers.ofIdempotencyKey(table, key))
				.newCommit()) {
				OptionalLong done = check.committedSnapshot(KEY_IDENTIFIER);
				if (done.isPresent()) {
					return new WriteResult(table, 0, false, done.getAsLong());
				}
			}
		}
		return run(new Session(request, key, table, null), callback);
	}

	/**
	 * Writes what the callback writes with a writer of the builder (its family, commit user and overwrite; no
	 * schema evolution), then commits it.
	 */
	WriteResult write(ArrowWriteBuilder builder, WriteCallback callback) {
		return run(new Session(null, null, builder.table(), builder), callback);
	}

	private static WriteResult run(Session opened, WriteCallback callback) {
		String table = opened.table();
		try (Session session = opened) {
			try {
				callback.doInWrite(session);
			}
			catch (RuntimeException ex) {
				throw ex;
			}
			catch (Exception ex) {
				throw new PaimonWriteException(table,
						"Write callback for table '" + table + "' failed: " + ex.getMessage(), ex);
			}
			return session.commit();
		}
	}

	private ArrowWriteBuilder builder(WriteRequest request, @Nullable String key) {
		ArrowWriteBuilder builder = this.builders.apply(request.table());
		if (!request.isStandardFamily()) {
			builder.withTableFamily();
		}
		if (key != null) {
			builder.withCommitUser(CommitUsers.ofIdempotencyKey(builder.table(), key));
		}
		if (request.isOverwrite()) {
			builder.withOverwrite(request.staticPartition().isEmpty() ? null : request.staticPartition());
		}
		return builder;
	}

	private static void abort(ArrowTableCommit commit, ArrowCommitMessages messages,
			@Nullable RuntimeException failure) {
		try {
			commit.abort(messages);
		}
		catch (RuntimeException abortFailure) {
			if (failure == null) {
				throw abortFailure;
			}
			failure.addSuppressed(abortFailure);
		}
	}

	/**
	 * The writer of one one-shot write, opened at its first batch; not thread-safe.
	 */
	private final class Session implements WriteSession, AutoCloseable {

		private final @Nullable WriteRequest request;

		private final @Nullable String key;

		private final String table;

		private @Nullable Opened opened;

		/** A session of a request (opened at its first batch), or of a builder (opened now). */
		Session(@Nullable WriteRequest request, @Nullable String key, String table,
				@Nullable ArrowWriteBuilder builder) {
			this.request = request;
			this.key = key;
			this.table = table;
			if (builder != null) {
				this.opened = new Opened(builder, builder.newWrite());
			}
		}

		@Override
		public String table() {
			return this.table;
		}

		@Override
		public long write(VectorSchemaRoot root) {
			return open(root.getSchema(), null).write(root);
		}

		@Override
		public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
			return open(root.getSchema(), dictionaries).write(root, dictionaries);
		}

		@Override
		public long write(ArrowReader reader) {
			Schema schema;
			try {
				schema = reader.getVectorSchemaRoot().getSchema();
			}
			catch (Exception ex) {
				schema = null; // the writer reports a stream whose schema cannot be read
			}
			return open(schema, reader).write(reader);
		}

		@Override
		public long transferAndWrite(VectorSchemaRoot root) {
			return open(root.getSchema(), null).transferAndWrite(root);
		}

		@Override
		public void awaitTransferred() {
			if (this.opened != null) {
				this.opened.write().awaitTransferred();
			}
		}

		/** The writer; at the first batch the table is evolved for its schema and the writer opened. */
		private ArrowTableWrite open(@Nullable Schema schema, @Nullable DictionaryProvider dictionaries) {
			return opened(schema, dictionaries).write();
		}

		private Opened opened(@Nullable Schema schema, @Nullable DictionaryProvider dictionaries) {
			Opened current = this.opened;
			WriteRequest writing = this.request;
			if (current == null && writing != null) {
				if (schema != null) {
					OneShotWrites.this.schemaEvolution.evolve(writing.table(), schema, dictionaries,
							writing.schemaEvolution());
				}
				ArrowWriteBuilder builder = builder(writing, this.key);
				current = new Opened(builder, builder.newWrite());
				this.opened = current;
			}
			if (current == null) {
				throw new IllegalStateException("A session has a request or a builder");
			}
			return current;
		}

		/** Prepares what was written (nothing when no batch came) and commits it, or discards it on failure. */
		WriteResult commit() {
			Opened current = opened(null, null);
			ArrowTableWrite open = current.write();
			ArrowCommitMessages messages = open.prepareCommit();
			try (ArrowTableCommit commit = current.builder().newCommit()) {
				CommitResult result;
				try {
					result = (this.key != null) ? commit.filterAndCommit(KEY_IDENTIFIER, messages)
							: commit.commit(messages);
				}
				catch (RuntimeException ex) {
					abort(commit, messages, ex);
					throw ex;
				}
				if (!result.committed()) {
					// nothing to commit, or the key was committed meanwhile: these files are this write's alone
					abort(commit, messages, null);
					return new WriteResult(this.table, 0, false, (this.key != null) ? result.snapshotId() : null);
				}
				return new WriteResult(this.table, open.totalRows(), true, result.snapshotId());
			}
		}

		@Override
		public void close() {
			if (this.opened != null) {
				this.opened.write().close();
			}
		}

	}

	/** A builder and the writer it opened. */
	private record Opened(ArrowWriteBuilder builder, ArrowTableWrite write) {
	}

}
