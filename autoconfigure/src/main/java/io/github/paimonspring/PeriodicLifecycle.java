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
 *
 * @since 0.1.0
 */
public abstract class PeriodicLifecycle implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(PeriodicLifecycle.class);

	private final String threadName;

	private final Duration period;

	private final Duration stopTimeout;

	private @Nullable ScheduledExecutorService executor;

	private volatile boolean stopping;

	/**
	 * Creates the task; {@link #stop()} interrupts a run in progress and returns at once.
	 * @param threadName the name of its thread
	 * @param period the delay between the end of one run and the start of the next (and before the first)
	 */
	protected PeriodicLifecycle(String threadName, Duration period) {
		this(threadName, period, Duration.ZERO);
	}

	/**
	 * Creates the task.
	 * @param threadName the name of its thread
	 * @param period the delay between the end of one run and the start of the next (and before the first)
	 * @param stopTimeout how long {@link #stop()} waits for a run in progress to end after interrupting it
	 * (so that it can release what it holds before the process exits)
	 */
	protected PeriodicLifecycle(String threadName, Duration period, Duration stopTimeout) {
		this.threadName = threadName;
		this.period = period;
		this.stopTimeout = stopTimeout;
	}

	/**
	 * Does one run.
	 */
	protected abstract void runPeriodically();

	@Override
	@SuppressWarnings("FutureReturnValueIgnored") // runSafely catches every failure; stop() shuts the executor down
	public synchronized void start() {
		if (this.executor != null) {
			return;
		}
		this.stopping = false;
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

	/**
	 * Returns whether {@link #stop()} was called since the last {@link #start()}: a long run checks it to
	 * end early (libraries may swallow the interrupt).
	 * @return {@code true} while stopping or stopped
	 */
	protected final boolean isStopping() {
		return this.stopping;
	}

	@Override
	public void stop() {
		ScheduledExecutorService stopped;
		synchronized (this) {
			stopped = this.executor;
			this.executor = null;
			this.stopping = true;
		}
		if (stopped == null) {
			return;
		}
		stopped.shutdownNow();
		// without holding this object's monitor: the run may need it to end
		try {
			if (!this.stopTimeout.isZero()
					&& !stopped.awaitTermination(this.stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn("{} did not end its run within {} of being stopped", this.threadName, this.stopTimeout);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
