package io.github.paimonspring.cluster;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.catalog.FencedCommitLock;
import org.apache.paimon.catalog.CatalogLock;
import org.jspecify.annotations.Nullable;

/**
 * A table's commit lock that ends with its holder, and that Paimon's own JDBC lock respects: the lock
 * is the row {@code <catalog-key>.<database>.<table>} of Paimon's {@code paimon_distributed_locks},
 * inserted in a transaction that is never committed. Another writer's insert of the same row — Paimon's
 * lock in Flink or Spark, or another instance of this service — waits until the transaction ends; it
 * ends with a rollback when the holder releases the lock, and when the server ends the holder's
 * session (the process died, or was silent for the session timeout). A row committed by Paimon's own
 * lock is waited for like Paimon does, expired ones are removed.
 * <p>
 * The committing thread may hold the lock across a whole commit ({@link #callHolding}); Paimon's own
 * {@link #runWithLock} around the snapshot write then re-enters it and asks the commit's fence again,
 * and checks that the session still holds the row: a holder that was paused past the session timeout
 * refuses to write the snapshot. Paimon retries a failed snapshot write; the holding thread is
 * interrupted so that it gives up at once, and the fence's refusal is what the commit throws.
 */
final class PostgresCommitLock implements CatalogLock, FencedCommitLock {

	private static final String TABLE = "paimon_distributed_locks";

	private static final Map<String, ReentrantLock> LOCAL = new ConcurrentHashMap<>();

	private static final Map<String, Held> HELD = new ConcurrentHashMap<>();

	private final SessionLocks locks;

	private final long acquireTimeoutMillis;

	private final long checkMaxSleepMillis;

	PostgresCommitLock(SessionLocks locks, long acquireTimeoutMillis, long checkMaxSleepMillis) {
		this.locks = locks;
		this.acquireTimeoutMillis = acquireTimeoutMillis;
		this.checkMaxSleepMillis = checkMaxSleepMillis;
	}

	/** The lock held by one thread, with what its commit must still pass inside it. */
	private static final class Held {

		final Thread owner = Thread.currentThread();

		final DatabaseSession session;

		final long epoch;

		final CommitFence fence;

		final String table;

		@Nullable RuntimeException refused;

		Held(DatabaseSession session, CommitFence fence, String table) {
			this.session = session;
			this.epoch = session.epoch();
			this.fence = fence;
			this.table = table;
		}

		void check() {
			this.fence.check(this.table);
			if (!this.session.isHeld(this.epoch)) {
				throw new PaimonUnavailableException(this.table, "The commit lock of table '" + this.table
						+ "' was lost: its database session ended (this instance was paused or cut off for longer than "
						+ "the session timeout); nothing was committed, retry later", null);
			}
		}

	}

	@Override
	public <T> T runWithLock(String database, String table, Callable<T> callable) throws Exception {
		Held held = HELD.get(localId(lockId(database, table)));
		if (held != null && held.owner == Thread.currentThread()) {
			try {
				held.check();
			}
			catch (RuntimeException ex) {
				// Paimon retries a snapshot write that threw; an interrupted thread gives up at its first wait
				held.refused = ex;
				Thread.currentThread().interrupt();
				throw ex;
			}
			return callable.call();
		}
		return callHolding(database, table, CommitFence.NONE, callable);
	}

