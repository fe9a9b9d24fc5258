package io.github.paimonspring.maintenance;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import io.github.paimonspring.PeriodicLifecycle;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.write.UnsupportedTableException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;


/**
 * Runs {@link TableMaintenance} on a schedule for the configured tables: every interval, each table
 * whose latest snapshot holds at least {@code minFiles} data files is compacted, its snapshots are
 * expired, and its orphan files are removed — every {@code orphanInterval}, and in the next round after
 * another instance died (its uncommitted files are removed at any age, see {@link OrphanFiles}). A run of a table holds the table's maintenance claim in the shared {@link KeyClaims} (the
 * JDBC catalog's database when there is one), so two instances never maintain one table at once; an
 * instance that finds the claim taken skips the table until the next interval. Keeps the last runs per
 * table for the admin API.
 */
public class MaintenanceScheduler extends PeriodicLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(MaintenanceScheduler.class);

	private static final int RUNS_KEPT = 100;

	private final TableMaintenance maintenance;

	private final OrphanFiles orphans;

	private final Duration orphanInterval;

	/** Per table: when its orphan files were last removed, and which dead instances that run knew. */
	private final Map<String, OrphanSweep> sweeps = new HashMap<>();

	private final List<String> tables;

	private final KeyClaims claims;

	private final int minFiles;

	private final String instance = UUID.randomUUID().toString().substring(0, 8);

	private final Deque<MaintenanceRun> runs = new ArrayDeque<>();

	/**
	 * Creates the scheduler.
	 * @param maintenance the maintenance operations
	 * @param orphans the orphan-file cleanup
	 * @param tables the tables to maintain ({@code database.table})
	 * @param claims where the per-table maintenance claims are taken
	 * @param interval the time between two rounds
	 * @param minFiles compact a table once its latest snapshot holds this many data files
	 * @param orphanInterval the time between two orphan-file cleanups of a table
	 */
	public MaintenanceScheduler(TableMaintenance maintenance, OrphanFiles orphans, List<String> tables, KeyClaims claims,
			Duration interval, int minFiles, Duration orphanInterval) {
		super("paimon-maintenance", interval);
		this.maintenance = maintenance;
		this.orphans = orphans;
		this.orphanInterval = orphanInterval;
		this.tables = List.copyOf(tables);
		this.claims = claims;
		this.minFiles = minFiles;
	}

	/**
	 * Runs one round over every table now.
	 */
	public void runOnce() {
		for (String table : this.tables) {
			runTable(table);
		}
	}

	private void runTable(String table) {
		String claim = "maintenance";
		if (!this.claims.claim(table, claim)) {
			return; // another instance maintains it right now
		}
		Instant started = Instant.now();
		CompactionResult compaction = null;
		OrphanFilesResult removed = null;
		int expired = 0;
		String error = null;
		Instant finished;
		try {
			if (this.maintenance.liveFiles(table) >= this.minFiles) {
				compaction = this.maintenance.compact(table, false);
			}
			expired = this.maintenance.expireSnapshots(table);
			removed = removeOrphans(table, started);
		}
		catch (UnsupportedTableException ex) {
			error = ex.getMessage();
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
		record(new MaintenanceRun(table, this.instance, started, finished, compaction, expired, removed, error));
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
		while (this.runs.size() > RUNS_KEPT * Math.max(1, this.tables.size())) {
			this.runs.removeFirst();
		}
	}

	/**
	 * Returns the last runs of a table, oldest first.
	 * @param table the table identifier
	 * @return the runs
	 */
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
