package io.github.paimonspring.admin.access;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bearer credentials of the admin API, and the principal a token authenticates as.
 * <p>
 * Holds the configured credentials and, optionally, those of a {@link Source} (a credentials file) which are
 * added to them and replace configured ones of the same name. The source is asked for changes on the request
 * path, by one request at a time and at most once per refresh interval; the other requests go on with the
 * current credentials meanwhile. A source that becomes invalid (unreadable, malformed, an invalid value, a token
 * shared by two credentials, or no credential left at all) keeps the previous credentials and logs an error
 * naming it and the problem: a bad file neither opens access nor locks everyone out.
 * <p>
 * A token is checked by its SHA-256, compared in constant time with every hash of every credential.
 */
public final class AdminCredentials {

	private static final Logger logger = LoggerFactory.getLogger(AdminCredentials.class);

	private final Map<String, AdminCredential> configured;

	private final @Nullable Source source;

	private final long refreshNanos;

	private final ReentrantLock refreshing = new ReentrantLock();

	private volatile long nextCheck;

	private volatile Snapshot current;

	/**
	 * Fixed credentials.
	 * @param credentials the credentials; none authenticates nobody
	 * @throws AdminCredentialsException if two have the same name or share a token
	 */
	public AdminCredentials(List<AdminCredential> credentials) {
		this(credentials, null, Duration.ZERO);
	}

	/**
	 * Configured credentials and those of a source, which is read now and then re-read as it changes.
	 * @param configured the configured credentials
	 * @param source the source, or {@code null}
	 * @param refreshInterval the least time between two checks of the source ({@link Duration#ZERO}: every
	 * request)
	 * @throws AdminCredentialsException if the configured credentials are not valid, if the source cannot be read
	 * or is not valid (naming it), or if, with a source, there is no credential at all
	 */
	public AdminCredentials(List<AdminCredential> configured, @Nullable Source source, Duration refreshInterval) {
		if (refreshInterval.isNegative()) {
			throw new AdminCredentialsException("paimon.admin.credentials-refresh-interval must not be negative, got "
					+ refreshInterval);
		}
		Map<String, AdminCredential> byName = new LinkedHashMap<>();
		for (AdminCredential credential : configured) {
			if (byName.put(credential.name(), credential) != null) {
				throw new AdminCredentialsException("Two credentials are named '" + credential.name() + "'"
						+ (credential.name().equals(AdminPrincipal.TOKEN_NAME) ? ": " + AdminPrincipal.TOKEN_NAME
								+ " is the name of paimon.admin.token; name " + AdminCredential.PROPERTY_PREFIX
								+ credential.name() + " differently" : ""));
			}
		}
		this.configured = byName;
		this.source = source;
		this.refreshNanos = refreshInterval.toNanos();
		Snapshot snapshot = Snapshot.of(byName.values());
		if (source != null) {
			try {
				List<AdminCredential> loaded = source.load();
				snapshot = merge((loaded != null) ? loaded : List.of());
			}
			catch (RuntimeException ex) {
				throw new AdminCredentialsException(source + ": " + ex.getMessage(), ex);
			}
		}
		this.current = snapshot;
		this.nextCheck = System.nanoTime() + this.refreshNanos;
	}

	/**
	 * The principal a bearer token authenticates as. Checks the source for changes first when it is due.
	 * @param token the token the request presents
	 * @return the principal of the credential that holds the token's hash, or {@code null} if none does
	 */
	public @Nullable AdminPrincipal authenticate(String token) {
		refreshIfDue();
		byte[] presented = AdminCredential.sha256(token);
		AdminPrincipal found = null;
		// every hash is compared, in constant time: how long it takes tells nothing of which one matched
		for (Entry entry : this.current.entries()) {
			boolean matches = false;
			for (byte[] hash : entry.hashes()) {
				matches |= MessageDigest.isEqual(hash, presented);
			}
			if (matches) {
				found = entry.principal();
			}
		}
		return found;
	}

	/**
	 * The names of the current credentials.
	 * @return the names, configured ones first
	 */
	public List<String> names() {
		return this.current.entries().stream().map((entry) -> entry.principal().name()).toList();
	}

	private void refreshIfDue() {
		if (this.source == null || System.nanoTime() - this.nextCheck < 0 || !this.refreshing.tryLock()) {
			return;
		}
		try {
			long now = System.nanoTime();
			if (now - this.nextCheck >= 0) {
				refresh(this.source);
				this.nextCheck = System.nanoTime() + this.refreshNanos;
			}
		}
		finally {
			this.refreshing.unlock();
		}
	}

	private void refresh(Source source) {
		try {
			List<AdminCredential> loaded = source.load();
			if (loaded == null) {
				return;
			}
			Snapshot next = merge(loaded);
			this.current = next;
			logger.info("Admin credentials reloaded from {}: {}", source, names());
		}
		catch (RuntimeException ex) {
			logger.error("Keeping the previous admin credentials {}: {} is not valid: {}", names(), source,
					ex.getMessage());
		}
	}

	/** The configured credentials and the source's, which replace configured ones of the same name. */
	private Snapshot merge(List<AdminCredential> loaded) {
		Map<String, AdminCredential> byName = new LinkedHashMap<>(this.configured);
		for (AdminCredential credential : loaded) {
			byName.put(credential.name(), credential);
		}
		if (byName.isEmpty()) {
			throw new AdminCredentialsException("it defines no credential, and neither paimon.admin.token nor "
					+ AdminCredential.PROPERTY_PREFIX + "<name> is set: the admin API would refuse every request");
		}
		return Snapshot.of(byName.values());
	}

	/**
	 * Where more credentials come from: a file, for example.
	 */
	@FunctionalInterface
	public interface Source {

		/**
		 * Reads the credentials if they changed since the previous call.
		 * @return the credentials (at the first call: always), or {@code null} if nothing changed
		 * @throws RuntimeException if the source cannot be read or is not valid, with a message saying why
		 * (never a token)
		 */
		@Nullable List<AdminCredential> load();

	}

	/** One credential's hashes as bytes, and its principal. */
	private record Entry(List<byte[]> hashes, AdminPrincipal principal) {

	}

	/** The credentials in force, checked: no token in two of them. */
	private record Snapshot(List<Entry> entries) {

		static Snapshot of(Iterable<AdminCredential> credentials) {
			List<Entry> entries = new ArrayList<>();
			Map<String, String> owners = new HashMap<>();
			for (AdminCredential credential : credentials) {
				for (String hash : credential.tokenHashes()) {
					String owner = owners.putIfAbsent(hash, credential.name());
					if (owner != null) {
						throw new AdminCredentialsException("The credentials '" + owner + "' and '" + credential.name()
								+ "' hold the same token hash " + hash + " (" + describe(owner) + ", "
								+ describe(credential.name()) + "): a token must belong to one credential");
					}
				}
				entries.add(new Entry(credential.hashBytes(), credential.principal()));
			}
			return new Snapshot(List.copyOf(entries));
		}

		private static String describe(String name) {
			return name.equals(AdminPrincipal.TOKEN_NAME) ? "paimon.admin.token or "
					+ AdminCredential.property(name, "token-hashes") : AdminCredential.property(name, "token-hashes");
		}

	}

}
