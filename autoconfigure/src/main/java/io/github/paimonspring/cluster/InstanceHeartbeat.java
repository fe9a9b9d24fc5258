package io.github.paimonspring.cluster;

import java.time.Duration;

import io.github.paimonspring.PeriodicLifecycle;

/**
 * Renews this instance's lease in {@link Instances} periodically while the application runs; the
 * first heartbeat happens when it starts, so the instance is registered before it writes. A clean stop
 * removes the instance's record ({@link Instances#deregister()}).
 */
public class InstanceHeartbeat extends PeriodicLifecycle {

	private final Instances instances;

	/**
	 * Creates the heartbeat.
	 * @param instances the registry
	 * @param interval the time between two heartbeats (a fraction of the lease)
	 */
	public InstanceHeartbeat(Instances instances, Duration interval) {
		super("paimon-instance-heartbeat", interval);
		this.instances = instances;
	}

	@Override
	public synchronized void start() {
		this.instances.heartbeat();
		super.start();
	}

	@Override
	public void stop() {
		super.stop();
		this.instances.deregister();
	}

	@Override
	protected void runPeriodically() {
		this.instances.heartbeat();
	}

	/**
	 * Not stopped when a context is paused (Spring's test context cache pauses contexts it keeps): a
	 * stop removes this instance's record, and a pause longer than the lease would fence it for good.
	 */
	@Override
	public boolean isPauseable() {
		return false;
	}

	@Override
	public int getPhase() {
		// start before, stop after everything that writes
		return Integer.MIN_VALUE + 1000;
	}

}
