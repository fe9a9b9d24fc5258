package io.github.paimonspring.actuate;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.maintenance.MaintenanceListener;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.write.SchemaChangeListener;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's own listener beans are told next to the Micrometer metrics, not instead of them.
 */
class ListenerCompositionTests {

	@TempDir
	Path warehouse;

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues(ActuatorFixtures.TABLES)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withBean(SimpleMeterRegistry.class);
	}

	@Test
	void aUserIngestListenerAndTheMetricsBothReceiveTheEventsOfARealIngest() {
		RecordingIngestListener mine = new RecordingIngestListener();
		runner().withBean(IngestListener.class, () -> mine).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(MicrometerIngestListener.class);
			WriteResult result;
			try (BufferAllocator allocator = new RootAllocator();
					VectorSchemaRoot batch = Batches.idName(allocator, 1, "a", 2, "b")) {
				result = context.getBean(PaimonOperations.class)
					.ingest(WriteRequest.into("events"), List.of(batch))
					.join();
			}
			assertThat(result.committed()).isTrue();
			assertThat(mine.events).contains("committed test.events rows=2", "acknowledged test.events");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(registry.get(MicrometerIngestListener.COMMITS)
				.tags("table", "test.events", "result", "committed")
				.counter()
				.count()).isEqualTo(1);
			assertThat(registry.get(MicrometerIngestListener.ACK_LATENCY).tag("table", "test.events").timer().count())
				.isEqualTo(1);
		});
	}

	@Test
	void aUserMaintenanceListenerAndTheMetricsBothReceiveARealMaintenanceRun() {
		List<String> runs = new CopyOnWriteArrayList<>();
		runner().withBean(MaintenanceListener.class, () -> (run, state) -> runs.add(run.table()))
			.withBean(SchemaChangeListener.class, () -> (table, kind, column) -> {
			})
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(MicrometerMaintenanceListener.class)
					.hasSingleBean(MicrometerSchemaChangeListener.class);
				try (BufferAllocator allocator = new RootAllocator();
						VectorSchemaRoot batch = Batches.idName(allocator, 1, "a")) {
					assertThat(context.getBean(PaimonOperations.class).write("events", batch).committed()).isTrue();
				}
				context.getBean(MaintenanceScheduler.class).runOnce();
				assertThat(runs).contains("test.events");
				assertThat(context.getBean(MeterRegistry.class)
					.get(MicrometerMaintenanceListener.DURATION)
					.tag("table", "test.events")
					.timer()
					.count()).isEqualTo(1);
			});
	}

	static final class RecordingIngestListener implements IngestListener {

		final List<String> events = new CopyOnWriteArrayList<>();

		@Override
		public void committed(String table, int requests, long rows, long commitNanos) {
			this.events.add("committed " + table + " rows=" + rows);
		}

		@Override
		public void acknowledged(String table, long latencyNanos) {
			this.events.add("acknowledged " + table);
		}

	}

}
