package io.github.paimonspring.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.paimonspring.admin.body.ArrowBodyReader;
import io.github.paimonspring.admin.model.AdminModel;
import io.github.paimonspring.admin.model.AdminSettings;
import io.github.paimonspring.support.WarehouseTestBase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reaper is a lifecycle: no thread before {@code start()}, idle transactions expire while it
 * runs, none after {@code stop()}; destroying the service aborts what is still open.
 */
class AdminTransactionReaperTests extends WarehouseTestBase {

	private ArrowBodyReader reader;

	private AdminTransactions transactions;

	private TransactionReaper reaper;

	@BeforeEach
	void createService() {
		this.warehouse.simpleLogTable("default.log");
		AdminSettings settings = new AdminSettings(1L << 30, 1L << 30, 1L << 20, 8L << 20, 8L << 20, 2, 64, 1000, 16,
				100, Duration.ofMillis(100), Duration.ofHours(1), Duration.ofHours(1), 0);
		this.reader = new ArrowBodyReader(settings);
		this.transactions = new AdminTransactions(this.writer, settings, null, new AdminTables(this.writer),
				this.reader);
		this.reaper = new TransactionReaper(this.transactions, settings);
	}

	@AfterEach
	void closeService() {
		this.reaper.stop();
		this.transactions.destroy();
		this.reader.destroy();
	}

	@Test
	void expiresIdleTransactionsOnlyWhileRunning() {
		assertThat(this.reaper.isRunning()).isFalse();
		AdminModel.TransactionView idle = this.transactions.create("default", "log", null, null);
		LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2 * this.reaper.getPeriodMillis()));
		assertThat(this.transactions.get(idle.id()).state()).isEqualTo("OPEN");

		this.reaper.start();
		assertThat(this.reaper.isRunning()).isTrue();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!this.transactions.get(idle.id()).state().equals("EXPIRED")) {
			assertThat(System.nanoTime()).as("expired within 30 s").isLessThan(deadline);
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
		}

		this.reaper.stop();
		assertThat(this.reaper.isRunning()).isFalse();
		AdminModel.TransactionView later = this.transactions.create("default", "log", null, null);
		LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2 * this.reaper.getPeriodMillis()));
		assertThat(this.transactions.get(later.id()).state()).isEqualTo("OPEN");

		this.transactions.destroy();
		assertThat(this.transactions.get(later.id()).state()).isEqualTo("ABORTED");
		assertThat(this.transactions.openTransactions()).isZero();
	}

}
