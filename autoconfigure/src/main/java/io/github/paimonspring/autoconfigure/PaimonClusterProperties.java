package io.github.paimonspring.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Configuration properties of the instances of a service that share a catalog: how each one tells
 * the others it is alive. The instances are registered, with the staged transactions, in the JDBC
 * catalog's database, else in the warehouse directory {@code _paimon-spring}. Validated when bound (a
 * {@link Validator} Spring Boot applies to itself): the instance lease must be at least three heartbeat
 * intervals, the session timeout at least 2 s.
 */
@ConfigurationProperties("paimon.cluster")
public class PaimonClusterProperties implements Validator {

	/** The shortest {@link #getSessionTimeout() session timeout}. */
	static final Duration MIN_SESSION_TIMEOUT = Duration.ofSeconds(2);

	/**
	 * Time between two heartbeats of this instance.
	 */
	private Duration heartbeatInterval = Duration.ofSeconds(10);

	/**
	 * How long after its last heartbeat an instance counts as dead: its unfinished staged transactions
	 * are then reported as aborted and its uncommitted files are removed by the next maintenance round.
	 * Must be at least three heartbeat intervals.
	 */
	private Duration instanceLease = Duration.ofMinutes(1);

	/**
	 * With a JDBC catalog on PostgreSQL: how long the database keeps the session of an instance that
	 * stopped talking to it (paused, frozen or cut off) before it ends the session and releases the
	 * instance's idempotency-key and channel claims and table commit locks to the other instances. An
	 * instance that dies releases them at once. The instance keeps its sessions alive while it runs; one
	 * that was silent for longer loses its claims and commits nothing it held. At least 2 s.
	 */
	private Duration sessionTimeout = Duration.ofSeconds(10);

	public Duration getSessionTimeout() {
		return this.sessionTimeout;
	}

	public void setSessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = sessionTimeout;
	}

	public Duration getHeartbeatInterval() {
		return this.heartbeatInterval;
	}

	public void setHeartbeatInterval(Duration heartbeatInterval) {
		this.heartbeatInterval = heartbeatInterval;
	}

	public Duration getInstanceLease() {
		return this.instanceLease;
	}

	public void setInstanceLease(Duration instanceLease) {
		this.instanceLease = instanceLease;
	}

	@Override
	public boolean supports(Class<?> type) {
		return PaimonClusterProperties.class.isAssignableFrom(type);
	}

	/**
	 * Checks that one late heartbeat does not make an instance dead (the instance lease is at least three
	 * heartbeat intervals) and that the session timeout is at least 2 s.
	 */
	@Override
	public void validate(Object target, Errors errors) {
		PaimonClusterProperties cluster = (PaimonClusterProperties) target;
		if (cluster.getInstanceLease().compareTo(cluster.getHeartbeatInterval().multipliedBy(3)) < 0) {
			errors.rejectValue("instanceLease", "paimon.cluster.instance-lease.too-short",
					"paimon.cluster.instance-lease (" + cluster.getInstanceLease()
							+ ") must be at least three times paimon.cluster.heartbeat-interval ("
							+ cluster.getHeartbeatInterval() + "): one late heartbeat must not make an instance dead");
		}
		if (cluster.getSessionTimeout().compareTo(MIN_SESSION_TIMEOUT) < 0) {
			errors.rejectValue("sessionTimeout", "paimon.cluster.session-timeout.too-short",
					"paimon.cluster.session-timeout (" + cluster.getSessionTimeout()
							+ ") must be at least 2 s: the database ends the sessions of an instance silent for "
							+ "that long");
		}
	}

}
