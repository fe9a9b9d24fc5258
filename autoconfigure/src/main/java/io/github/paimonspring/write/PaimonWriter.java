package io.github.paimonspring.write;

import java.nio.file.Path;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.postpone.PostponeFixedBucketCommitMessages;
import io.github.paimonspring.postpone.PostponeFixedBucketTableCommit;
import io.github.paimonspring.postpone.PostponeFixedBucketTableWrite;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.jspecify.annotations.Nullable;

/**
 * Writes Arrow data into Paimon tables. One-shot methods ({@link #write}, {@link #overwrite},
 * {@link #truncate}, {@link #execute}) write and commit in one call and abort on failure; the
 * builder methods give full control over commit users, identifiers, overwrite, merge and abort.
 * Tables are named by their {@code paimon.tables} key or as {@code database.table}. This template is
 * thread-safe; the writers it creates belong to one thread each.
 */
public class PaimonWriter {

	private final PaimonTables tables;

	private final Path spillDirectory;

	private final int parallelism;

	private final int postponeDefaultBuckets;

	/**
	 * Creates a writer with the default parallelism (the number of processors, at most 4).
	 * @param tables the tables to resolve names against
	 * @param spillDirectory where writers spill sort buffers, or {@code null} for the system temporary
	 * directory
	 */
	public PaimonWriter(PaimonTables tables, @Nullable Path spillDirectory) {
		this(tables, spillDirectory, defaultParallelism());
	}

	/**
	 * Creates a writer.
	 * @param tables the tables to resolve names against
	 * @param spillDirectory where writers spill sort buffers, or {@code null} for the system temporary
	 * directory
	 * @param parallelism how many Paimon writers one {@link TableWrite} may run in parallel for large
	 * batches into fixed-bucket and bucket-unaware append tables (1 disables it)
	 */
	public PaimonWriter(PaimonTables tables, @Nullable Path spillDirectory, int parallelism) {
		this(tables, spillDirectory, parallelism, 0);
	}

	/**
	 * Creates a writer.
	 * @param tables the tables to resolve names against
	 * @param spillDirectory where writers spill sort buffers, or {@code null} for the system temporary
	 * directory
	 * @param parallelism how many Paimon writers one {@link TableWrite} may run in parallel for large
	 * batches into fixed-bucket and bucket-unaware append tables (1 disables it)
	 * @param postponeDefaultBuckets bucket count of new partitions in automatic postpone bucket plans,
	 * or 0 for each table's {@code postpone.default-bucket-num}
	 */
	public PaimonWriter(PaimonTables tables, @Nullable Path spillDirectory, int parallelism, int postponeDefaultBuckets) {
		if (parallelism < 1) {
			throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
		}
		if (postponeDefaultBuckets < 0) {
			throw new IllegalArgumentException("postponeDefaultBuckets must not be negative, got " + postponeDefaultBuckets);
		}
		this.tables = tables;
		this.spillDirectory = (spillDirectory != null) ? spillDirectory : Path.of(System.getProperty("java.io.tmpdir"));
		this.parallelism = parallelism;
		this.postponeDefaultBuckets = postponeDefaultBuckets;
	}

	/**
	 * Returns the default parallelism: the number of available processors, at most 4.
	 * @return the default parallelism
	 */
	public static int defaultParallelism() {
		return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
	}

	/**
	 * Returns the table registry this writer resolves names against.
	 * @return the registry
	 */
	public PaimonTables tables() {
		return this.tables;
	}

	/**
	 * Creates a write builder with a random commit user.
	 * @param table a configured table name or {@code database.table}
	 * @return a new builder
	 * @throws TableNotFoundException if the table does not exist
	 */
	public WriteBuilder newWriteBuilder(String table) {
		return newWriteBuilder(table, CommitUsers.random());
	}

	/**
	 * Creates a write builder with a stable commit user, for idempotent retries across restarts and for
	 * merging the messages of several writers.
	 * @param table a configured table name or {@code database.table}
	 * @param commitUser the commit user; must be a safe file name segment
	 * @return a new builder
	 * @throws PaimonArgumentException if the commit user is not a safe file name segment
	 */
	public WriteBuilder newWriteBuilder(String table, String commitUser) {
		return new WriteBuilder(target(table), commitUser);
	}

	/**
	 * Reads commit messages serialized by {@link CommitMessages#serialize()}, possibly in another
	 * process, so that they can be committed or aborted here.
	 * @param table the table the messages were prepared for
	 * @param bytes the serialized messages
	 * @return the messages
	 * @throws PaimonArgumentException if the bytes are not commit messages of that table
	 */
	public CommitMessages deserializeCommitMessages(String table, byte[] bytes) {
		WriteTarget target = target(table);
		return CommitMessages.deserialize(target.name(), target.location(), bytes);
	}

