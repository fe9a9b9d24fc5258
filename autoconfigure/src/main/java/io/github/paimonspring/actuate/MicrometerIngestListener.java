package io.github.paimonspring.actuate;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.github.paimonspring.ingest.IngestListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Records the group commits with Micrometer, tagged with {@code table}: gauges
 * {@code paimon.ingest.queued.requests} and {@code paimon.ingest.queued.bytes} (the current group),
 * counter {@code paimon.ingest.commits} (tag {@code result}: {@code committed} or {@code failed}),
 * distribution summary {@code paimon.ingest.group.requests} (requests per commit), and timers
 * {@code paimon.ingest.commit.latency}, {@code paimon.ingest.commit.interval} (time between two commits of
 * a table) and {@code paimon.ingest.ack.latency} (arrival to acknowledgement of a request, with p50,
 * p95 and p99).
 */
public class MicrometerIngestListener implements IngestListener {

	/** Requests in the current group of a table. */
	public static final String QUEUED_REQUESTS = "paimon.ingest.queued.requests";

	/** Arrow bytes in the current group of a table. */
	public static final String QUEUED_BYTES = "paimon.ingest.queued.bytes";

	/** Group commits, per table and result. */
	public static final String COMMITS = "paimon.ingest.commits";

	/** Requests per group commit. */
	public static final String GROUP_REQUESTS = "paimon.ingest.group.requests";

	/** Duration of a group commit. */
	public static final String COMMIT_LATENCY = "paimon.ingest.commit.latency";

	/** Time between two group commits of a table. */
	public static final String COMMIT_INTERVAL = "paimon.ingest.commit.interval";

	/** Time from a request's arrival at its group to its acknowledgement. */
	public static final String ACK_LATENCY = "paimon.ingest.ack.latency";

	private static final String TABLE = "table";

	private final MeterRegistry registry;

	private final Map<String, AtomicLong[]> queued = new ConcurrentHashMap<>();

	private final Map<String, Long> lastCommit = new ConcurrentHashMap<>();

	/**
	 * Creates the listener.
	 * @param registry the registry to record into
	 */
	public MicrometerIngestListener(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void queued(String table, int requests, long bytes) {
		AtomicLong[] gauges = this.queued.computeIfAbsent(table, (name) -> {
			AtomicLong[] values = { new AtomicLong(), new AtomicLong() };
			Gauge.builder(QUEUED_REQUESTS, values[0],
					AtomicLong::get).description("Requests waiting for a group commit")
				.tag(TABLE, name).register(this.registry);
			Gauge.builder(QUEUED_BYTES, values[1],
					AtomicLong::get).description("Arrow bytes waiting for a group commit")
				.baseUnit("bytes").tag(TABLE, name).register(this.registry);
			return values;
		});
		gauges[0].set(requests);
		gauges[1].set(bytes);
	}

	@Override
	public void committed(String table, int requests, long rows, long commitNanos) {
		Counter.builder(COMMITS).description("Group commits").tag(TABLE, table).tag("result", "committed")
			.register(this.registry).increment();
		DistributionSummary.builder(GROUP_REQUESTS).description("Requests per group commit").tag(TABLE, table)
			.register(this.registry).record(requests);
		Timer.builder(COMMIT_LATENCY).description("Duration of a group commit").tag(TABLE, table)
			.register(this.registry).record(Duration.ofNanos(commitNanos));
		long now = System.nanoTime();
		Long previous = this.lastCommit.put(table, now);
		if (previous != null) {
			Timer.builder(COMMIT_INTERVAL).description("Time between two group commits of a table").tag(TABLE, table)
				.register(this.registry).record(Duration.ofNanos(now - previous));
		}
	}

	@Override
	public void acknowledged(String table, long latencyNanos) {
		Timer.builder(ACK_LATENCY).description("Arrival to acknowledgement of a grouped request").tag(TABLE, table)
			.publishPercentiles(0.5, 0.95, 0.99).register(this.registry).record(Duration.ofNanos(latencyNanos));
	}

	@Override
	public void failed(String table, Throwable cause) {
		Counter.builder(COMMITS).description("Group commits").tag(TABLE, table).tag("result", "failed")
			.register(this.registry).increment();
	}

}
