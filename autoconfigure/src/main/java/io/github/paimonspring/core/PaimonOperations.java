package io.github.paimonspring.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.schema.SchemaEvolution;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The operations of writing Arrow data into Paimon tables, implemented by {@link PaimonWriter}; depend
 * on this interface to decorate or replace the template. A write says what it asks for in one
 * {@link WriteRequest} (table, overwrite, idempotency key, schema evolution policy, family). One-shot methods
 * ({@link #write}, {@link #execute}, {@link #truncate}) write and commit in one call and abort on failure, all
 * through {@link #execute(WriteRequest, WriteCallback)}; {@link #ingest} and channels ({@link #openChannel})
 * write through the table's group commit; every call answers with a {@link WriteResult};
 * {@link #newWriteBuilder} gives full control over commit users, identifiers, overwrite, merge, abort and
 * the fixed-bucket plan that writes postpone ({@code bucket = -2}) tables straight into real buckets.
 * Every write of a table name or a request chooses the write family as {@link ArrowWriteBuilder#withTableFamily()}
 * does: a postpone table the fixed-bucket family can write goes into real buckets, readable once committed; only
 * a request that asks for it ({@link WriteRequest#withStandardFamily()}) or a builder of {@link #newWriteBuilder}
 * without a plan writes it into {@code bucket-postpone} files.
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
	 * Writes one Arrow batch into a table and commits it: {@code write(WriteRequest.into(table), root)}.
	 * @param table a configured table name or {@code database.table}
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created
	 * @throws TableNotFoundException if the table does not exist
	 */
	default WriteResult write(String table, VectorSchemaRoot root) {
		return write(WriteRequest.into(table), root);
	}

	/**
	 * Writes one Arrow batch as a request asks and commits it: {@code execute(request, session ->
	 * session.write(root))}.
	 * @param request the table, overwrite, idempotency key, schema evolution policy and family
	 * @param root the batch; the caller keeps ownership
	 * @return the rows written and the snapshot created; with a key already committed, 0 rows,
	 * {@code committed = false} and the key's snapshot
	 * @throws TableNotFoundException if the table does not exist
	 * @throws io.github.paimonspring.PaimonArgumentException on an overwrite of a static partition of a postpone
	 * table that the fixed-bucket family writes, whose plan overwrites the partitions that receive data (the
	 * message names both ways)
	 * @since 0.1.0
	 */
	WriteResult write(WriteRequest request, VectorSchemaRoot root);

	/**
	 * Writes every batch of an Arrow stream as a request asks and commits them together; nothing is
	 * committed if any batch fails. The next batch is read while the previous one is written.
	 * @param request the table, overwrite, idempotency key, schema evolution policy and family
	 * @param reader the stream; the caller closes it
	 * @return the rows written and the snapshot created (see {@link #write(WriteRequest, VectorSchemaRoot)})
	 * @since 0.1.0
	 */
	WriteResult write(WriteRequest request, ArrowReader reader);

	/**
	 * Deletes every row of a table.
	 * @param table a configured table name or {@code database.table}
	 * @return the outcome (0 rows); not committed when the table held no data
	 */
	WriteResult truncate(String table);

	/**
	 * Runs a callback with a writer of a table and commits what it wrote when it returns:
	 * {@code execute(WriteRequest.into(table), callback)}.
	 * @param table a configured table name or {@code database.table}
	 * @param callback the work to do
	 * @return the rows written and the snapshot created
	 */
	default WriteResult execute(String table, WriteCallback callback) {
		return execute(WriteRequest.into(table), callback);
	}

	/**
	 * The one path of every one-shot write: runs a callback with a writer of the request and commits what it
	 * wrote when it returns; when it throws, everything it wrote is discarded and the exception is rethrown
	 * (checked exceptions wrapped in a {@link io.github.paimonspring.PaimonWriteException}). The writer opens
	 * at the callback's first batch, after the table's schema was evolved for that batch under the request's
	 * policy (or the table's), in the table's write family: a postpone ({@code bucket = -2}) table the
	 * fixed-bucket family can write goes into real buckets, readable once committed, unless the request asks
	 * for the standard family. With an idempotency key, requests with that key run one at a time and a key
	 * already committed answers with its snapshot without running the callback.
	 * @param request the table, overwrite, idempotency key, schema evolution policy and family
	 * @param callback the work to do
	 * @return the rows written and the snapshot created; with a key already committed, 0 rows,
	 * {@code committed = false} and the key's snapshot
	 * @since 0.1.0
	 */
	WriteResult execute(WriteRequest request, WriteCallback callback);

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
	 * @param request the table, idempotency key and schema evolution policy; a group commit neither
	 * overwrites nor writes the standard family
	 * @param batches the batches, committed together; the caller keeps ownership
	 * @return the rows written and the group's snapshot; completes exceptionally with a
	 * {@link io.github.paimonspring.ingest.IngestGroupException} when the group commit failed (nothing of
	 * it is visible; retrying is safe)
	 * @throws io.github.paimonspring.PaimonArgumentException if the request overwrites or asks for the standard
	 * family (the message names {@code write})
	 * @throws io.github.paimonspring.arrow.ArrowDataException if a batch does not match the table (nothing
	 * was buffered)
	 * @throws io.github.paimonspring.ingest.IngestBusyException if the table buffers too much, or another
	 * instance is committing the same key (retry later)
	 * @since 0.1.0
	 */
	CompletableFuture<WriteResult> ingest(WriteRequest request, List<VectorSchemaRoot> batches);

	/**
	 * Opens a channel of a table — a named producer that resumes exactly once after a crash: waits for
	 * the channel's appends in flight, records a new generation that fences every older one (their
	 * appends are refused from now on), and returns the handle of the new generation. Its
	 * {@link IngestChannel#state() state} then tells the offset token of the last committed append, to
	 * resume after. The handle's appends go through the table's group commit as {@code ingest} does, and evolve
	 * the table under the request's schema evolution policy (or the table's).
	 * @param request the table and the schema evolution policy of the channel's appends; a channel is exactly once
	 * by its offset tokens and neither overwrites nor writes the standard family, so a request with a key,
	 * an overwrite or the standard family is refused
	 * @param channel the channel name (letters, digits, {@code .}, {@code _}, {@code -}; at most 128)
	 * @return the handle to append through
	 * @throws io.github.paimonspring.PaimonArgumentException if the request has a key, overwrites or asks for the
	 * standard family (nothing is opened)
	 * @throws io.github.paimonspring.ingest.IngestBusyException if the channel is being opened elsewhere or
	 * its appends do not finish
	 * @since 0.1.0
	 */
	IngestChannel openChannel(WriteRequest request, String channel);

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
