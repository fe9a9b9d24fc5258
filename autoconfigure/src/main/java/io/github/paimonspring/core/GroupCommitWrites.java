package io.github.paimonspring.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Function;

import io.github.paimonspring.core.PaimonWriterObservationContext.Operation;
import io.github.paimonspring.ingest.HeldKey;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.WriteTarget;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * The writes of {@link PaimonWriter} that go through the group commit: requests with or without an
 * idempotency key, requests under a key held while their body is read, and channel appends. Each is
 * observed, evolves the table's schema for its batches first, and answers with the table's name and
 * the request's own rows.
 */
final class GroupCommitWrites {

	private final Ingester ingester;

	private final WriterObservations observations;

	private final Function<String, WriteTarget> target;

	private final BiConsumer<String, List<VectorSchemaRoot>> evolve;

	/**
	 * Creates the writes.
	 * @param ingester the group commit service
	 * @param observations observes every write
	 * @param target resolves a table name to the table to write (and tells who listens)
	 * @param evolve evolves a table's schema for batches under its policy
	 */
	GroupCommitWrites(Ingester ingester, WriterObservations observations, Function<String, WriteTarget> target,
			BiConsumer<String, List<VectorSchemaRoot>> evolve) {
		this.ingester = ingester;
		this.observations = observations;
		this.target = target;
		this.evolve = evolve;
	}

	/** See {@link PaimonOperations#ingest(String, List, String)}. */
	CompletableFuture<WriteResult> ingest(String table, List<VectorSchemaRoot> batches, @Nullable String idempotencyKey) {
		return write(Operation.INGEST, table, batches,
				(target) -> this.ingester.submit(target, batches, idempotencyKey));
	}

	/** See {@link PaimonOperations#holdIdempotencyKey(String, String)}. */
	IdempotentIngest holdIdempotencyKey(String table, String idempotencyKey) {
		HeldKey held = this.ingester.holdKey(this.target.apply(table), idempotencyKey);
		return new IdempotentIngest() {

			@Override
			public CompletableFuture<WriteResult> ingest(List<VectorSchemaRoot> batches) {
				return write(Operation.INGEST, table, batches,
						(target) -> GroupCommitWrites.this.ingester.submit(target, batches, held));
			}

			@Override
			public void close() {
				held.close();
			}

		};
	}

	/** See {@link PaimonOperations#appendToChannel(String, String, long, String, String, List)}. */
	CompletableFuture<WriteResult> appendToChannel(String table, String channel, long generation, @Nullable String after,
			String offsetToken, List<VectorSchemaRoot> batches) {
		return write(Operation.CHANNEL_APPEND, table, batches, (target) -> this.ingester.appendToChannel(target,
				channel, generation, after, offsetToken, batches));
	}

	private CompletableFuture<WriteResult> write(Operation operation, String table, List<VectorSchemaRoot> batches,
			Function<WriteTarget, CompletableFuture<CommitResult>> submit) {
		return this.observations.observeAsync(operation, table, () -> {
			this.evolve.accept(table, batches);
			WriteTarget target = this.target.apply(table);
			return submit.apply(target)
				.thenApply((result) -> new WriteResult(target.name(), result.rows(), result.committed(),
						result.snapshotId()));
		});
	}

}