	/**
	 * Creates a builder that writes a postpone ({@code bucket = -2}) primary-key table straight into
	 * real buckets, with a random commit user.
	 * @param table a configured table name or {@code database.table}
	 * @return a new builder
	 * @throws UnsupportedTableException if the table is not a postpone primary-key table, or has
	 * partition keys outside the primary key
	 */
	public PostponeFixedBucketWriteBuilder newPostponeFixedBucketWriteBuilder(String table) {
		return newPostponeFixedBucketWriteBuilder(table, CommitUsers.random());
	}

	/**
	 * Creates a builder that writes a postpone ({@code bucket = -2}) primary-key table straight into
	 * real buckets.
	 * @param table a configured table name or {@code database.table}
	 * @param commitUser the commit user; must be a safe file name segment
	 * @return a new builder
	 * @throws UnsupportedTableException if the table is not a postpone primary-key table, or has
	 * partition keys outside the primary key
	 */
	public PostponeFixedBucketWriteBuilder newPostponeFixedBucketWriteBuilder(String table, String commitUser) {
		WriteTarget target = target(table);
		return new PostponeFixedBucketWriteBuilder(target.name(), target.table(), commitUser, this.spillDirectory,
				this.parallelism, this.postponeDefaultBuckets);
	}

	/**
	 * Reads fixed-bucket commit messages serialized by
	 * {@link PostponeFixedBucketCommitMessages#serialize()}, possibly in another process.
	 * @param table the table the messages were prepared for
	 * @param bytes the serialized messages
	 * @return the messages
	 * @throws PaimonArgumentException if the bytes are not fixed-bucket messages of that table
	 */
	public PostponeFixedBucketCommitMessages deserializePostponeFixedBucketCommitMessages(String table, byte[] bytes) {
		WriteTarget target = target(table);
		return PostponeFixedBucketCommitMessages.deserialize(target.name(), bytes,
				(inner) -> CommitMessages.deserialize(target.name(), target.location(), inner));
	}

	/**
	 * Writes one batch into a postpone ({@code bucket = -2}) table's real buckets with an automatic
	 * bucket plan and commits it; the rows are readable at once.
	 * @param table a configured table name or {@code database.table}
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 */
	public WriteResult writeFixedBuckets(String table, VectorSchemaRoot root) {
		return writeFixedBuckets(table, (write) -> write.write(root));
	}

	/**
	 * Writes every batch of an Arrow stream into a postpone ({@code bucket = -2}) table's real buckets
	 * with an automatic bucket plan and commits them together.
	 * @param table a configured table name or {@code database.table}
	 * @param reader the stream; the caller closes it
	 * @return the rows written and the snapshot created
	 */
	public WriteResult writeFixedBuckets(String table, ArrowReader reader) {
		return writeFixedBuckets(table, (write) -> write.write(reader));
	}

	private WriteResult writeFixedBuckets(String table, java.util.function.ToLongFunction<PostponeFixedBucketTableWrite> body) {
		PostponeFixedBucketWriteBuilder builder = newPostponeFixedBucketWriteBuilder(table).withAutomaticBucketPlan();
		try (PostponeFixedBucketTableWrite write = builder.newWrite();
				PostponeFixedBucketTableCommit commit = builder.newCommit()) {
			body.applyAsLong(write);
			PostponeFixedBucketCommitMessages messages = write.prepareCommit();
			CommitResult result;
			try {
				result = commit.commit(messages);
			}
			catch (RuntimeException ex) {
				try {
					commit.abort(messages);
				}
				catch (RuntimeException abortFailure) {
					ex.addSuppressed(abortFailure);
				}
				throw ex;
			}
			return new WriteResult(builder.table(), write.totalRows(), result.committed(),
					result.committed() ? result.snapshotId() : null);
		}
	}

	/**
	 * Writes one Arrow batch and commits it.
	 * @param table a configured table name or {@code database.table}
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 */
	public WriteResult write(String table, VectorSchemaRoot root) {
		return execute(table, null, (session) -> session.write(root));
	}

	/**
	 * Writes one Arrow batch with dictionary-encoded columns and commits it.
	 * @param table a configured table name or {@code database.table}
	 * @param root the batch; the caller keeps ownership
	 * @param dictionaries the dictionaries of encoded columns
	 * @return the rows written and the snapshot created
	 */
	public WriteResult write(String table, VectorSchemaRoot root, DictionaryProvider dictionaries) {
		return execute(table, null, (session) -> session.write(root, dictionaries));
	}

