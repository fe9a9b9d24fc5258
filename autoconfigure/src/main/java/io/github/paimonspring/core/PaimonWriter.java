package io.github.paimonspring.core;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.core.PaimonWriterObservationContext.Operation;
import io.github.paimonspring.ingest.GroupCommitService;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.CommitResult;
import io.github.paimonspring.write.SchemaChangeListener;
import io.github.paimonspring.write.family.WriteTarget;
import io.github.paimonspring.write.schema.SchemaEvolution;
import io.micrometer.observation.ObservationRegistry;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.jspecify.annotations.Nullable;

/**
 * The template that implements {@link PaimonOperations} over a {@link PaimonTables} registry; see the
 * interface for the contract. Thread-safe; the writers it creates belong to one thread each.
 * <p>
 * With an {@link ObservationRegistry} ({@link Builder#observationRegistry}) every write-and-commit call
 * ({@code write}, {@code execute}, {@code truncate}, {@code ingest}, channel appends) is a
 * {@link PaimonWriterObservation#WRITER} observation (a request that overwrites as {@code overwrite});
 * failures are recorded on it and reach the caller unchanged. The builder methods are not observed.
 * <p>
 * Before a one-shot write ({@code write}, {@code execute} of a request: at its first batch) and before
 * {@code ingest} and channel appends, the batches' schema is evolved under the request's or the table's
 * {@link SchemaEvolution} policy ({@link Builder#schemaEvolution}; by default {@code none}: a batch with
 * a new column is refused naming the policy). Writers opened with {@code newWriteBuilder} (and
 * {@code execute} of a builder) keep the schema they were opened on; evolve it with {@link #schemaEvolution}
 * first.
 *
 * @since 0.1.0
 */
public class PaimonWriter implements PaimonOperations, AutoCloseable {

	private final PaimonTables tables;

	private final int postponeDefaultBuckets;

	private final Ingester ingester;

	private final boolean ownsIngester;

	private final WriterObservations observations;

	private final GroupCommitWrites groupCommitWrites;

	private final OneShotWrites oneShotWrites;

	private final SchemaEvolution schemaEvolution;

	private final WriteTargets targets;

	/**
	 * Creates a writer from a builder's settings, for a subclass; others call {@link Builder#build()}.
	 * @param builder the settings
	 * @since 0.1.0
	 */
	protected PaimonWriter(Builder builder) {
		this.tables = builder.tables;
		this.targets = new WriteTargets(this.tables, (builder.spillDirectory != null) ? builder.spillDirectory
				: Path.of(System.getProperty("java.io.tmpdir")), builder.parallelism);
		this.targets.setColumnarWrites(builder.columnarWrites);
		this.targets.setWriteListener(builder.tableWriteListener);
		this.postponeDefaultBuckets = builder.postponeDefaultBuckets;
		this.ownsIngester = (builder.ingester == null);
		this.ingester = (builder.ingester != null) ? builder.ingester
				: new Ingester(IngestSettings.DEFAULTS, new LocalKeyClaims(), IngestListener.NONE,
						this.postponeDefaultBuckets);
		this.observations = new WriterObservations(this.tables);
		this.observations.setRegistry(builder.observationRegistry);
		this.observations.setConvention(builder.observationConvention);
		this.schemaEvolution = (builder.schemaEvolution != null) ? builder.schemaEvolution
				: new SchemaEvolution(this.tables, SchemaEvolutionPolicy.NONE, SchemaChangeListener.NONE);
		GroupCommitService groupCommits = GroupCommitService.of(this.ingester);
		this.groupCommitWrites = new GroupCommitWrites(groupCommits, this.observations, this::target, this::resolve,
				this.schemaEvolution);
		this.oneShotWrites = new OneShotWrites(this::newWriteBuilder,
				(table) -> new FamilyWriteBuilder(resolve(table), this.postponeDefaultBuckets), this.schemaEvolution,
				(table, key) -> groupCommits.holdKey(resolve(table), key));
	}

	/**
	 * Starts building a writer over a table registry: with the system temporary directory for spills, the default
	 * parallelism, each table's own {@code postpone.default-bucket-num}, a group commit service with the default
	 * settings that the writer owns, no schema evolution, column-by-column writes where allowed, and nothing
	 * observed or listened to, until the builder says otherwise.
	 * @param tables the tables to resolve names against
	 * @return the builder
	 * @since 0.1.0
	 */
	public static Builder builder(PaimonTables tables) {
		return new Builder(tables);
	}

