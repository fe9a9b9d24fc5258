package io.github.paimonspring.cluster;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.ingest.KeyClaims;
import io.github.paimonspring.ingest.SessionKeyClaims;
import io.github.paimonspring.support.TestPostgres;
import org.apache.paimon.catalog.CatalogLock;
import org.apache.paimon.catalog.CatalogLockContext;
import org.apache.paimon.jdbc.JdbcCatalogLockContext;
import org.apache.paimon.jdbc.JdbcCatalogLockFactory;
import org.apache.paimon.options.Options;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Claims and commit locks that end with their holder, on the real PostgreSQL: two instances' session
 * locks in one JVM. A claim of one is refused to the other until its holder's session ends — at once
 * when the holder closes (dies), after the session timeout when it stops talking (pauses). A commit lock
 * is respected by Paimon's own JDBC lock and respects it, ends with its holder's session, and a holder
 * whose session ended refuses to write the snapshot.
 */
@Tag(TestPostgres.TAG)
class SessionLocksTests {

	private static final String URL = TestPostgres.jdbcUrl();

	@TempDir
	Path dir;

	private final String catalogKey = "sl_" + UUID.randomUUID().toString().replace("-", "");

	private final List<SessionLocks> opened = new ArrayList<>();

	@AfterEach
	void close() {
		this.opened.forEach(SessionLocks::close);
	}

	private SessionLocks instance(String name, Duration timeout) {
		SessionLocks locks = SessionLocks.register(name + "-" + this.catalogKey, this.catalogKey, URL,
				TestPostgres.user(), null,
				timeout, "paimon-spring test " + name);
		this.opened.add(locks);
		return locks;
	}

	@Test
	void aClaimIsExclusiveAndEndsTheMomentItsHolderDies() {
		SessionLocks a = instance("a", Duration.ofSeconds(10));
		SessionLocks b = instance("b", Duration.ofSeconds(10));
		KeyClaims claimsA = new SessionKeyClaims(a);
		KeyClaims claimsB = new SessionKeyClaims(b);
		assertThat(claimsA.claim("db.t", "k1")).isTrue();
		assertThat(claimsA.claim("db.t", "k1")).as("a second request of the same instance").isFalse();
		assertThat(claimsB.claim("db.t", "k1")).isFalse();
		assertThat(claimsB.claim("db.t", "k2")).isTrue();
		claimsA.holding("db.t", List.of("k1")).check("db.t");
		// the holder dies: its connection closes, the server releases its locks
		long died = System.nanoTime();
		a.close();
		// the server releases them as soon as it has seen the connection close
		long deadline = died + TimeUnit.SECONDS.toNanos(30);
		boolean taken = false;
		while (!taken && System.nanoTime() < deadline) {
			taken = claimsB.claim("db.t", "k1");
			Thread.onSpinWait();
		}
		assertThat(taken).isTrue();
		System.out.println("claim taken over " + Duration.ofNanos(System.nanoTime() - died).toMillis()
				+ " ms after its holder closed its session");
		assertThat(Duration.ofNanos(System.nanoTime() - died)).isLessThan(Duration.ofSeconds(5));
		assertThatThrownBy(() -> claimsA.holding("db.t", List.of("k1")).check("db.t"))
			.isInstanceOf(PaimonUnavailableException.class)
			.hasMessageContaining("claims on 1 key(s) or channel(s) of table 'db.t' were lost");
		claimsB.release("db.t", "k1");
		claimsB.release("db.t", "k2");
		SessionLocks c = instance("c", Duration.ofSeconds(10));
		assertThat(new SessionKeyClaims(c).claim("db.t", "k2")).as("released").isTrue();
	}

	@Test
	void theServerEndsTheSessionOfAHolderThatStoppedTalking() throws Exception {
		SessionLocks b = instance("b", Duration.ofSeconds(10));
		Properties credentials = new Properties();
		credentials.setProperty("user", TestPostgres.user());
		// a session that is never kept alive: what a paused instance's session is
		try (DatabaseSession paused = new DatabaseSession(URL, credentials, Duration.ofSeconds(1), "paused session")) {
			SessionLocks probe = instance("probe", Duration.ofSeconds(10));
			String name = "db.t\nk";
			long key = probe.claim(name);
			assertThat(key).isPositive();
			probe.release(name, key);
			// take the same advisory lock on the silent session
			long epoch = paused.run((connection) -> {
				try (PreparedStatement lock = connection.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
					lock.setLong(1, advisoryKey(probe, name));
					try (ResultSet result = lock.executeQuery()) {
						result.next();
						assertThat(result.getBoolean(1)).isTrue();
					}
				}
				return paused.epoch();
			});
			assertThat(b.claim(name)).as("held by the silent session").isNegative();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
			long claimed = -1;
			while (claimed < 0 && System.nanoTime() < deadline) {
				Thread.sleep(20);
				claimed = b.claim(name);
			}
			assertThat(claimed).as("the server ended the silent session and released its lock").isPositive();
			assertThat(paused.isHeld(epoch)).isFalse();
		}
	}

