package io.github.paimonspring.ingest.group;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.ingest.snapshot.SnapshotIndex;
import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.family.StandardWriteBuilder;
import io.github.paimonspring.write.family.WriteTarget;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The current group commit and the key and channel index of every table, and the threads they run on.
 * A table's group commit writes one schema: when a request was resolved on a newer schema, the group
 * commit is retired (what it has waiting is committed on the old schema) and replaced by one on the
 * new schema; a call that meets a retired group commit runs again on the new one. Postpone
 * ({@code bucket = -2}) tables get a group commit of the postpone fixed-bucket family. Thread-safe.
 */
public final class GroupCommits implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(GroupCommits.class);

	private final IngestSettings settings;

	private final KeyClaims claims;

	private final IngestListener listener;

	private final int postponeDefaultBuckets;

	private final ScheduledExecutorService scheduler;

	private final ExecutorService indexReaders;

	private final Map<String, TableIngest<?>> tables = new ConcurrentHashMap<>();

	private final Map<String, SnapshotIndex> indexes = new ConcurrentHashMap<>();

	/**
	 * Creates the group commits and their threads.
	 * @param settings the group commit settings
	 * @param claims the claims a group commit must still hold when it commits
	 * @param listener receives what the group commits do
	 * @param postponeDefaultBuckets bucket count of new partitions of postpone tables, or 0 for each
	 * table's {@code postpone.default-bucket-num}
	 */
	public GroupCommits(IngestSettings settings, KeyClaims claims, IngestListener listener,
			int postponeDefaultBuckets) {
		this.settings = settings;
		this.claims = claims;
		this.listener = listener;
		this.postponeDefaultBuckets = postponeDefaultBuckets;
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(
				Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())), (task) -> {
					Thread thread = new Thread(task, "paimon-group-commit");
					thread.setDaemon(true);
					return thread;
				});
		// close() commits what waits itself; commits scheduled for later are dropped with the executor
		executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		executor.setRemoveOnCancelPolicy(true);
		this.scheduler = executor;
		this.indexReaders = Executors.newFixedThreadPool(settings.indexReadParallelism(), (task) -> {
			Thread thread = new Thread(task, "paimon-index-reader");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Returns the tables whose last group commits failed, with the number of consecutive failures.
	 * @return table identifier to failures; empty when every table's last commit succeeded
	 */
	public Map<String, Integer> failingTables() {
		Map<String, Integer> failing = new TreeMap<>();
		for (TableIngest<?> ingest : this.tables.values()) {
			int failures = ingest.consecutiveFailures();
			if (failures > 0) {
				failing.put(ingest.table(), failures);
			}
		}
		return failing;
	}

	/**
	 * Calls the table's current group commit, again on the new one when it was retired meanwhile
	 * (the table's schema changed).
	 * @param <T> the result type
	 * @param target the table
	 * @param call what to do with the group commit
	 * @return the call's result
	 */
	public <T extends @Nullable Object> T onCurrent(WriteTarget target, Function<TableIngest<?>, T> call) {
		while (true) {
			try {
				return call.apply(table(target));
			}
			catch (RetiredGroupException ex) {
				// the schema changed between looking up the group commit and writing into it
			}
		}
	}

	/**
	 * Returns the table's index of idempotency keys and channel states.
	 * @param target the table
	 * @return the index, shared by every group commit of the table
	 */
	public SnapshotIndex index(WriteTarget target) {
		return this.indexes.computeIfAbsent(target.location(), (location) -> new SnapshotIndex(target.name(),
				target.table(), this.indexReaders, this.settings.indexReadParallelism()));
	}

	/**
	 * Returns the table's group commit; when the target was resolved on a newer schema than the group
	 * commit writes, the group commit is retired and replaced by one on the new schema.
	 */
	private TableIngest<?> table(WriteTarget target) {
		long schemaId = target.table().schema().id();
		TableIngest<?> current = this.tables.computeIfAbsent(target.location(), (location) -> create(target));
		if (current.schemaId() >= schemaId) {
			return current;
		}
		List<TableIngest<?>> retired = new ArrayList<>(1);
		TableIngest<?> replaced = this.tables.compute(target.location(), (location, existing) -> {
			if (existing != null && existing.schemaId() >= schemaId) {
				return existing;
			}
			if (existing != null) {
				retired.add(existing);
			}
			return create(target);
		});
		for (TableIngest<?> old : retired) {
			logger.info("Schema of table '{}' changed to id {}: its group commit moves to the new schema",
					target.name(), schemaId);
			old.retire();
		}
		return replaced;
	}

	private TableIngest<?> create(WriteTarget target) {
		String commitUser = "ingest-" + UUID.randomUUID();
		if (PostponeFixedBucketWriteBuilder.supports(target.table())) {
			return new TableIngest<>(target.name(),
					new PostponeFixedBucketWriteBuilder(target, commitUser, this.postponeDefaultBuckets)
						.withAutomaticBucketPlan(),
					false, this.settings, this.scheduler, this.listener, index(target), this.claims,
					target.table().schema());
		}
		return new TableIngest<>(target.name(), new StandardWriteBuilder(target, commitUser), true, this.settings,
				this.scheduler, this.listener, index(target), this.claims, target.table().schema());
	}

	/**
	 * Commits what every table has waiting, then stops the threads; the first failure is thrown after
	 * every table was closed.
	 */
	@Override
	public void close() {
		RuntimeException failure = null;
		for (TableIngest<?> ingest : this.tables.values()) {
			try {
				ingest.close();
			}
			catch (RuntimeException ex) {
				failure = (failure == null) ? ex : failure;
			}
		}
		this.scheduler.shutdown();
		this.indexReaders.shutdown();
		try {
			this.scheduler.awaitTermination(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (failure != null) {
			throw failure;
		}
	}

}
