package io.github.paimonspring.core;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.core.PaimonWriterObservationContext.Operation;
import io.github.paimonspring.ingest.ChannelState;
import io.github.paimonspring.ingest.HeldKey;
import io.github.paimonspring.ingest.GroupCommitService;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.family.WriteTarget;
import io.github.paimonspring.write.schema.SchemaEvolution;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * The writes of {@link PaimonWriter} that go through the group commit: requests with or without an
 * idempotency key, requests under a key held while their body is read, and channel appends (through
 * the channel handles it creates). Each is observed, evolves the table's schema for its batches first,
 * and answers with the table's name and the request's own rows.
 */
final class GroupCommitWrites {

	private final GroupCommitService ingester;

	private final WriterObservations observations;

	private final Function<String, WriteTarget> target;

	private final Function<String, WriteTarget> resolve;

	private final SchemaEvolution evolution;

	/**
	 * Creates the writes.
	 * @param ingester the group commit service
	 * @param observations observes every write
	 * @param target resolves a table name to the table to write (and tells who listens)
	 * @param resolve resolves a table name to the table to read (telling no one)
	 * @param evolution evolves a table's schema for batches
	 */
	GroupCommitWrites(GroupCommitService ingester, WriterObservations observations,
			Function<String, WriteTarget> target,
			Function<String, WriteTarget> resolve, SchemaEvolution evolution) {
		this.ingester = ingester;
		this.observations = observations;
		this.target = target;
		this.resolve = resolve;
		this.evolution = evolution;
	}

	/** See {@link PaimonOperations#ingest(WriteRequest, List)}. */
	CompletableFuture<WriteResult> ingest(WriteRequest request, List<VectorSchemaRoot> batches) {
		if (request.isOverwrite() || request.isStandardFamily()) {
			String what = request.isOverwrite() ? "overwrite" : "write the standard family";
			throw new PaimonArgumentException(request.table(), "The group commit of table '" + request.table()
					+ "' does not " + what + "; write such a request in one shot: write(" + request + ", batch)");
		}
		String key = request.idempotencyKey();
		return write(Operation.INGEST, request.table(), batches, request.schemaEvolution(),
				(target) -> this.ingester.submit(target, batches, key));
	}

	/** See {@link PaimonOperations#holdIdempotencyKey(String, String)}. */
	IdempotentIngest holdIdempotencyKey(String table, String idempotencyKey) {
		HeldKey held = this.ingester.holdKey(this.target.apply(table), idempotencyKey);
		return new IdempotentIngest() {

			@Override
			public CompletableFuture<WriteResult> ingest(List<VectorSchemaRoot> batches) {
				return write(Operation.INGEST, table, batches, null,
						(target) -> GroupCommitWrites.this.ingester.submit(target, batches, held));
			}

			@Override
			public void close() {
				held.close();
			}

		};
	}

	/** See {@link PaimonOperations#openChannel(WriteRequest, String)}. */
	IngestChannel openChannel(WriteRequest request, String channel) {
		if (request.idempotencyKey() != null || request.isOverwrite() || request.isStandardFamily()) {
			throw new PaimonArgumentException(request.table(), "A channel of table '" + request.table()
					+ "' is exactly once by its offset tokens and writes through the group commit: open it with the "
					+ "table and at most a schema evolution policy, not " + request);
		}
		ChannelState opened = this.ingester.openChannel(this.target.apply(request.table()), channel);
		return new Channel(request.table(), opened.table(), channel, opened.generation(), request.schemaEvolution());
	}

	/** See {@link PaimonOperations#channels(String)}. */
	IngestChannels channels(String table) {
		return new IngestChannels() {

			@Override
			public Optional<ChannelState> state(String channel) {
				return Optional.ofNullable(GroupCommitWrites.this.ingester
					.channelState(GroupCommitWrites.this.resolve.apply(table), channel));
			}

			@Override
			public Optional<ChannelState> close(String channel) {
				return closeChannel(table, channel, -1);
			}

			@Override
			public IngestChannel channel(String channel, long generation) {
				return new Channel(table, GroupCommitWrites.this.resolve.apply(table).name(), channel, generation,
						null);
			}

		};
	}

	private Optional<ChannelState> closeChannel(String table, String channel, long generation) {
		return Optional.ofNullable(this.ingester.closeChannel(this.target.apply(table), channel, generation));
	}

	private CompletableFuture<WriteResult> write(Operation operation, String table, List<VectorSchemaRoot> batches,
			@Nullable SchemaEvolutionPolicy policy, Function<WriteTarget, CompletableFuture<CommitResult>> submit) {
		return this.observations.observeAsync(operation, table, () -> {
			this.evolution.evolve(table, batches, null, policy);
			WriteTarget target = this.target.apply(table);
			return submit.apply(target)
				.thenApply((result) -> new WriteResult(target.name(), result.rows(), result.committed(),
						result.snapshotId()));
		});
	}

	/**
	 * A channel generation: appends through the group commit under the policy it was opened with, state and
	 * closing by its table name.
	 */
	private final class Channel implements IngestChannel {

		private final String table;

		private final String identifier;

		private final String name;

		private final long generation;

		private final @Nullable SchemaEvolutionPolicy policy;

		Channel(String table, String identifier, String name, long generation,
				@Nullable SchemaEvolutionPolicy policy) {
			this.table = table;
			this.identifier = identifier;
			this.name = name;
			this.generation = generation;
			this.policy = policy;
		}

		@Override
		public String table() {
			return this.identifier;
		}

		@Override
		public String name() {
			return this.name;
		}

		@Override
		public long generation() {
			return this.generation;
		}

		@Override
		public CompletableFuture<WriteResult> append(@Nullable String after, String offsetToken,
				List<VectorSchemaRoot> batches) {
			return write(Operation.CHANNEL_APPEND, this.table, batches, this.policy,
					(target) -> GroupCommitWrites.this.ingester
				.appendToChannel(target, this.name, this.generation, after, offsetToken, batches));
		}

		@Override
		public Optional<ChannelState> state() {
			return channels(this.table).state(this.name);
		}

		@Override
		public Optional<ChannelState> close() {
			return closeChannel(this.table, this.name, this.generation);
		}

		@Override
		public String toString() {
			return "IngestChannel[table=" + this.identifier + ", name=" + this.name + ", generation="
					+ this.generation + "]";
		}

	}

}
