package io.github.paimonspring.admin;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Expires idle and old admin transactions in the background: a single daemon thread, started with
 * the application context and stopped with it, that calls {@link AdminTransactions#expire()}
 * periodically (a quarter of the shorter of idle timeout and lifetime, between 200 ms and 30 s).
 * Open transactions are aborted when {@link AdminTransactions} is destroyed, after the reaper stopped.
 */
public class TransactionReaper implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(TransactionReaper.class);

	private final AdminTransactions transactions;

	private final long periodMillis;

	private @Nullable ScheduledExecutorService executor;

	/**
	 * Creates the reaper; it starts with {@link #start()}.
	 * @param transactions the transactions to expire
	 * @param settings the idle timeout and lifetime
	 */
	public TransactionReaper(AdminTransactions transactions, AdminSettings settings) {
		this.transactions = transactions;
		this.periodMillis = Math.max(200, Math.min(30_000,
				Math.min(settings.idleTimeout().toMillis(), settings.maxLifetime().toMillis()) / 4));
	}

	/**
	 * Returns how often the reaper runs.
	 * @return the period in milliseconds
	 */
	public long getPeriodMillis() {
		return this.periodMillis;
	}

	@Override
	public synchronized void start() {
		if (this.executor != null) {
			return;
		}
		this.executor = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "paimon-admin-reaper");
			thread.setDaemon(true);
			return thread;
		});
		this.executor.scheduleWithFixedDelay(this::reap, this.periodMillis, this.periodMillis, TimeUnit.MILLISECONDS);
	}

	private void reap() {
		try {
			this.transactions.expire();
		}
		catch (RuntimeException ex) {
			// a failed run must not cancel the schedule
			logger.warn("Expiring admin transactions failed: {}", ex.getMessage(), ex);
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
