package io.github.paimonspring.maintenance;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.paimonspring.PeriodicLifecycle;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.ingest.KeyClaims;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the {@link PaimonMaintenance} on a schedule for the tables of its {@link MaintenanceScope} — the
 * declared tables and those the service writes, except the excluded ones — each by its
 * {@link MaintenancePolicy}. Every interval, the scope is read again and each table is observed; it is
 * compacted when one bucket of one partition holds at least {@code minFiles} data files or
 * postpone-bucket files are pending; its snapshots and partitions are expired as its options say; and
 * its orphan files are removed — every {@code orphanInterval}, and in the next round after another
 * instance died (whose uncommitted files are removed at any age, see {@link OrphanFiles}). A run of a
 * table holds the table's maintenance claim in the shared {@link KeyClaims} (the JDBC catalog's database
 * when there is one), so two instances never maintain one table at once; an instance that finds the
 * claim taken skips the table until the next interval; stopping the scheduler interrupts the run in
 * progress and waits (up to 10 s) for it to release its claim. A written table that no longer exists is
 * forgotten (until it is written again). Keeps the last runs and the last observed state per table for
 * the admin API, the actuator and the {@link MaintenanceListener}.
 */
public class MaintenanceScheduler extends PeriodicLifecycle implements MaintenanceSchedule {

	private static final Logger logger = LoggerFactory.getLogger(MaintenanceScheduler.class);

	private static final int RUNS_KEPT = 100;

	/** How long a stop waits for the interrupted run to end and release its claim. */
	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private final PaimonMaintenance maintenance;

	private final OrphanFiles orphans;

	private final Duration orphanInterval;

	/** Per table: when its orphan files were last removed, and which dead instances that run knew. */
	private final Map<String, OrphanSweep> sweeps = new HashMap<>();

	private final MaintenanceScope scope;

	private final MaintenanceListener listener;

	private final Map<String, TableState> states = new ConcurrentHashMap<>();

	private final KeyClaims claims;

	private final String instance;

	private final Deque<MaintenanceRun> runs = new ArrayDeque<>();

	/**
	 * Creates the scheduler.
	 * @param maintenance the maintenance operations
	 * @param orphans the orphan-file cleanup
	 * @param tables the tables to maintain ({@code database.table}) with their policies
	 * @param claims where the per-table maintenance claims are taken
	 * @param interval the time between two rounds
	 * @param orphanInterval the time between two orphan-file cleanups of a table
	 * @param listener told about every run
	 */
	public MaintenanceScheduler(PaimonMaintenance maintenance, OrphanFiles orphans, Map<String,
			MaintenancePolicy> tables,
			KeyClaims claims, Duration interval, Duration orphanInterval, MaintenanceListener listener) {
		this(maintenance, orphans, MaintenanceScope.declaredOnly(tables), claims, interval, orphanInterval, listener);
	}

	/**
	 * Creates the scheduler over a scope that may grow with the tables the service writes.
	 * @param maintenance the maintenance operations
	 * @param orphans the orphan-file cleanup
	 * @param scope the tables to maintain, read again every round
	 * @param claims where the per-table maintenance claims are taken
	 * @param interval the time between two rounds
	 * @param orphanInterval the time between two orphan-file cleanups of a table
	 * @param listener told about every run
	 */
	public MaintenanceScheduler(PaimonMaintenance maintenance, OrphanFiles orphans, MaintenanceScope scope,
			KeyClaims claims, Duration interval, Duration orphanInterval, MaintenanceListener listener) {
		super("paimon-maintenance", interval, STOP_TIMEOUT);
		this.maintenance = maintenance;
		this.orphans = orphans;
		this.orphanInterval = orphanInterval;
		this.scope = scope;
		this.claims = claims;
		this.listener = listener;
		this.instance = orphans.instance();
	}

	/**
	 * Runs one round over every table now; an interrupted round ends after the table it maintains.
	 */
	public void runOnce() {
		for (Map.Entry<String, MaintenancePolicy> table : this.scope.refresh().entrySet()) {
			if (isStopping() || Thread.currentThread().isInterrupted()) {
				return;
			}
			if (table.getValue().enabled()) {
				runTable(table.getKey(), table.getValue());
			}
		}
	}