	@Override
	public SchemaEvolution schemaEvolution() {
		return this.schemaEvolution;
	}

	/**
	 * Returns the default parallelism: the number of available processors, at most 4.
	 * @return the default parallelism
	 */
	public static int defaultParallelism() {
		return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
	}

	@Override
	public PaimonTables tables() {
		return this.tables;
	}

	@Override
	public ArrowWriteBuilder newWriteBuilder(String table) {
		return new FamilyWriteBuilder(target(table), this.postponeDefaultBuckets);
	}

	@Override
	public CompletableFuture<WriteResult> ingest(WriteRequest request, List<VectorSchemaRoot> batches) {
		return this.groupCommitWrites.ingest(request, batches);
	}

	@Override
	public IngestChannel openChannel(WriteRequest request, String channel) {
		return this.groupCommitWrites.openChannel(request, channel);
	}

	@Override
	public IngestChannels channels(String table) {
		return this.groupCommitWrites.channels(table);
	}

	@Override
	public IdempotentIngest holdIdempotencyKey(String table, String idempotencyKey) {
		return this.groupCommitWrites.holdIdempotencyKey(table, idempotencyKey);
	}

	/**
	 * Starts reading a table's index of idempotency keys and channel states in the background, so that
	 * the first keyed request or channel opening does not wait for a long snapshot history; the
	 * auto-configuration does it for the tables of {@code paimon.tables} when the application starts.
	 * @param table a configured table name or {@code database.table}
	 * @return done when the index was read (or its reading failed: the first request reads it then)
	 */
	public CompletableFuture<Void> warmUpIngest(String table) {
		return GroupCommitService.of(this.ingester).warmUp(resolve(table)); // reading ahead is not a write
	}

	/**
	 * Commits what the group commits have waiting and stops them, when this writer created its own
	 * group commit service. Writes through the other methods are not affected.
	 */
	@Override
	public void close() {
		if (this.ownsIngester) {
			this.ingester.close();
		}
	}

	@Override
	public WriteResult write(WriteRequest request, VectorSchemaRoot root) {
		return observe(request.isOverwrite() ? Operation.OVERWRITE : Operation.WRITE, request.table(),
				() -> this.oneShotWrites.write(request, (session) -> session.write(root)));
	}

	@Override
	public WriteResult write(WriteRequest request, ArrowReader reader) {
		return observe(request.isOverwrite() ? Operation.OVERWRITE : Operation.WRITE, request.table(),
				() -> this.oneShotWrites.write(request, (session) -> session.write(reader)));
	}

	@Override
	public WriteResult truncate(String table) {
		return observe(Operation.TRUNCATE, table, () -> {
			try (ArrowTableCommit commit = newWriteBuilder(table).newCommit()) {
				CommitResult result = commit.truncateTable();
				return new WriteResult(commit.table(), 0, result.committed(), result.snapshotId());
			}
		});
	}

