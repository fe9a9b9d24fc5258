package io.github.paimonspring.actuate;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToLongFunction;

import io.github.paimonspring.maintenance.MaintenanceListener;
import io.github.paimonspring.maintenance.MaintenanceRun;
import io.github.paimonspring.maintenance.TableState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.jspecify.annotations.Nullable;

/**
 * Records the scheduled maintenance with Micrometer, tagged with {@code table}: timer
 * {@code paimon.maintenance.duration} (tag {@code result}: {@code ok} or {@code failed}); counters
 * {@code paimon.maintenance.compacted.files} (files rewritten), {@code paimon.maintenance.expired.snapshots},
 * {@code paimon.maintenance.expired.partitions} and {@code paimon.maintenance.orphan.files} (removed); and
 * gauges of the table as the last run left it: {@code paimon.table.files}, {@code paimon.table.bytes},
 * {@code paimon.table.snapshots} and {@code paimon.table.postpone.files} (rows no reader sees yet).
 */
public class MicrometerMaintenanceListener implements MaintenanceListener {

	/** Duration of a maintenance run of a table. */
	public static final String DURATION = "paimon.maintenance.duration";

	/** Data files rewritten by compactions. */
	public static final String COMPACTED_FILES = "paimon.maintenance.compacted.files";

	/** Snapshots expired. */
	public static final String EXPIRED_SNAPSHOTS = "paimon.maintenance.expired.snapshots";

	/** Partitions dropped because their time ran out. */
	public static final String EXPIRED_PARTITIONS = "paimon.maintenance.expired.partitions";

	/** Orphan files removed. */
	public static final String ORPHAN_FILES = "paimon.maintenance.orphan.files";

	/** Live data files of a table. */
	public static final String TABLE_FILES = "paimon.table.files";

	/** Bytes of the live data files of a table. */
	public static final String TABLE_BYTES = "paimon.table.bytes";

	/** Retained snapshots of a table. */
	public static final String TABLE_SNAPSHOTS = "paimon.table.snapshots";

	/** Pending postpone-bucket files of a table. */
	public static final String TABLE_POSTPONE_FILES = "paimon.table.postpone.files";

	private static final String TABLE = "table";

	private final MeterRegistry registry;

	private final Map<String, AtomicReference<TableState>> states = new ConcurrentHashMap<>();

	/**
	 * Creates the listener.
	 * @param registry the registry to record into
	 */
	public MicrometerMaintenanceListener(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void ran(MaintenanceRun run, @Nullable TableState state) {
		String table = run.table();
		Timer.builder(DURATION).description("Duration of a scheduled maintenance run").tag(TABLE, table)
			.tag("result", (run.error() != null) ? "failed" : "ok").register(this.registry)
			.record(Duration.between(run.started(), run.finished()));
		count(COMPACTED_FILES, "Data files rewritten by compactions", table,
				(run.compaction() != null) ? run.compaction().filesBefore() : 0);
		count(EXPIRED_SNAPSHOTS, "Snapshots expired", table, run.expiredSnapshots());
		count(EXPIRED_PARTITIONS, "Partitions dropped because their time ran out", table, run.expiredPartitions());
		count(ORPHAN_FILES, "Orphan files removed", table, (run.orphanFiles() != null) ? run.orphanFiles().files() : 0);
		if (state != null) {
			this.states.computeIfAbsent(table, this::register).set(state);
		}
	}

	private void count(String name, String description, String table, long amount) {
		Counter.builder(name)
			.description(description)
			.tag(TABLE, table)
			.register(this.registry)
			.increment((double) amount);
	}

	private AtomicReference<TableState> register(String table) {
		AtomicReference<TableState> state = new AtomicReference<>();
		gauge(TABLE_FILES, "Live data files", table, state, TableState::files, null);
		gauge(TABLE_BYTES, "Bytes of the live data files", table, state, TableState::bytes, "bytes");
		gauge(TABLE_SNAPSHOTS, "Retained snapshots", table, state, TableState::snapshots, null);
		gauge(TABLE_POSTPONE_FILES, "Postpone-bucket files no reader sees until a compaction", table, state,
				TableState::pendingPostponeFiles, null);
		return state;
	}

	private void gauge(String name, String description, String table, AtomicReference<TableState> state,
			ToLongFunction<TableState> value, @Nullable String unit) {
		Gauge.builder(name, state, (holder) -> (holder.get() != null) ? value.applyAsLong(holder.get()) : Double.NaN)
			.description(description).baseUnit(unit).tag(TABLE, table).register(this.registry);
	}

}