	/**
	 * Writes every batch of an Arrow stream and commits them together; nothing is committed if any
	 * batch fails.
	 * @param table a configured table name or {@code database.table}
	 * @param reader the stream; the caller closes it
	 * @return the rows written and the snapshot created
	 */
	public WriteResult write(String table, ArrowReader reader) {
		return execute(table, null, (session) -> session.write(reader));
	}

	/**
	 * Replaces the partitions that receive data (the whole table when unpartitioned) with one batch.
	 * @param table a configured table name or {@code database.table}
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 */
	public WriteResult overwrite(String table, VectorSchemaRoot root) {
		return execute(table, Map.of(), (session) -> session.write(root));
	}

	/**
	 * Replaces the partitions that receive data (the whole table when unpartitioned) with an Arrow
	 * stream.
	 * @param table a configured table name or {@code database.table}
	 * @param reader the stream; the caller closes it
	 * @return the rows written and the snapshot created
	 */
	public WriteResult overwrite(String table, ArrowReader reader) {
		return execute(table, Map.of(), (session) -> session.write(reader));
	}

	/**
	 * Replaces one static partition with one batch; every row must belong to that partition.
	 * @param table a configured table name or {@code database.table}
	 * @param staticPartition partition keys and values
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 */
	public WriteResult overwrite(String table, Map<String, String> staticPartition, VectorSchemaRoot root) {
		return execute(table, staticPartition, (session) -> session.write(root));
	}

	/**
	 * Deletes every row of a table.
	 * @param table a configured table name or {@code database.table}
	 * @return the outcome; not committed when the table held no data
	 */
	public CommitResult truncate(String table) {
		try (TableCommit commit = newWriteBuilder(table).newCommit()) {
			return commit.truncateTable();
		}
	}

	/**
	 * Runs a callback with a writer and commits what it wrote when it returns; when it throws,
	 * everything it wrote is discarded and the exception is rethrown (checked exceptions wrapped in a
	 * {@link PaimonWriteException}).
	 * @param table a configured table name or {@code database.table}
	 * @param callback the work to do
	 * @return the rows written and the snapshot created
	 */
	public WriteResult execute(String table, WriteCallback callback) {
		return execute(table, null, callback);
	}

	private WriteResult execute(String table, @Nullable Map<String, String> overwrite, WriteCallback callback) {
		WriteBuilder builder = newWriteBuilder(table);
		if (overwrite != null) {
			builder.withOverwrite(overwrite);
		}
		CommitMessages messages = null;
		try (TableWrite write = builder.newWrite(); TableCommit commit = builder.newCommit()) {
			try {
				callback.doInWrite(new Session(write));
				messages = write.prepareCommit();
			}
			catch (RuntimeException ex) {
				throw ex;
			}
			catch (Exception ex) {
				throw new PaimonWriteException(builder.table(),
						"Write callback for table '" + builder.table() + "' failed: " + ex.getMessage(), ex);
			}
			CommitResult result;
			try {
				result = commit.commit(messages);
			}
			catch (RuntimeException ex) {
				abortQuietly(commit, messages, ex);
				throw ex;
			}
			return new WriteResult(builder.table(), write.totalRows(), result.committed(),
					result.committed() ? result.snapshotId() : null);
		}
	}

	private static void abortQuietly(TableCommit commit, CommitMessages messages, RuntimeException failure) {
		try {
			commit.abort(messages);
		}
		catch (RuntimeException ex) {
			failure.addSuppressed(ex);
		}
	}

	private WriteTarget target(String table) {
		Table resolved = this.tables.getTable(table);
		String name = this.tables.identifier(table).getFullName();
		if (!(resolved instanceof FileStoreTable fileStoreTable)) {
			throw new UnsupportedTableException(name, "Table '" + name + "' is a " + resolved.getClass().getSimpleName()
					+ "; only Paimon append and primary-key tables can be written");
		}
		return new WriteTarget(name, fileStoreTable, this.spillDirectory, this.parallelism);
	}

	private static final class Session implements WriteSession {

		private final TableWrite write;

		Session(TableWrite write) {
			this.write = write;
		}

		@Override
		public String table() {
			return this.write.table();
		}

		@Override
		public long write(VectorSchemaRoot root) {
			return this.write.write(root);
		}

		@Override
		public long write(VectorSchemaRoot root, DictionaryProvider dictionaries) {
			return this.write.write(root, dictionaries);
		}

		@Override
		public long write(ArrowReader reader) {
			return this.write.write(reader);
		}

	}

}
