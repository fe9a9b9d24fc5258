package io.github.paimonspring.cluster;

import java.time.Duration;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;

/**
 * This instance's membership of the instances of a service that share a catalog: the {@link StateStore}
 * they share, this instance's registration in {@link Instances}, renewed by a heartbeat while the
 * application runs (see {@link InstanceHeartbeat}), and, with a JDBC catalog on PostgreSQL, the
 * {@link SessionLocks} whose claims and commit locks end with this instance. Closing it ends those
 * sessions, which releases whatever they still hold.
 */
public final class ClusterMembership implements SmartLifecycle, AutoCloseable {

	private final StateStore store;

	private final Instances instances;

	private final @Nullable SessionLocks sessionLocks;

	private final InstanceHeartbeat heartbeat;

	/**
	 * Creates the membership; the instance is registered when it starts.
	 * @param store the state the instances share
	 * @param lease how long an instance counts as alive after a heartbeat
	 * @param heartbeatInterval the time between two heartbeats
	 * @param sessionLocks opens this instance's session locks, or returns {@code null} when the catalog
	 * has none
	 */
	public ClusterMembership(StateStore store, Duration lease, Duration heartbeatInterval,
			Function<Instances, @Nullable SessionLocks> sessionLocks) {
		this.store = store;
		this.instances = new Instances(store, lease);
		this.heartbeat = new InstanceHeartbeat(this.instances, heartbeatInterval);
		this.sessionLocks = sessionLocks.apply(this.instances);
	}

	/**
	 * Returns the state the instances share.
	 * @return the store
	 */
	public StateStore store() {
		return this.store;
	}

	/**
	 * Returns the registry of the instances, with this instance's id and lease.
	 * @return the instances
	 */
	public Instances instances() {
		return this.instances;
	}

	/**
	 * Returns this instance's session locks.
	 * @return the session locks, or {@code null} unless the catalog is a JDBC catalog on PostgreSQL
	 */
	public @Nullable SessionLocks sessionLocks() {
		return this.sessionLocks;
	}

	/** Registers this instance and starts its heartbeat. */
	@Override
	public void start() {
		this.heartbeat.start();
	}

	/** Stops the heartbeat and removes this instance's record. */
	@Override
	public void stop() {
		this.heartbeat.stop();
	}

	@Override
	public boolean isRunning() {
		return this.heartbeat.isRunning();
	}

	/** As {@link InstanceHeartbeat#isPauseable()}: not stopped when a context is paused. */
	@Override
	public boolean isPauseable() {
		return this.heartbeat.isPauseable();
	}

	/** As {@link InstanceHeartbeat#getPhase()}: starts before, stops after everything that writes. */
	@Override
	public int getPhase() {
		return this.heartbeat.getPhase();
	}

	/** Ends this instance's database sessions, if any. */
	@Override
	public void close() {
		if (this.sessionLocks != null) {
			this.sessionLocks.close();
		}
	}

}