	@Test
	void aCommitLockIsMutuallyExclusiveWithPaimonsOwnLockAndEndsWithItsHolder() throws Exception {
		SessionLocks a = instance("a", Duration.ofSeconds(10));
		createLockTable();
		PostgresCommitLock lockA = new PostgresCommitLock(a, 30_000, 100);
		CatalogLock paimons = paimonLock();
		CountDownLatch held = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> {
			try {
				lockA.callHolding("db", "t", CommitFence.NONE, () -> {
					held.countDown();
					release.await(60, TimeUnit.SECONDS);
					return null;
				});
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
		assertThat(held.await(60, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<String> flink = CompletableFuture.supplyAsync(() -> {
			try {
				return paimons.runWithLock("db", "t", () -> "paimon committed");
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
		assertThat(flink).as("Paimon's lock waits while ours is held").isNotDone();
		release.countDown();
		holder.get(60, TimeUnit.SECONDS);
		assertThat(flink.get(60, TimeUnit.SECONDS)).isEqualTo("paimon committed");
		// and ours waits while Paimon's lock holds its row
		CountDownLatch paimonHolds = new CountDownLatch(1);
		CountDownLatch paimonReleases = new CountDownLatch(1);
		CompletableFuture<String> other = CompletableFuture.supplyAsync(() -> {
			try {
				return paimons.runWithLock("db", "t", () -> {
					paimonHolds.countDown();
					paimonReleases.await(60, TimeUnit.SECONDS);
					return "paimon again";
				});
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
		assertThat(paimonHolds.await(60, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<String> ours = CompletableFuture.supplyAsync(() -> {
			try {
				return lockA.callHolding("db", "t", CommitFence.NONE, () -> "after paimon");
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
		assertThat(ours).as("ours waits while Paimon's lock is held").isNotDone();
		paimonReleases.countDown();
		assertThat(other.get(60, TimeUnit.SECONDS)).isEqualTo("paimon again");
		assertThat(ours.get(60, TimeUnit.SECONDS)).isEqualTo("after paimon");
		paimons.close();
	}

	@Test
	void aHolderWhoseSessionEndedRefusesToWriteTheSnapshot() throws Exception {
		SessionLocks a = instance("a", Duration.ofSeconds(10));
		SessionLocks b = instance("b", Duration.ofSeconds(10));
		createLockTable();
		PostgresCommitLock lockA = new PostgresCommitLock(a, 30_000, 100);
		PostgresCommitLock lockB = new PostgresCommitLock(b, 30_000, 100);
		CountDownLatch held = new CountDownLatch(1);
		CountDownLatch resume = new CountDownLatch(1);
		CompletableFuture<String> paused = CompletableFuture.supplyAsync(() -> {
			try {
				return lockA.callHolding("db", "t", CommitFence.NONE, () -> {
					held.countDown();
					resume.await(60, TimeUnit.SECONDS);
					// what Paimon does around the snapshot write, after the pause
					return lockA.runWithLock("db", "t", () -> "snapshot written");
				});
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
		assertThat(held.await(60, TimeUnit.SECONDS)).isTrue();
		// the server ends the holder's session (as it does after the session timeout of a paused process)
		terminate("paimon-spring test a");
		long ended = System.nanoTime();
		assertThat(lockB.callHolding("db", "t", CommitFence.NONE, () -> "b committed")).isEqualTo("b committed");
		assertThat(Duration.ofNanos(System.nanoTime() - ended)).isLessThan(Duration.ofSeconds(5));
		resume.countDown();
		assertThatThrownBy(() -> paused.get(60, TimeUnit.SECONDS)).cause().cause()
			.isInstanceOf(PaimonUnavailableException.class)
			.hasMessageContaining("The commit lock of table 'db.t' was lost");
		assertThat(Thread.currentThread().isInterrupted()).isFalse();
	}

	@Test
	void theFenceIsAskedInsideTheLockBeforeTheSnapshotIsWritten() throws Exception {
		SessionLocks a = instance("a", Duration.ofSeconds(10));
		createLockTable();
		PostgresCommitLock lock = new PostgresCommitLock(a, 30_000, 100);
		boolean[] allowed = { true };
		CommitFence fence = (table) -> {
			if (!allowed[0]) {
				throw new PaimonUnavailableException(table, "claims lost", null);
			}
		};
		Thread caller = Thread.currentThread();
		assertThatThrownBy(() -> lock.callHolding("db", "t", fence, () -> {
			allowed[0] = false;
			return lock.runWithLock("db", "t", () -> "written");
		})).isInstanceOf(PaimonUnavailableException.class).hasMessage("claims lost");
		assertThat(caller.isInterrupted()).as("the interrupt that stops Paimon's retries is cleared").isFalse();
	}

	private CatalogLock paimonLock() {
		Options options = new Options(Map.of("uri", URL, "jdbc.user", TestPostgres.user(), "lock-acquire-timeout",
				"60 s",
				"lock-check-max-sleep", "100 ms"));
		CatalogLockContext context = new JdbcCatalogLockContext(this.catalogKey, options);
		return new JdbcCatalogLockFactory().createLock(context);
	}

	private static void createLockTable() throws Exception {
		try (Connection connection = DriverManager.getConnection(URL, TestPostgres.user(), null)) {
			connection.createStatement().execute("CREATE TABLE IF NOT EXISTS paimon_distributed_locks (lock_id "
					+ "VARCHAR(1024) NOT NULL, acquired_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL, "
					+ "expire_time_seconds BIGINT DEFAULT 0 NOT NULL, PRIMARY KEY (lock_id))");
		}
	}

	private static void terminate(String applicationName) throws Exception {
		try (Connection connection = DriverManager.getConnection(URL, TestPostgres.user(), null);
				PreparedStatement kill = connection.prepareStatement(
						"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?")) {
			kill.setString(1, applicationName);
			kill.executeQuery().close();
		}
	}

	private static long advisoryKey(SessionLocks locks, String name) {
		return locks.key(name);
	}

}
