package io.github.paimonspring.cluster;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The locks of this instance that end with it, in the PostgreSQL database the instances share (the
 * JDBC catalog's): claims — session-level advisory locks on one {@link DatabaseSession} — and table
 * commit locks ({@link PostgresCommitLock}, on sessions of their own). The server releases all of them
 * the moment the process dies, and after {@code timeout} when it is paused or cut off; a background
 * thread keeps the sessions from looking idle while the process runs.
 * <p>
 * One instance per catalog key and JVM: the auto-configuration {@link #register registers} it, Paimon's
 * commits find it through {@link PostgresCommitLockFactory}. Thread-safe.
 */
public final class SessionLocks implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(SessionLocks.class);

	/** The default time after which the server ends the sessions of a paused instance. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

	private static final int MAX_IDLE_LOCK_SESSIONS = 4;

	private static final Map<String, SessionLocks> REGISTERED = new ConcurrentHashMap<>();

	private final String id;

	private final String catalogKey;

	private final String url;

	private final Properties credentials;

	private final Duration timeout;

	private final DatabaseSession claims;

	private final ConcurrentLinkedDeque<DatabaseSession> idleLockSessions = new ConcurrentLinkedDeque<>();

	private final Set<DatabaseSession> lockSessions = ConcurrentHashMap.newKeySet();

	private final Set<String> claimed = ConcurrentHashMap.newKeySet();

	private final ScheduledExecutorService keepAlive;

	private volatile CommitFence fence = CommitFence.NONE;

	private volatile boolean closed;

	@SuppressWarnings("FutureReturnValueIgnored") // keepAlive catches every failure; close() shuts the executor down
	private SessionLocks(String id, String catalogKey, String url, @Nullable String user, @Nullable String password,
			Duration timeout, String name) {
		this.id = id;
		this.catalogKey = catalogKey;
		this.url = url;
		this.timeout = timeout;
		this.credentials = new Properties();
		if (user != null) {
			this.credentials.setProperty("user", user);
		}
		if (password != null) {
			this.credentials.setProperty("password", password);
		}
		this.credentials.setProperty("ApplicationName", name);
		this.credentials.setProperty("tcpKeepAlive", "true");
		this.claims = new DatabaseSession(url, this.credentials, timeout, "Claims session of " + name);
		this.keepAlive = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "paimon-session-keepalive");
			thread.setDaemon(true);
			return thread;
		});
		long period = Math.max(100, timeout.toMillis() / 4);
		this.keepAlive.scheduleWithFixedDelay(this::keepAlive, period, period, TimeUnit.MILLISECONDS);
	}

	/**
	 * Creates the session locks of this instance for a catalog and registers them under an id, which the
	 * catalog's option {@code paimon-spring.session-locks} names so that its commits find them.
	 * @param id the id (this instance's)
	 * @param catalogKey the JDBC catalog's {@code catalog-key}
	 * @param url the PostgreSQL JDBC URL
	 * @param user the user, or {@code null}
	 * @param password the password, or {@code null}
	 * @param timeout how long the server keeps a silent session (a paused instance's) before it ends it
	 * and releases its locks
	 * @param name the name of this instance's sessions in {@code pg_stat_activity.application_name}
	 * @return the registered session locks
	 */
	public static SessionLocks register(String id, String catalogKey, String url, @Nullable String user,
			@Nullable String password, Duration timeout, String name) {
		SessionLocks locks = new SessionLocks(id, catalogKey, url, user, password, timeout, name);
		SessionLocks previous = REGISTERED.put(id, locks);
		if (previous != null) {
			previous.close();
		}
		return locks;
	}

	/**
	 * Returns the session locks registered under an id, or — for a catalog opened without them — shared
	 * ones for its catalog key with the default timeout.
	 */
	static SessionLocks forCatalog(@Nullable String id, String catalogKey, @Nullable String url, @Nullable String user,
			@Nullable String password) {
		SessionLocks registered = (id != null) ? REGISTERED.get(id) : null;
		if (registered != null) {
			return registered;
		}
		if (url == null) {
			throw new IllegalArgumentException(
					"The commit lock of JDBC catalog '" + catalogKey + "' needs the catalog option 'uri'");
		}
		return REGISTERED.computeIfAbsent("catalog:" + catalogKey, (key) -> new SessionLocks(key, catalogKey, url, user,
				password, DEFAULT_TIMEOUT, "paimon-spring " + catalogKey));
	}

	/**
	 * Returns the id these locks are registered under.
	 * @return the id
	 */
	public String id() {
		return this.id;
	}

	/**
	 * Sets the fence every commit asks inside its table's commit lock (this instance's lease).
	 * @param fence the fence
	 */
	public void setFence(CommitFence fence) {
		this.fence = fence;
	}

	CommitFence fence() {
		return this.fence;
	}

	/**
	 * Returns how long the server keeps the session of a paused instance: the longest time another
	 * instance waits for what a paused one held.
	 * @return the timeout
	 */
	public Duration timeout() {
		return this.timeout;
	}

	/**
	 * Claims a name for this instance: an advisory lock of the claims session, and no other claim of
	 * the same name in this JVM.
	 * @param name the claim's name (a table and a key)
	 * @return the epoch of the claims session the claim belongs to, or {@code -1} when the name is
	 * claimed already (by this or another instance)
	 * @throws PaimonUnavailableException if the database cannot be reached
	 */
	public long claim(String name) {
		if (!this.claimed.add(name)) {
			return -1;
		}
		try {
			long[] epoch = { -1 };
			boolean locked = this.claims.run((connection) -> {
				try (PreparedStatement lock = connection.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
					lock.setLong(1, key(name));
					try (ResultSet result = lock.executeQuery()) {
						result.next();
						epoch[0] = this.claims.epoch();
						return result.getBoolean(1);
					}
				}
			});
			if (!locked) {
				this.claimed.remove(name);
				return -1;
			}
			return epoch[0];
		}
		catch (SQLException | RuntimeException ex) {
			this.claimed.remove(name);
			throw new PaimonUnavailableException(null, "Claims in " + location() + " failed: " + ex.getMessage()
					+ "; retry later", ex);
		}
	}

	/**
	 * Releases a claim; a claim of an earlier epoch is already released (its session ended). Never throws.
	 * @param name the claim's name
	 * @param epoch the epoch {@link #claim} returned
	 */
	public void release(String name, long epoch) {
		try {
			if (epoch == this.claims.epoch() && this.claims.isOpen()) {
				this.claims.run((connection) -> {
					try (PreparedStatement unlock = connection.prepareStatement("SELECT pg_advisory_unlock(?)")) {
						unlock.setLong(1, key(name));
						unlock.execute();
					}
					return null;
				});
			}
		}
		catch (SQLException | RuntimeException ex) {
			logger.warn("Cannot release claim '{}' ({}); it ends with its session", name, ex.getMessage());
		}
		finally {
			this.claimed.remove(name);
		}
	}

	/**
	 * Returns whether the claims of an epoch are still held: the claims session is that epoch's and
	 * answers now.
	 * @param epoch the epoch of the claims
	 * @return whether this instance still holds them
	 */
	public boolean holds(long epoch) {
		return this.claims.isHeld(epoch);
	}

	/**
	 * Describes where the locks are, for messages.
	 * @return the URL without parameters
	 */
	public String location() {
		return this.url.replaceAll("\\?.*", "");
	}

	String catalogKey() {
		return this.catalogKey;
	}

	/** A session for one commit lock, from the idle ones or new. */
	DatabaseSession borrowLockSession() {
		DatabaseSession session = this.idleLockSessions.pollFirst();
		if (session == null) {
			session = new DatabaseSession(this.url, this.credentials, this.timeout, "Commit lock session");
			this.lockSessions.add(session);
		}
		return session;
	}

	/** Returns a session after its lock was released; a broken or surplus one is closed. */
	void returnLockSession(DatabaseSession session, boolean broken) {
		if (broken || this.closed || this.idleLockSessions.size() >= MAX_IDLE_LOCK_SESSIONS) {
			this.lockSessions.remove(session);
			session.close();
			return;
		}
		this.idleLockSessions.addFirst(session);
	}

	private void keepAlive() {
		try {
			this.claims.keepAlive();
			for (DatabaseSession session : this.lockSessions) {
				session.keepAlive();
			}
		}
		catch (RuntimeException ex) {
			// a failed round must not end the schedule: the next one tries again
			logger.warn("Keeping the sessions in {} alive failed: {}", location(), ex.getMessage());
		}
	}

	/** The advisory lock key of a claim: 64 bits of a hash of the catalog key and the name. */
	long key(String name) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest(("paimon-spring\n" + this.catalogKey + "\n" + name).getBytes(StandardCharsets.UTF_8));
			long key = 0;
			for (int i = 0; i < 8; i++) {
				key = (key << 8) | (digest[i] & 0xff);
			}
			return key;
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Ends every session: the server releases the claims and commit locks they held. */
	@Override
	public void close() {
		this.closed = true;
		REGISTERED.remove(this.id, this);
		this.keepAlive.shutdownNow();
		this.claims.close();
		for (DatabaseSession session : this.lockSessions) {
			session.close();
		}
		this.lockSessions.clear();
		this.idleLockSessions.clear();
	}

}
