package io.github.paimonspring.cluster;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One PostgreSQL session whose locks end with it: the server ends the session — and releases its
 * advisory locks and rolls back its transaction — the moment the process dies (its socket closes), and
 * after {@code timeout} of silence when the process is paused or cut off ({@code idle_session_timeout},
 * {@code idle_in_transaction_session_timeout}). While the process runs, {@link #keepAlive()} keeps it
 * from being idle that long.
 * <p>
 * A session that broke is never reopened behind the caller's back: every new connection has a new
 * {@link #epoch() epoch}, and what was held under an older epoch is lost. Used by one thread at a time.
 */
final class DatabaseSession implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(DatabaseSession.class);

	private final String url;

	private final Properties credentials;

	private final Duration timeout;

	private final String purpose;

	private final ReentrantLock lock = new ReentrantLock();

	private @Nullable Connection connection;

	private volatile long epoch;

	private volatile boolean closed;

	/**
	 * Work to run on the session.
	 * @param <T> the result
	 */
	@FunctionalInterface
	interface Work<T extends @Nullable Object> {

		T apply(Connection connection) throws SQLException;

	}

	DatabaseSession(String url, Properties credentials, Duration timeout, String purpose) {
		this.url = url;
		this.credentials = credentials;
		this.timeout = timeout;
		this.purpose = purpose;
	}

	/** The number of the current connection: it grows every time the session is opened again. */
	long epoch() {
		return this.epoch;
	}

	String purpose() {
		return this.purpose;
	}

	/**
	 * Runs work on the session, opening it first if needed (a new epoch). A failure of the work breaks
	 * the session: it is closed, and what it held is lost.
	 * @throws SQLException if the work or the connection fails
	 */
	<T extends @Nullable Object> T run(Work<T> work) throws SQLException {
		this.lock.lock();
		try {
			return work.apply(open());
		}
		catch (SQLException | RuntimeException ex) {
			breakSession(ex);
			throw ex;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Returns whether the session of the given epoch is still the open one and answers now: when it
	 * does, everything it locked is still held.
	 * @param expectedEpoch the epoch under which the locks were taken
	 * @return whether they are still held
	 */
	boolean isHeld(long expectedEpoch) {
		this.lock.lock();
		try {
			if (this.connection == null || this.epoch != expectedEpoch) {
				return false;
			}
			try (Statement statement = this.connection.createStatement()) {
				statement.execute("SELECT 1");
				return true;
			}
			catch (SQLException ex) {
				breakSession(ex);
				return false;
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Sends a statement so the server does not end the session as idle; skipped while another thread
	 * uses the session (it is not idle then). A session that does not answer is broken.
	 */
	void keepAlive() {
		boolean locked;
		try {
			locked = this.lock.tryLock(10, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return;
		}
		if (!locked) {
			return;
		}
		try {
			if (this.connection != null) {
				try (Statement statement = this.connection.createStatement()) {
					statement.execute("SELECT 1");
				}
				catch (SQLException ex) {
					breakSession(ex);
				}
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Whether a connection is open now (it may still turn out to be broken). */
	boolean isOpen() {
		return this.connection != null;
	}

	@SuppressWarnings("NonAtomicVolatileUpdate") // run() holds this.lock; volatile for the reads outside it
	private Connection open() throws SQLException {
		if (this.closed) {
			throw new SQLException(this.purpose + " is closed", "08003");
		}
		if (this.connection == null) {
			Connection opened = DriverManager.getConnection(this.url, this.credentials);
			try {
				opened.setAutoCommit(true);
				long millis = Math.max(1000, this.timeout.toMillis());
				try (Statement statement = opened.createStatement()) {
					statement.execute("SET idle_session_timeout = " + millis);
					statement.execute("SET idle_in_transaction_session_timeout = " + millis);
				}
				catch (SQLException ex) {
					// PostgreSQL before 14: a paused process keeps its session until TCP keepalive ends it
					logger.warn("{}: the database does not end idle sessions ({}); a paused instance keeps its "
							+ "claims until its connection is closed", this.purpose, ex.getMessage());
				}
			}
			catch (SQLException ex) {
				opened.close();
				throw ex;
			}
			this.connection = opened;
			this.epoch++;
		}
		return this.connection;
	}

	private void breakSession(Throwable cause) {
		if (this.connection != null) {
			logger.warn("{} ended (epoch {}): {}; what it held is released", this.purpose, this.epoch,
					cause.getMessage());
			try {
				this.connection.close();
			}
			catch (SQLException ex) {
				// already broken
			}
			this.connection = null;
		}
	}

	@Override
	public void close() {
		this.lock.lock();
		try {
			this.closed = true;
			if (this.connection != null) {
				try {
					this.connection.close();
				}
				catch (SQLException ex) {
					// closing anyway
				}
				this.connection = null;
			}
		}
		finally {
			this.lock.unlock();
		}
	}

}
