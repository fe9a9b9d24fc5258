package io.github.paimonspring;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * A task that runs on its own daemon thread with a fixed delay while the application runs: started
 * and stopped with the application context, never by a constructor. A failed run is logged and does
 * not cancel the schedule.
 */
public abstract class PeriodicLifecycle implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(PeriodicLifecycle.class);

	private final String threadName;

	private final Duration period;

	private @Nullable ScheduledExecutorService executor;

	/**
	 * Creates the task.
	 * @param threadName the name of its thread
	 * @param period the delay between the end of one run and the start of the next (and before the first)
	 */
	protected PeriodicLifecycle(String threadName, Duration period) {
		this.threadName = threadName;
		this.period = period;
	}

	/**
	 * Does one run.
	 */
	protected abstract void runPeriodically();

	@Override
	public synchronized void start() {
		if (this.executor != null) {
			return;
		}
		ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, this.threadName);
			thread.setDaemon(true);
			return thread;
		});
		long millis = Math.max(1, this.period.toMillis());
		scheduler.scheduleWithFixedDelay(this::runSafely, millis, millis, TimeUnit.MILLISECONDS);
		this.executor = scheduler;
	}

	private void runSafely() {
		try {
			runPeriodically();
		}
		catch (RuntimeException ex) {
			logger.warn("{} failed: {}", this.threadName, ex.getMessage(), ex);
		}
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
