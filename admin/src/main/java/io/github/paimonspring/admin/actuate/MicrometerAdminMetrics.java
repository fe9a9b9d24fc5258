package io.github.paimonspring.admin.actuate;

import java.time.Duration;

import io.github.paimonspring.admin.AdminTransactions;
import io.github.paimonspring.admin.access.AdminAuditEvent;
import io.github.paimonspring.admin.access.AdminAuditListener;
import io.github.paimonspring.admin.model.AdminMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Records the admin API's writes, commits and aborts with Micrometer: counters
 * {@code paimon.write.rows}, {@code paimon.write.bytes}, {@code paimon.commits} (tag {@code result}
 * is {@code committed} or {@code skipped}) and {@code paimon.aborts}, and the timer
 * {@code paimon.commit.latency}, all tagged with {@code table}.
 */
public class MicrometerAdminMetrics implements AdminMetrics, AdminAuditListener {

	/** Rows written, per table. */
	public static final String WRITE_ROWS = "paimon.write.rows";

	/** Request bytes read, per table. */
	public static final String WRITE_BYTES = "paimon.write.bytes";

	/** Commit attempts, per table and result. */
	public static final String COMMITS = "paimon.commits";

	/** Aborts (explicit, failed or expired), per table. */
	public static final String ABORTS = "paimon.aborts";

	/** Commit latency, per table. */
	public static final String COMMIT_LATENCY = "paimon.commit.latency";

	/** State-changing admin requests, per principal, operation and outcome (the audit trail's counter). */
	public static final String REQUESTS = "paimon.admin.requests";

	/** Transactions that hold a writer or uncommitted files. */
	public static final String OPEN_TRANSACTIONS = "paimon.transactions.open";

	private static final String TABLE = "table";

	private final MeterRegistry registry;

	/**
	 * Creates the metrics.
	 * @param registry the registry to record into
	 */
	public MicrometerAdminMetrics(MeterRegistry registry) {
		if (registry == null) {
			throw new IllegalArgumentException("A MeterRegistry is required to record Paimon admin metrics");
		}
		this.registry = registry;
	}

	/**
	 * Returns a binder of the {@code paimon.transactions.open} gauge, which reads
	 * {@link AdminTransactions#openTransactions()}.
	 * @param transactions the admin service to observe
	 * @return the binder
	 */
	public static MeterBinder openTransactions(AdminTransactions transactions) {
		return (registry) -> Gauge.builder(OPEN_TRANSACTIONS, transactions, AdminTransactions::openTransactions)
			.description("Admin transactions that hold a writer or uncommitted files")
			.register(registry);
	}

	/**
	 * Adds to {@code paimon.write.rows} and {@code paimon.write.bytes} of the table.
	 */
	@Override
	public void written(String table, long rows, long bytes) {
		Counter.builder(WRITE_ROWS)
			.description("Rows written through the Paimon admin API")
			.baseUnit("rows")
			.tag(TABLE, table)
			.register(this.registry)
			.increment((double) rows);
		Counter.builder(WRITE_BYTES)
			.description("Arrow IPC request bytes read by the Paimon admin API")
			.baseUnit("bytes")
			.tag(TABLE, table)
			.register(this.registry)
			.increment((double) bytes);
	}

	/**
	 * Counts the commit in {@code paimon.commits} (result {@code committed} or {@code skipped}) and
	 * records its latency in {@code paimon.commit.latency}.
	 */
	@Override
	public void committed(String table, Duration latency, boolean committed) {
		Counter.builder(COMMITS)
			.description("Commits of the Paimon admin API; result=skipped when nothing new was committed")
			.tag(TABLE, table)
			.tag("result", committed ? "committed" : "skipped")
			.register(this.registry)
			.increment();
		Timer.builder(COMMIT_LATENCY)
			.description("How long Paimon admin API commits take")
			.tag(TABLE, table)
			.register(this.registry)
			.record(latency);
	}

	/**
	 * Counts the abort in {@code paimon.aborts}.
	 */
	@Override
	public void aborted(String table) {
		Counter.builder(ABORTS)
			.description("Aborted Paimon admin API writes (explicit, failed or expired)")
			.tag(TABLE, table)
			.register(this.registry)
			.increment();
	}

	@Override
	public void audited(AdminAuditEvent event) {
		Counter.builder(REQUESTS)
			.description("State-changing admin requests")
			.tag("principal", event.principal())
			.tag("operation", event.operation().id())
			.tag("outcome", event.outcome())
			.register(this.registry)
			.increment();
	}

}
