package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.paimonspring.actuate.PaimonEndpointSection;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.ingest.LocalKeyClaims;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.support.GenericApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

/**
 * Ready when warm: the readiness {@code ACCEPTING_TRAFFIC} is held until the indexes of the configured tables were
 * read, within {@code paimon.ingest.warm-up-timeout}, and the time from the JVM's start to ready is the
 * {@code paimon} endpoint's {@code readiness} section.
 */
class WarmReadinessTests {

	@TempDir
	Path warehouse;

	@Test
	void acceptingTrafficWaitsForTheWarmUp() throws Exception {
		CompletableFuture<Void> indexRead = new CompletableFuture<>();
		try (Ingester ingester = new Ingester(IngestSettings.DEFAULTS, new LocalKeyClaims(), IngestListener.NONE, 0);
				GenericApplicationContext context = new GenericApplicationContext()) {
			IngestLifecycle lifecycle = new IngestLifecycle(ingester, (table) -> indexRead, List.of("orders"));
			lifecycle.start();
			WarmReadiness readiness = new WarmReadiness(lifecycle, Duration.ofHours(1));
			Thread main = Thread.currentThread();
			AtomicBoolean heldWhileReading = new AtomicBoolean();
			CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
				// the index is read once the readiness listener waits for it
				long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
				while (main.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
					Thread.onSpinWait();
				}
				heldWhileReading.set(main.getState() == Thread.State.TIMED_WAITING && readiness.startToReady() == null);
				indexRead.complete(null);
			});
			readiness.onApplicationEvent(new AvailabilityChangeEvent<>(context, ReadinessState.ACCEPTING_TRAFFIC));
			reader.get(1, TimeUnit.MINUTES);
			assertThat(heldWhileReading).as("ACCEPTING_TRAFFIC held while the index is read").isTrue();
			assertThat(readiness.warmedInTime()).isTrue();
			assertThat(readiness.startToReady()).isPositive();
			assertThat(new ReadinessEndpointSection(readiness).read()).asInstanceOf(MAP)
				.containsEntry("warmedInTime", true)
				.containsKey("startToReadyMillis");
		}
	}

	@Test
	void anIndexThatIsNotReadInTimeDoesNotKeepTheInstanceUnready() throws Exception {
		try (Ingester ingester = new Ingester(IngestSettings.DEFAULTS, new LocalKeyClaims(), IngestListener.NONE, 0);
				GenericApplicationContext context = new GenericApplicationContext()) {
			IngestLifecycle lifecycle = new IngestLifecycle(ingester, (table) -> new CompletableFuture<>(),
					List.of("orders"));
			lifecycle.start();
			WarmReadiness readiness = new WarmReadiness(lifecycle, Duration.ofMillis(50));
			readiness.onApplicationEvent(new AvailabilityChangeEvent<>(context, ReadinessState.ACCEPTING_TRAFFIC));
			assertThat(readiness.warmedInTime()).isFalse();
			assertThat(readiness.startToReady()).isNotNull();
		}
	}

	@Test
	void anApplicationIsReadyOnlyOnceTheIndexesOfItsTablesWereRead() {
		AtomicBoolean warmWhenReady = new AtomicBoolean();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
			.web(WebApplicationType.NONE)
			.listeners((ApplicationListener<AvailabilityChangeEvent<?>>) (event) -> {
				if (event.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
					// a listener of lower precedence, as Spring Boot's own: it sees the state after the warm-up
					warmWhenReady.set(event.getSource() instanceof ConfigurableApplicationContext ready
							&& ready.getBean(IngestLifecycle.class).warm().isDone());
				}
			})
			.properties("paimon.catalog.warehouse=" + this.warehouse, "paimon.tables.events.identifier=shop.events",
					"paimon.tables.events.create-if-missing=true",
					"paimon.tables.events.schema.columns[0].name=id",
					"paimon.tables.events.schema.columns[0].type=INT NOT NULL")
			.run()) {
			assertThat(warmWhenReady).as("the indexes were read when the readiness turned").isTrue();
			Object section = context.getBeansOfType(PaimonEndpointSection.class).values().stream()
				.filter((candidate) -> candidate.name().equals("readiness"))
				.findFirst()
				.orElseThrow()
				.read();
			assertThat(section).asInstanceOf(MAP)
				.containsEntry("warmedInTime", true);
			assertThat(((Map<?, ?>) section).get("startToReadyMillis")).isInstanceOf(Long.class);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(PaimonAutoConfiguration.class)
	static class App {

	}

}
