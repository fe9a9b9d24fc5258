package io.github.paimonspring.core;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.schema.SchemaEvolution;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The operations of writing Arrow data into Paimon tables, implemented by {@link PaimonWriter}; depend
 * on this interface to decorate or replace the template. One-shot methods ({@link #write},
 * {@link #overwrite}, {@link #truncate}, {@link #execute}) write and commit in one call and abort on
 * failure; {@link #ingest} and channels ({@link #openChannel}) write through the table's group commit;
 * {@link #newWriteBuilder} gives full control over commit users, identifiers, overwrite, merge, abort and
 * the fixed-bucket plan that writes postpone ({@code bucket = -2}) tables straight into real buckets.
 * Every method that takes a table name chooses the write family as {@link ArrowWriteBuilder#withTableFamily()}
 * does: a postpone table the fixed-bucket family can write goes into real buckets, readable once committed; only
 * a builder of {@link #newWriteBuilder} without a plan writes it into {@code bucket-postpone} files.
 * Tables are named by their {@code paimon.tables} key or as {@code database.table}. Implementations are
 * thread-safe; the writers they create belong to one thread each.
 *
 * @since 0.1.0
 */
public interface PaimonOperations {

	/**
	 * Returns the table registry names are resolved against.
	 * @return the registry
	 */
	PaimonTables tables();

	/**
	 * Writes one Arrow batch and commits it.
	 * @param table a configured table name or {@code database.table}
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 * @throws TableNotFoundException if the table does not exist
	 */
	WriteResult write(String table, VectorSchemaRoot root);

	/**
	 * Writes every batch of an Arrow stream and commits them together; nothing is committed if any
	 * batch fails.
	 * @param table a configured table name or {@code database.table}
	 * @param reader the stream; the caller closes it
	 * @return the rows written and the snapshot created
	 */
	WriteResult write(String table, ArrowReader reader);

	/**
	 * Replaces the partitions that receive data (the whole table when unpartitioned) with one batch.
	 * @param table a configured table name or {@code database.table}
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 */
	WriteResult overwrite(String table, VectorSchemaRoot root);

	/**
	 * Replaces the partitions that receive data (the whole table when unpartitioned) with an Arrow
	 * stream.
	 * @param table a configured table name or {@code database.table}
	 * @param reader the stream; the caller closes it
	 * @return the rows written and the snapshot created
	 */
	WriteResult overwrite(String table, ArrowReader reader);

	/**
	 * Replaces one static partition with one batch; every row must belong to that partition.
	 * @param table a configured table name or {@code database.table}
	 * @param staticPartition partition keys and values
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 * @throws io.github.paimonspring.PaimonArgumentException on a postpone table that the fixed-bucket family
	 * writes, whose plan overwrites the partitions that receive data rather than a static one (the message names
	 * both ways)
	 */
	WriteResult overwrite(String table, Map<String, String> staticPartition, VectorSchemaRoot root);

	/**
	 * Deletes every row of a table.
	 * @param table a configured table name or {@code database.table}
	 * @return the outcome; not committed when the table held no data
	 */
	CommitResult truncate(String table);

	/**
	 * Runs a callback with a writer and commits what it wrote when it returns; when it throws,
	 * everything it wrote is discarded and the exception is rethrown (checked exceptions wrapped in a
	 * {@link io.github.paimonspring.PaimonWriteException}).
	 * @param table a configured table name or {@code database.table}
	 * @param callback the work to do
	 * @return the rows written and the snapshot created
	 */
	WriteResult execute(String table, WriteCallback callback);

	/**
	 * Runs a callback with a writer of a builder and commits what it wrote when it returns, with the
	 * builder's commit user, overwrite mode and fixed-bucket plan; when it throws, everything it wrote is
	 * discarded and the exception is rethrown (checked exceptions wrapped in a
	 * {@link io.github.paimonspring.PaimonWriteException}). A builder with a fixed-bucket plan makes it the
	 * one-shot write of a postpone ({@code bucket = -2}) table into real buckets: the rows are readable at
	 * once. The writer keeps the schema it was opened on (see {@link #schemaEvolution()}).
	 * @param builder the builder, from {@link #newWriteBuilder}
	 * @param callback the work to do
	 * @return the rows written and the snapshot created
	 */
	WriteResult execute(ArrowWriteBuilder builder, WriteCallback callback);

	/**
	 * Writes batches through the table's group commit: they are validated and buffered before this
	 * method returns (the caller may release them then), and the future completes after the commit that
	 * makes them visible together with the other requests of its group — at most one commit per
	 * {@code paimon.ingest.commit-interval} per table. Postpone ({@code bucket = -2}) tables are written
	 * straight into real buckets. With an idempotency key it writes exactly once per key: the key is
	 * recorded in the snapshot that commits the rows, and a request with a key that a retained snapshot
	 * already committed writes nothing and answers with that snapshot ({@code committed = false}, 0 rows).
	 * @param table a configured table name or {@code database.table}
	 * @param batches the batches, committed together; the caller keeps ownership
	 * @param idempotencyKey the key (printable ASCII without line breaks), or {@code null}
	 * @return the rows written and the group's snapshot; completes exceptionally with a
	 * {@link io.github.paimonspring.ingest.IngestGroupException} when the group commit failed (nothing of
	 * it is visible; retrying is safe)
	 * @throws io.github.paimonspring.arrow.ArrowDataException if a batch does not match the table (nothing
	 * was buffered)
	 * @throws io.github.paimonspring.ingest.IngestBusyException if the table buffers too much, or another
	 * instance is committing the same key (retry later)
	 */
	CompletableFuture<WriteResult> ingest(String table, List<VectorSchemaRoot> batches,
			@Nullable String idempotencyKey);

	/**
	 * Opens a channel of a table — a named producer that resumes exactly once after a crash: waits for
	 * the channel's appends in flight, records a new generation that fences every older one (their
	 * appends are refused from now on), and returns the handle of the new generation. Its
	 * {@link IngestChannel#state() state} then tells the offset token of the last committed append, to
	 * resume after.
	 * @param table a configured table name or {@code database.table}
	 * @param channel the channel name (letters, digits, {@code .}, {@code _}, {@code -}; at most 128)
	 * @return the handle to append through
	 * @throws io.github.paimonspring.ingest.IngestBusyException if the channel is being opened elsewhere or
	 * its appends do not finish
	 */
	IngestChannel openChannel(String table, String channel);

	/**
	 * Returns the channels of a table without opening any: their committed state, closing, and the
	 * handle of a generation opened before.
	 * @param table a configured table name or {@code database.table}
	 * @return the channels
	 */
	IngestChannels channels(String table);

	/**
	 * Holds an idempotency key of a table's group commit before the request's batches exist — while a
	 * request body is still being read, say — so that a second request with the same key waits for this
	 * one (on this instance, and for a while on every instance sharing the claims) and then gets its
	 * outcome instead of reading and writing its own body. Ingest the batches through the returned
	 * handle once; close it in any case (closing after {@code ingest} does nothing).
	 * @param table a configured table name or {@code database.table}
	 * @param idempotencyKey the key (printable ASCII without line breaks)
	 * @return the held key
	 * @throws io.github.paimonspring.ingest.IngestBusyException if another instance holds the key for
	 * longer than the wait (retry after its {@code retryAfter})
	 */
	IdempotentIngest holdIdempotencyKey(String table, String idempotencyKey);

	/**
	 * Creates a write builder with a random commit user: the standard write, or with
	 * {@link ArrowWriteBuilder#withFixedBucketPlan} the fixed-bucket one; commit messages are
	 * (de)serialized through it ({@link ArrowWriteBuilder#deserializeCommitMessages}).
	 * @param table a configured table name or {@code database.table}
	 * @return a new builder
	 * @throws TableNotFoundException if the table does not exist
	 */
	ArrowWriteBuilder newWriteBuilder(String table);

	/**
	 * Returns the schema evolution of these operations: a table's policy (what writes may change in its
	 * schema; {@link SchemaEvolution#policy}) and the change itself ({@link SchemaEvolution#evolve(String,
	 * Schema, DictionaryProvider, SchemaEvolutionPolicy)}, which makes a table take batches of an Arrow
	 * schema). The one-shot methods, {@code ingest} and channel appends evolve the table themselves with
	 * the table's policy; call it before opening a writer with {@link #newWriteBuilder} or {@link #execute},
	 * whose writers keep the schema they were opened on.
	 * @return the schema evolution
	 */
	SchemaEvolution schemaEvolution();

}
