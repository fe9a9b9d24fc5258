package io.github.paimonspring.autoconfigure;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;

/**
 * The first step of a shutdown by signal: readiness turns {@code REFUSING_TRAFFIC} and, for
 * {@code paimon.ingest.shutdown-drain}, nothing stops — requests are still accepted and committed while load
 * balancers see the readiness probe fail and stop sending. It runs on the {@link ContextClosedEvent}, which the
 * context publishes before it stops any lifecycle; then the rest stops in its phases: the application's own
 * components and the Kafka pipelines, the web server's graceful shutdown (requests in flight are answered), the
 * group commit ({@link IngestLifecycle}: what waits is committed), the instance's claims and membership.
 * <p>
 * Only a shutdown of the JVM (a signal, {@code System.exit}) drains; a context closed in code does not wait.
 */
final class ShutdownDrain implements ApplicationListener<ContextClosedEvent> {

	private static final Logger logger = LoggerFactory.getLogger(ShutdownDrain.class);

	private final ApplicationContext context;

	private final Duration drain;

	private final CountDownLatch never = new CountDownLatch(1);

	ShutdownDrain(ApplicationContext context, Duration drain) {
		this.context = context;
		this.drain = drain;
	}

	@Override
	public void onApplicationEvent(ContextClosedEvent event) {
		if (event.getApplicationContext() != this.context || this.drain.isZero() || this.drain.isNegative()
				|| !jvmShuttingDown()) {
			return; // a child context (a separate management port), no drain, or a close in code
		}
		// Spring Boot's web contexts publish it as they start closing; publishing it again changes nothing
		AvailabilityChangeEvent.publish(this.context, ReadinessState.REFUSING_TRAFFIC);
		logger.info("Shutting down: readiness is REFUSING_TRAFFIC; requests are still accepted and committed for {} "
				+ "(paimon.ingest.shutdown-drain) while load balancers stop sending", this.drain);
		try {
			// the drain itself: nothing counts the latch down
			if (!this.never.await(this.drain.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.info("Drained for {}: stopping", this.drain);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** Whether the JVM is shutting down (a signal or {@code System.exit}): it then refuses new shutdown hooks. */
	static boolean jvmShuttingDown() {
		Thread probe = new Thread(() -> {
		});
		try {
			Runtime.getRuntime().addShutdownHook(probe);
			Runtime.getRuntime().removeShutdownHook(probe);
			return false;
		}
		catch (IllegalStateException ex) {
			return true;
		}
	}

}