	@Override
	public <T> T callHolding(String database, String table, CommitFence fence, Callable<T> commit) throws Exception {
		String id = lockId(database, table);
		String localId = localId(id);
		String name = database + "." + table;
		Held existing = HELD.get(localId);
		if (existing != null && existing.owner == Thread.currentThread()) {
			fence.check(name);
			return commit.call();
		}
		ReentrantLock local = LOCAL.computeIfAbsent(localId, (key) -> new ReentrantLock());
		if (!local.tryLock(this.acquireTimeoutMillis, TimeUnit.MILLISECONDS)) {
			throw unavailable(name, "another commit of this instance");
		}
		try {
			DatabaseSession session = this.locks.borrowLockSession();
			boolean released = false;
			try {
				acquire(session, id, name);
				Held held = new Held(session, fence.and(this.locks.fence()), name);
				HELD.put(localId, held);
				try {
					held.check();
					T result = commit.call();
					if (held.refused != null) {
						Thread.interrupted();
						throw held.refused;
					}
					return result;
				}
				catch (Exception ex) {
					if (held.refused != null) {
						Thread.interrupted();
						throw held.refused;
					}
					throw ex;
				}
				finally {
					HELD.remove(localId, held);
					released = rollback(session);
				}
			}
			finally {
				this.locks.returnLockSession(session, !released);
			}
		}
		finally {
			local.unlock();
		}
	}

	/** Inserts the lock row in an open transaction, waiting (bounded) while another writer holds it. */
	private void acquire(DatabaseSession session, String id, String table) throws SQLException, InterruptedException {
		long deadline = System.currentTimeMillis() + this.acquireTimeoutMillis;
		long sleep = 50;
		while (true) {
			long remaining = Math.max(1, deadline - System.currentTimeMillis());
			boolean acquired = session.run((connection) -> insert(connection, id, remaining));
			if (acquired) {
				return;
			}
			session.run((connection) -> clearExpired(connection, id));
			if (System.currentTimeMillis() >= deadline) {
				throw unavailable(table, "another writer");
			}
			Thread.sleep(Math.min(sleep, Math.max(1, deadline - System.currentTimeMillis())));
			sleep = Math.min(sleep * 2, this.checkMaxSleepMillis);
		}
	}

	private boolean insert(Connection connection, String id, long waitMillis) throws SQLException {
		connection.setAutoCommit(false);
		try {
			try (Statement statement = connection.createStatement()) {
				statement.execute("SET LOCAL lock_timeout = " + waitMillis);
			}
			try (PreparedStatement insert = connection
				.prepareStatement("INSERT INTO " + TABLE + " (lock_id, expire_time_seconds) VALUES (?, ?)")) {
				insert.setString(1, id);
				insert.setLong(2, Math.max(1, this.locks.timeout().toSeconds()));
				insert.executeUpdate();
			}
			return true;
		}
		catch (SQLException ex) {
			connection.rollback();
			connection.setAutoCommit(true);
			if (JdbcConnection.isDuplicate(ex) || "55P03".equals(ex.getSQLState())) {
				return false; // a committed row of Paimon's own lock, or another holder for longer than we wait
			}
			throw ex;
		}
	}

	/** Removes the lock row when Paimon's own lock left it and it expired (its holder died). */
	private static Boolean clearExpired(Connection connection, String id) throws SQLException {
		try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + TABLE
				+ " WHERE lock_id = ? AND EXTRACT(EPOCH FROM AGE(NOW(), acquired_at)) > expire_time_seconds")) {
			delete.setString(1, id);
			delete.executeUpdate();
		}
		return Boolean.TRUE;
	}

	/** Ends the lock's transaction; returns whether the session is still usable. */
	private static boolean rollback(DatabaseSession session) {
		try {
			session.run((connection) -> {
				connection.rollback();
				connection.setAutoCommit(true);
				return null;
			});
			return true;
		}
		catch (SQLException | RuntimeException ex) {
			return false; // the session ended: the server rolled the transaction back
		}
	}

	private PaimonUnavailableException unavailable(String table, String holder) {
		return new PaimonUnavailableException(table, "Acquire lock failed: the commit lock of table '" + table
				+ "' is held by " + holder + " for longer than " + this.acquireTimeoutMillis + " ms; retry later",
						null);
	}

	/** The lock within this JVM: per instance's session locks (tests run several in one JVM). */
	private String localId(String lockId) {
		return this.locks.id() + '\n' + lockId;
	}

	private String lockId(String database, String table) {
		return this.locks.catalogKey() + "." + database + "." + table;
	}

	@Override
	public void close() {
		// the sessions belong to the SessionLocks
	}

}
