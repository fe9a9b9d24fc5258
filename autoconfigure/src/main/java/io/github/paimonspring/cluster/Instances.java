package io.github.paimonspring.cluster;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.catalog.PaimonTables;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The instances of a service that share a {@link StateStore}, each with a lease it renews by its
 * heartbeat. This instance has a new random id every time it starts; an instance whose lease ran out
 * is dead (it crashed, was killed, or lost the store for longer than its lease) — a restarted process
 * is a new instance. Data files this instance writes carry its id in their names
 * ({@link #dataFilePrefix(String)}), so that what a dead instance left unreferenced can be found and
 * removed without waiting for an age-based sweep.
 * <p>
 * As a {@link CommitFence}, it refuses commits once less than a quarter of the lease is left (the
 * heartbeats are late), and for good once a heartbeat finds the lease already ran out: other instances
 * may have treated this one as dead and removed its uncommitted files, so it must not commit what it
 * wrote before; restart it.
 */
public class Instances implements CommitFence, InstanceRegistry {

	private static final Logger logger = LoggerFactory.getLogger(Instances.class);

	static final String KIND = "instance";

	private static final String EXPIRES_AT = "expiresAt";

	private final StateStore store;

	private final Duration lease;

	private final String id;

	private final Instant startedAt = Instant.now();

	private volatile Instant leaseEnd = Instant.EPOCH;

	private volatile @Nullable Instant fencedAt;

	private volatile boolean deregistered;

	/**
	 * Creates the registry for this instance; it is registered by the first {@link #heartbeat()}.
	 * @param store where the instances are registered
	 * @param lease how long this instance counts as alive after a heartbeat
	 */
	public Instances(StateStore store, Duration lease) {
		this.store = store;
		this.lease = lease;
		byte[] random = new byte[4];
		new SecureRandom().nextBytes(random);
		this.id = HexFormat.of().formatHex(random);
	}

	/**
	 * Returns this instance's id: eight lower-case hex digits, new for every start.
	 * @return the id
	 */
	@Override
	public String id() {
		return this.id;
	}

	/**
	 * Returns the lease of an instance.
	 * @return the lease
	 */
	public Duration lease() {
		return this.lease;
	}

	/**
	 * Returns the prefix of the data files this instance writes into a table whose own prefix is given.
	 * @param tablePrefix the table's {@code data-file.prefix} (Paimon's default is {@code data-})
	 * @return for example {@code data-0f3a9c1e-}
	 */
	public String dataFilePrefix(String tablePrefix) {
		return PaimonTables.filePrefix(tablePrefix, this.id);
	}

	/**
	 * Renews this instance's lease in the store (registering it the first time).
	 * @throws io.github.paimonspring.PaimonUnavailableException if the store cannot be reached
	 */
	public synchronized void heartbeat() {
		if (this.deregistered) {
			return;
		}
		Instant now = Instant.now();
		if (!this.leaseEnd.equals(Instant.EPOCH) && now.isAfter(this.leaseEnd) && this.fencedAt == null) {
			this.fencedAt = now;
			logger.error("Instance {} renewed its lease {} after it ran out; other instances may have removed its "
					+ "uncommitted files, so it commits nothing any more: restart it", this.id,
					Duration.between(this.leaseEnd, now));
		}
		Map<String, String> record = new LinkedHashMap<>();
		record.put("startedAt", this.startedAt.toString());
		record.put("heartbeatAt", now.toString());
		record.put(EXPIRES_AT, now.plus(this.lease).toString());
		record.put("pid", String.valueOf(ProcessHandle.current().pid()));
		this.store.put(KIND, this.id, record);
		if (this.leaseEnd.equals(Instant.EPOCH)) {
			logger.info("Registered instance {} in {} (lease {})", this.id, this.store.location(), this.lease);
		}
		this.leaseEnd = now.plus(this.lease);
	}

	/**
	 * Removes this instance's record from the store when it stops cleanly; from then on it commits
	 * nothing and its heartbeat registers nothing. Other instances treat it as gone (its unfinished
	 * staged transactions are aborted). A killed instance leaves its record, which expires with the
	 * lease. A store that cannot be reached is logged: the record then expires like a killed one's.
	 */
	public synchronized void deregister() {
		if (this.deregistered) {
			return;
		}
		this.deregistered = true;
		if (this.leaseEnd.equals(Instant.EPOCH)) {
			return;
		}
		try {
			this.store.delete(KIND, this.id);
			logger.info("Removed the record of instance {} from {}", this.id, this.store.location());
		}
		catch (RuntimeException ex) {
			logger.warn("Could not remove the record of instance {} from {} (it expires with its lease at {}): {}",
					this.id, this.store.location(), this.leaseEnd, ex.getMessage());
		}
	}

	/**
	 * Returns whether this instance's lease, as last renewed, still holds: once it does not, other
	 * instances may treat this one as dead and remove the files it has not committed.
	 * @return whether the lease holds
	 */
	public boolean holdsLease() {
		return Instant.now().isBefore(this.leaseEnd);
	}

	/**
	 * Returns when this instance stopped committing because its lease ran out before a heartbeat.
	 * @return the time, or {@code null} while it commits
	 */
	public @Nullable Instant fencedAt() {
		return this.fencedAt;
	}

	/**
	 * Refuses a commit when this instance's lease ran out before, or has less than a quarter left.
	 * @param table the table the commit is for
	 * @throws PaimonUnavailableException if the commit must not happen
	 */
	@Override
	public void check(String table) {
		if (this.leaseEnd.equals(Instant.EPOCH)) {
			heartbeat(); // a commit before the first heartbeat (during start-up) registers the instance
		}
		if (this.deregistered) {
			throw new PaimonUnavailableException(table, "Instance " + this.id + " has stopped and commits nothing",
					null);
		}
		Instant now = Instant.now();
		if (this.fencedAt != null) {
			throw new PaimonUnavailableException(table, "Instance " + this.id + " commits nothing since its lease in "
					+ this.store.location() + " ran out at " + this.fencedAt
					+ " (other instances may have removed its uncommitted files); restart it", null);
		}
		if (now.isAfter(this.leaseEnd.minus(this.lease.dividedBy(4)))) {
			throw new PaimonUnavailableException(table, "Instance " + this.id + " has not renewed its lease in "
					+ this.store.location() + " (it ends at " + this.leaseEnd + "); commits wait until the heartbeat "
					+ "succeeds, retry later", null);
		}
	}

	/**
	 * Returns whether an instance is alive: this one always, another while its lease holds.
	 * @param instance the instance id
	 * @return whether it is alive
	 */
	@Override
	public boolean isAlive(String instance) {
		if (instance.equals(this.id)) {
			return true;
		}
		if (instance.isEmpty()) {
			return false;
		}
		Map<String, String> record = this.store.get(KIND, instance);
		return record != null && !expired(record, Instant.now());
	}

	/**
	 * Returns the instances whose lease ran out, forgetting those dead for longer than {@code forgetAfter}
	 * (whatever they left is then old enough for an age-based sweep).
	 * @param forgetAfter how long a dead instance stays listed
	 * @return the ids of the dead instances
	 */
	public Set<String> deadInstances(Duration forgetAfter) {
		Instant now = Instant.now();
		Set<String> dead = new TreeSet<>();
		for (Map.Entry<String, Map<String, String>> instance : this.store.list(KIND).entrySet()) {
			if (instance.getKey().equals(this.id) || !expired(instance.getValue(), now)) {
				continue;
			}
			if (expiresAt(instance.getValue()).plus(forgetAfter).isBefore(now)) {
				this.store.delete(KIND, instance.getKey());
			}
			else {
				dead.add(instance.getKey());
			}
		}
		return dead;
	}

	private static boolean expired(Map<String, String> record, Instant now) {
		return expiresAt(record).isBefore(now);
	}

	private static Instant expiresAt(Map<String, String> record) {
		String value = record.get(EXPIRES_AT);
		return (value != null) ? Instant.parse(value) : Instant.EPOCH;
	}

}
