package io.github.paimonspring.admin;

import java.time.Duration;

import io.github.paimonspring.PeriodicLifecycle;
import io.github.paimonspring.admin.model.AdminSettings;

/**
 * Expires idle and old admin transactions in the background: a single daemon thread, started with
 * the application context and stopped with it, that calls {@link AdminTransactions#expire()}
 * periodically (a quarter of the shorter of idle timeout and lifetime, between 200 ms and 30 s).
 * Open transactions are aborted when {@link AdminTransactions} is destroyed, after the reaper stopped.
 */
public class TransactionReaper extends PeriodicLifecycle {

	private final AdminTransactions transactions;

	private final long periodMillis;

	/**
	 * Creates the reaper; it starts with {@link #start()}.
	 * @param transactions the transactions to expire
	 * @param settings the idle timeout and lifetime
	 */
	public TransactionReaper(AdminTransactions transactions, AdminSettings settings) {
		this(transactions, period(settings));
	}

	private TransactionReaper(AdminTransactions transactions, long periodMillis) {
		super("paimon-admin-reaper", Duration.ofMillis(periodMillis));
		this.transactions = transactions;
		this.periodMillis = periodMillis;
	}

	private static long period(AdminSettings settings) {
		return Math.max(200, Math.min(30_000,
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
	protected void runPeriodically() {
		this.transactions.expire();
	}

}
