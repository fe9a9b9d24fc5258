package io.github.paimonspring.maintenance;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.UUID;

import io.github.paimonspring.PeriodicLifecycle;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.write.UnsupportedTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;


/**
 * Runs {@link TableMaintenance} on a schedule for the configured tables: every interval, each table
 * whose latest snapshot holds at least {@code minFiles} data files, or any {@code bucket-postpone} file
 * (whose rows no reader sees until then), is compacted, and its snapshots are expired. A run of a table
 * holds the table's maintenance claim in the shared {@link KeyClaims} (the JDBC catalog's database when
 * there is one), so two instances never maintain one table at once; an instance that finds the claim
 * taken skips the table until the next interval. Keeps the last runs per table for the admin API.
 */
public class MaintenanceScheduler extends PeriodicLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(MaintenanceScheduler.class);

	private static final int RUNS_KEPT = 100;

	private final TableMaintenance maintenance;

	private final List<String> tables;

	private final KeyClaims claims;

	private final int minFiles;

	private final String instance = UUID.randomUUID().toString().substring(0, 8);

	private final Deque<MaintenanceRun> runs = new ArrayDeque<>();

	/**
	 * Creates the scheduler.
	 * @param maintenance the maintenance operations
	 * @param tables the tables to maintain ({@code database.table})
	 * @param claims where the per-table maintenance claims are taken
	 * @param interval the time between two rounds
	 * @param minFiles compact a table once its latest snapshot holds this many data files
	 */
	public MaintenanceScheduler(TableMaintenance maintenance, List<String> tables, KeyClaims claims, Duration interval,
			int minFiles) {
		super("paimon-maintenance", interval);
		this.maintenance = maintenance;
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
		int expired = 0;
		String error = null;
		Instant finished;
		try {
			// postponed rows are invisible until compacted: any postponed file is worth a compaction
			if (this.maintenance.pendingPostponeFiles(table) > 0 || this.maintenance.liveFiles(table) >= this.minFiles) {
				compaction = this.maintenance.compact(table, false);
			}
			expired = this.maintenance.expireSnapshots(table);
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
		record(new MaintenanceRun(table, this.instance, started, finished, compaction, expired, error));
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
