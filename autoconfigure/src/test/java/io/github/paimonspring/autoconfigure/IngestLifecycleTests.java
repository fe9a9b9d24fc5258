package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.support.Batches;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.web.server.context.WebServerGracefulShutdownLifecycle;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.support.GenericApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The group commit's place in the application's life is a phase, not a bean name: what feeds it from the
 * default phase (the Kafka pipelines, an application's own component) stops while it still commits, and
 * it commits what waits before the web server's graceful shutdown.
 */
class IngestLifecycleTests {

	private static final String[] EVENTS = { "paimon.tables.events.identifier=shop.events",
			"paimon.tables.events.create-if-missing=true", "paimon.tables.events.schema.columns[0].name=id",
			"paimon.tables.events.schema.columns[0].type=INT NOT NULL",
			"paimon.tables.events.schema.columns[1].name=name",
			"paimon.tables.events.schema.columns[1].type=STRING" };

	@TempDir
	Path warehouse;

	@Test
	void stopsAfterTheDefaultPhaseAndTheGracefulShutdownButBeforeTheWebServer() {
		assertThat(IngestLifecycle.PHASE).isLessThan(SmartLifecycle.DEFAULT_PHASE)
			.isLessThan(WebServerGracefulShutdownLifecycle.SMART_LIFECYCLE_PHASE)
			.isGreaterThan(WebServerGracefulShutdownLifecycle.SMART_LIFECYCLE_PHASE - 1024);
	}

	@Test
	void aContextClosedInCodeDoesNotDrain() {
		assertThat(ShutdownDrain.jvmShuttingDown()).isFalse();
		List<Object> events = new ArrayList<>();
		try (GenericApplicationContext context = new GenericApplicationContext()) {
			context.addApplicationListener(events::add);
			context.refresh();
			ShutdownDrain drain = new ShutdownDrain(context, Duration.ofHours(1));
			// returns at once, without a readiness change; an hour's drain would fail the bound
			assertThat(CompletableFuture.runAsync(() -> drain.onApplicationEvent(new ContextClosedEvent(context))))
				.succeedsWithin(Duration.ofMinutes(1));
			assertThat(events).noneMatch(AvailabilityChangeEvent.class::isInstance);
		}
	}

	@Test
	void aComponentOfTheDefaultPhaseStillIngestsWhileItStops() {
		AtomicReference<Feeder> feeder = new AtomicReference<>();
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.withPropertyValues(EVENTS)
			.withBean(Feeder.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				feeder.set(context.getBean(Feeder.class));
			});
		WriteResult last = feeder.get().lastWrite.get();
		assertThat(last).as("the write of the stopping component").isNotNull();
		assertThat(last.committed()).isTrue();
	}

	/** Ingests one last batch when it stops, as a pipeline flushing what it consumed would. */
	static final class Feeder implements SmartLifecycle {

		private final PaimonOperations operations;

		private volatile boolean running;

		final AtomicReference<WriteResult> lastWrite = new AtomicReference<>();

		Feeder(PaimonOperations operations) {
			this.operations = operations;
		}

		@Override
		public void start() {
			this.running = true;
		}

		@Override
		public void stop() {
			try (BufferAllocator allocator = new RootAllocator();
					VectorSchemaRoot batch = Batches.idName(allocator, 1, "last")) {
				this.lastWrite.set(this.operations.ingest(WriteRequest.into("events"), List.of(batch)).join());
			}
			this.running = false;
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

	}

}