	@Override
	public WriteResult execute(WriteRequest request, WriteCallback callback) {
		return observe(Operation.EXECUTE, request.table(), () -> this.oneShotWrites.write(request, callback));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Observed as {@code execute}, or with a fixed-bucket plan as {@code write-fixed-buckets}.
	 */
	@Override
	public WriteResult execute(ArrowWriteBuilder builder, WriteCallback callback) {
		return observe(builder.isFixedBucket() ? Operation.WRITE_FIXED_BUCKETS : Operation.EXECUTE, builder.table(),
				() -> this.oneShotWrites.write(builder, callback));
	}

	private WriteResult observe(Operation operation, String table, Supplier<WriteResult> call) {
		return this.observations.observe(operation, table, call,
				(context, result) -> context.setResult(result.rows(), result.committed(), result.snapshotId()));
	}

	private WriteTarget target(String table) {
		return this.targets.target(table);
	}

	private WriteTarget resolve(String table) {
		return this.targets.resolve(table);
	}

	/**
	 * Builds a {@link PaimonWriter}: {@code PaimonWriter.builder(tables).spillDirectory(dir).build()}. Every
	 * setting has a default (see {@link PaimonWriter#builder}); a builder can build several writers.
	 *
	 * @since 0.1.0
	 */
	public static final class Builder {

		private final PaimonTables tables;

		private @Nullable Path spillDirectory;

		private int parallelism = defaultParallelism();

		private int postponeDefaultBuckets;

		private @Nullable Ingester ingester;

		private @Nullable SchemaEvolution schemaEvolution;

		private boolean columnarWrites = true;

		private TableWriteListener tableWriteListener = TableWriteListener.NONE;

		private ObservationRegistry observationRegistry = ObservationRegistry.NOOP;

		private @Nullable PaimonWriterObservationConvention observationConvention;

		private Builder(PaimonTables tables) {
			this.tables = tables;
		}

		/**
		 * Where writers spill sort buffers.
		 * @param spillDirectory the directory, or {@code null} for the system temporary directory
		 * @return this builder
		 */
		public Builder spillDirectory(@Nullable Path spillDirectory) {
			this.spillDirectory = spillDirectory;
			return this;
		}

		/**
		 * How many Paimon writers one table write may run in parallel for large batches into fixed-bucket and
		 * bucket-unaware append tables; the default is {@link PaimonWriter#defaultParallelism()}.
		 * @param parallelism at least 1 (1 disables it)
		 * @return this builder
		 * @throws IllegalArgumentException if it is less than 1
		 */
		public Builder parallelism(int parallelism) {
			if (parallelism < 1) {
				throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
			}
			this.parallelism = parallelism;
			return this;
		}

		/**
		 * The bucket count of new partitions in automatic postpone bucket plans.
		 * @param postponeDefaultBuckets the count, or 0 (the default) for each table's
		 * {@code postpone.default-bucket-num}
		 * @return this builder
		 * @throws IllegalArgumentException if it is negative
		 */
		public Builder postponeDefaultBuckets(int postponeDefaultBuckets) {
			if (postponeDefaultBuckets < 0) {
				throw new IllegalArgumentException(
						"postponeDefaultBuckets must not be negative, got " + postponeDefaultBuckets);
			}
			this.postponeDefaultBuckets = postponeDefaultBuckets;
			return this;
		}

		/**
		 * The group commit service {@code ingest} calls and channels go through.
		 * @param ingester the service (its owner closes it), or {@code null} (the default) for one with the
		 * default settings that the writer owns and closes
		 * @return this builder
		 */
		public Builder ingester(@Nullable Ingester ingester) {
			this.ingester = ingester;
			return this;
		}

		/**
		 * The schema evolution applied before writes; the default changes no schema (a batch with a new column
		 * is refused naming the policy).
		 * @param schemaEvolution the schema evolution over the writer's tables
		 * @return this builder
		 */
		public Builder schemaEvolution(SchemaEvolution schemaEvolution) {
			this.schemaEvolution = schemaEvolution;
			return this;
		}

		/**
		 * Whether tables whose data files can be written column by column straight from the Arrow batches
		 * (bucket-unaware append tables in Parquet) are written so; {@code false} writes every table row by row
		 * through Paimon's writer. The default is {@code true}.
		 * @param columnarWrites whether column-by-column writes are allowed
		 * @return this builder
		 */
		public Builder columnarWrites(boolean columnarWrites) {
			this.columnarWrites = columnarWrites;
			return this;
		}

		/**
		 * The listener told about every table the writer writes (see {@link TableWriteListener}); the default
		 * tells no one.
		 * @param tableWriteListener the listener
		 * @return this builder
		 */
		public Builder tableWriteListener(TableWriteListener tableWriteListener) {
			this.tableWriteListener = tableWriteListener;
			return this;
		}

		/**
		 * The registry the write-and-commit calls are observed with; the default
		 * {@link ObservationRegistry#NOOP} observes nothing.
		 * @param observationRegistry the registry
		 * @return this builder
		 */
		public Builder observationRegistry(ObservationRegistry observationRegistry) {
			this.observationRegistry = observationRegistry;
			return this;
		}

		/**
		 * The convention that names the observations and their key values.
		 * @param observationConvention the convention, or {@code null} (the default) for
		 * {@link DefaultPaimonWriterObservationConvention}
		 * @return this builder
		 */
		public Builder observationConvention(@Nullable PaimonWriterObservationConvention observationConvention) {
			this.observationConvention = observationConvention;
			return this;
		}

		/**
		 * Builds the writer.
		 * @return a new writer; close it to close the group commit service it owns
		 */
		public PaimonWriter build() {
			return new PaimonWriter(this);
		}

	}

}