	private void runTable(String table, MaintenancePolicy policy) {
		String claim = "maintenance";
		if (!this.claims.claim(table, claim)) {
			return; // another instance maintains it right now
		}
		Instant started = Instant.now();
		CompactionResult compaction = null;
		OrphanFilesResult removed = null;
		int expired = 0;
		int partitions = 0;
		String error = null;
		Instant finished;
		TableState state = null;
		try {
			TableState before = this.maintenance.observe(table);
			if (before.pendingPostponeFiles() > 0 || before.maxFilesPerBucket() >= policy.minFiles()) {
				compaction = this.maintenance.compact(table, false);
			}
			expired = this.maintenance.expireSnapshots(table);
			partitions = this.maintenance.expirePartitions(table).size();
			removed = removeOrphans(table, started);
			state = (compaction != null || expired > 0 || partitions > 0) ? this.maintenance.observe(table) : before;
			this.states.put(table, state);
		}
		catch (UnsupportedTableException ex) {
			error = ex.getMessage();
		}
		catch (TableNotFoundException ex) {
			error = ex.getMessage();
			if (this.scope.forget(table)) {
				logger.info("Table '{}' no longer exists; it is maintained again once it is written", table);
				this.states.remove(table);
			}
			else {
				logger.warn("Maintenance of table '{}' failed: {}", table, ex.getMessage());
			}
		}
		catch (RuntimeException ex) {
			error = ex.getMessage();
			logger.warn("Maintenance of table '{}' failed: {}", table, ex.getMessage());
		}
		finally {
			// the run ends before the claim is released, so runs of two instances never overlap
			finished = Instant.now();
			this.claims.release(table, claim);
		}
		MaintenanceRun run = new MaintenanceRun(table, this.instance, started, finished, compaction, expired,
				partitions,
				removed, error);
		record(run);
		this.listener.ran(run, state);
	}

	private record OrphanSweep(Instant at, Set<String> deadInstances) {
	}

	/** Removes orphan files when the interval passed or an instance died since the last cleanup. */
	private @Nullable OrphanFilesResult removeOrphans(String table, Instant now) {
		Set<String> dead = this.orphans.deadInstances();
		OrphanSweep last;
		synchronized (this.sweeps) {
			last = this.sweeps.get(table);
		}
		boolean due = last == null || last.at().plus(this.orphanInterval).isBefore(now)
				|| !last.deadInstances().containsAll(dead);
		if (!due) {
			return null;
		}
		OrphanFilesResult result = this.orphans.remove(table, false);
		synchronized (this.sweeps) {
			this.sweeps.put(table, new OrphanSweep(now, dead));
		}
		return result;
	}

	private synchronized void record(MaintenanceRun run) {
		this.runs.addLast(run);
		while (this.runs.size() > RUNS_KEPT * Math.max(1, this.scope.tables().size())) {
			this.runs.removeFirst();
		}
	}

	/**
	 * Returns the tables this scheduler maintains, with their policies, as of its last round and this
	 * instance's writes since (without reading the shared state).
	 * @return the policies by table identifier: the declared tables first, then the written ones
	 */
	public Map<String, MaintenancePolicy> tables() {
		return Collections.unmodifiableMap(this.scope.tables());
	}

	/**
	 * Returns whether this scheduler maintains a table: it is in the scope and its policy is enabled.
	 * @param table the table identifier
	 * @return {@code true} when its rounds maintain the table
	 */
	@Override
	public boolean maintains(String table) {
		MaintenancePolicy policy = this.scope.tables().get(table);
		return policy != null && policy.enabled();
	}

	@Override
	public boolean excludes(String table) {
		return this.scope.excluded(table);
	}

	/**
	 * Returns the scope: which tables are maintained, and which are excluded.
	 * @return the scope
	 */
	public MaintenanceScope scope() {
		return this.scope;
	}

	/**
	 * Returns a table as this instance's last run left it.
	 * @param table the table identifier
	 * @return the state, or {@code null} before the first run
	 */
	public @Nullable TableState lastState(String table) {
		return this.states.get(table);
	}

	/**
	 * Returns the last runs of a table, oldest first.
	 * @param table the table identifier
	 * @return the runs
	 */
	@Override
	public synchronized List<MaintenanceRun> runs(String table) {
		List<MaintenanceRun> result = new ArrayList<>();
		for (MaintenanceRun run : this.runs) {
			if (run.table().equals(table)) {
				result.add(run);
			}
		}
		return result;
	}

	@Override
	protected void runPeriodically() {
		runOnce();
	}

}
