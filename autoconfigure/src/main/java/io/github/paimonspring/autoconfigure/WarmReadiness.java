package io.github.paimonspring.autoconfigure;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

/**
 * Ready when warm: the application's {@code ACCEPTING_TRAFFIC} (which Spring Boot publishes once the application
 * has started) is held until the indexes of idempotency keys and channel states of the configured tables were read
 * ({@link IngestLifecycle#warm()}), so that a load balancer's first requests are answered at steady-state speed
 * instead of waiting for a long snapshot history. Bounded by {@code paimon.ingest.warm-up-timeout}: beyond it the
 * instance turns ready anyway and the first requests read what is left. The time from the JVM's start to ready is
 * kept for the {@code paimon} endpoint ({@code readiness} section).
 */
final class WarmReadiness implements ApplicationListener<AvailabilityChangeEvent<?>>, Ordered {

	private static final Logger logger = LoggerFactory.getLogger(WarmReadiness.class);

	private final IngestLifecycle lifecycle;

	private final Duration bound;

	private volatile @Nullable Duration startToReady;

	private volatile boolean warmedInTime;

	WarmReadiness(IngestLifecycle lifecycle, Duration bound) {
		this.lifecycle = lifecycle;
		this.bound = bound;
	}

	@Override
	public void onApplicationEvent(AvailabilityChangeEvent<?> event) {
		if (event.getState() != ReadinessState.ACCEPTING_TRAFFIC || this.startToReady != null) {
			return;
		}
		long started = System.nanoTime();
		try {
			// listeners run in order, this one first: the state changes once it returns
			this.lifecycle.warm().get(this.bound.toMillis(), TimeUnit.MILLISECONDS);
			this.warmedInTime = true;
		}
		catch (TimeoutException ex) {
			logger.warn("The indexes of the configured tables were not read within {} "
					+ "(paimon.ingest.warm-up-timeout): ready anyway, the first requests read the rest", this.bound);
		}
		catch (ExecutionException ex) {
			logger.debug("Warming up failed: {}", ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		Duration ready = Duration.ofMillis(ManagementFactory.getRuntimeMXBean().getUptime());
		this.startToReady = ready;
		logger.info("Ready to accept traffic {} ms after the JVM started (the indexes of {} table(s) read in {} ms)",
				ready.toMillis(), this.lifecycle.tables(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
	}

	/** Before Spring Boot's own listener records the new state. */
	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	/**
	 * The time from the JVM's start to the first {@code ACCEPTING_TRAFFIC}, or {@code null} before.
	 * @return the duration
	 */
	@Nullable Duration startToReady() {
		return this.startToReady;
	}

	/** Whether the warm-up finished within its bound. */
	boolean warmedInTime() {
		return this.warmedInTime;
	}

}
