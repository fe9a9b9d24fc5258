package io.github.paimonspring.kafka.actuate;

import java.time.Duration;
import java.util.function.ToDoubleFunction;

import io.github.paimonspring.kafka.BadRecordException;
import io.github.paimonspring.kafka.KafkaPipelineListener;
import io.github.paimonspring.kafka.KafkaPipelineView;
import io.github.paimonspring.kafka.KafkaPipelines;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Records the Kafka pipelines with Micrometer, tagged with {@code pipeline}: counter
 * {@code paimon.kafka.records} (tag {@code result}: {@code written} once the append covering them is
 * committed, {@code dead-lettered}, {@code skipped}; its rate is records/s), counter
 * {@code paimon.kafka.dead.letters} (tag {@code reason}: malformed, mismatch, too-large, tombstone), counter
 * {@code paimon.kafka.append.failures}, timer {@code paimon.kafka.append.latency} (sending an append to its
 * commit, p50/p95/p99) and, bound by {@link #lag}, gauge {@code paimon.kafka.lag} (records between the
 * partitions' ends and their committed offsets, over this instance's partitions).
 */
public class MicrometerKafkaPipelineListener implements KafkaPipelineListener {

	/** Records consumed, per pipeline and result. */
	public static final String RECORDS = "paimon.kafka.records";

	/** Records published to the dead-letter topic, per pipeline and reason. */
	public static final String DEAD_LETTERS = "paimon.kafka.dead.letters";

	/** Appends that failed (their partition resumed from the committed offset). */
	public static final String APPEND_FAILURES = "paimon.kafka.append.failures";

	/** Time from sending an append to its commit. */
	public static final String APPEND_LATENCY = "paimon.kafka.append.latency";

	/** Records beyond the committed offsets of this instance's partitions. */
	public static final String LAG = "paimon.kafka.lag";

	private static final String PIPELINE = "pipeline";

	private final MeterRegistry registry;

	/**
	 * Creates the listener.
	 * @param registry the registry to record into
	 */
	public MicrometerKafkaPipelineListener(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void appended(String pipeline, int records, long rows, long latencyNanos) {
		records(pipeline, "written").increment(records);
		Timer.builder(APPEND_LATENCY).description("Time from sending a channel append to its commit")
			.publishPercentiles(0.5, 0.95, 0.99).tag(PIPELINE, pipeline).register(this.registry)
			.record(Duration.ofNanos(latencyNanos));
	}

	@Override
	public void appendFailed(String pipeline, Throwable cause) {
		Counter.builder(APPEND_FAILURES).description("Channel appends that failed (the partition resumed from its "
				+ "committed offset)").tag(PIPELINE, pipeline).register(this.registry).increment();
	}

	@Override
	public void deadLettered(String pipeline, BadRecordException.Reason reason) {
		records(pipeline, "dead-lettered").increment();
		Counter.builder(DEAD_LETTERS).description("Records published to the dead-letter topic").tag(PIPELINE, pipeline)
			.tag("reason", reason.value()).register(this.registry).increment();
	}

	@Override
	public void skipped(String pipeline) {
		records(pipeline, "skipped").increment();
	}

	private Counter records(String pipeline, String result) {
		return Counter.builder(RECORDS).description("Kafka records consumed into Paimon").tag(PIPELINE, pipeline)
			.tag("result", result).register(this.registry);
	}

	/**
	 * The {@code paimon.kafka.lag} gauge of every pipeline.
	 * @param pipelines the pipelines
	 * @return the binder
	 */
	public static MeterBinder lag(KafkaPipelines pipelines) {
		return (registry) -> {
			for (KafkaPipelineView view : pipelines.pipelines()) {
				String name = view.name();
				ToDoubleFunction<KafkaPipelines> lag = (all) -> all.pipelines().stream()
					.filter((pipeline) -> pipeline.name().equals(name)).mapToLong(KafkaPipelineView::lag).sum();
				Gauge.builder(LAG, pipelines, lag).description("Records between the partitions' ends and the offsets "
						+ "committed to the table").tag(PIPELINE, name).register(registry);
			}
		};
	}

}
