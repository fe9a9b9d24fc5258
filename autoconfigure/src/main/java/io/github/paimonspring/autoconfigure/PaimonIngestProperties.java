package io.github.paimonspring.autoconfigure;

import java.time.Duration;

import io.github.paimonspring.ingest.IngestSettings;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * Configuration properties of the group commit that batches small writes ({@code PaimonOperations.ingest}
 * and small one-shot uploads of the admin API) into one commit per table and interval. Validated when
 * bound (a {@link Validator} Spring Boot applies to itself): a key-claim lease that is set must be at
 * least twice the commit interval. The defaults are those of {@link IngestSettings#DEFAULTS}.
 */
@ConfigurationProperties("paimon.ingest")
public class PaimonIngestProperties implements Validator {

	/**
	 * Whether small one-shot uploads of the admin API go through the group commit. The in-process
	 * PaimonOperations.ingest methods always do.
	 */
	private boolean enabled = true;

	/**
	 * Shortest time between two commits of one table: requests that arrive in between are committed
	 * together, so a table gets at most one snapshot per interval from the group commit. A request that
	 * finds the table idle is committed at once. Longer intervals mean fewer snapshots and larger files,
	 * shorter ones a lower acknowledgement latency.
	 */
	private Duration commitInterval = Duration.ofMillis(500);

	/**
	 * A group with this many rows is committed without waiting for the interval.
	 */
	private long maxGroupRows = 1_000_000;

	/**
	 * A group with this much Arrow data is committed without waiting for the interval.
	 */
	private DataSize maxGroupSize = DataSize.ofMegabytes(64);

	/**
	 * Requests are refused as busy (503 with Retry-After) while a table buffers this much
	 * uncommitted Arrow data.
	 */
	private DataSize maxBufferedSize = DataSize.ofMegabytes(256);

	/**
	 * One-shot uploads whose declared Content-Length is at most this size join the group commit;
	 * larger, chunked and overwriting uploads commit on their own.
	 */
	private DataSize maxRequestSize = DataSize.ofMegabytes(8);

	/**
	 * How long an idempotency key or channel claim holds when its instance does not release it, with a
	 * JDBC catalog on a database other than PostgreSQL (claims are rows with a lease there). On
	 * PostgreSQL claims end with their instance's database session instead (see
	 * paimon.cluster.session-timeout); other catalogs claim in memory. When set, at least twice the
	 * commit interval; when not set, twice the commit interval if that is longer.
	 */
	private Duration keyClaimLease = Duration.ofSeconds(30);

	/** Whether {@link #keyClaimLease} was set, rather than left at its default. */
	private boolean keyClaimLeaseSet;

	/**
	 * How long a channel append that arrived before its predecessor (its 'after' is beyond the channel's
	 * tail) waits for it before it is refused with 409 channel-out-of-order, which the producer retries.
	 */
	private Duration channelOrderWait = Duration.ofSeconds(2);

	/**
	 * On a shutdown by signal (SIGTERM, SIGINT) or System.exit of a web application: how long the instance
	 * keeps accepting and committing requests after its readiness turned REFUSING_TRAFFIC, before anything
	 * stops, so that load balancers and Kubernetes stop sending it requests first. Size it to the balancer's
	 * health check (its interval times the failures that mark an instance down) and keep it below
	 * spring.lifecycle.timeout-per-shutdown-phase. 0 stops at once; a context closed in code never waits.
	 */
	private Duration shutdownDrain = Duration.ofSeconds(5);

	/**
	 * How long the start waits for the indexes of idempotency keys and channel states of the configured tables
	 * before the instance reports ready (readiness ACCEPTING_TRAFFIC), so that its first requests are answered at
	 * steady-state speed. Beyond it the instance turns ready anyway and its first requests read the rest.
	 */
	private Duration warmUpTimeout = Duration.ofMinutes(2);

	/**
	 * How many snapshots a table's index of idempotency keys and channel states reads at once when it
	 * catches up with a long history: at start-up, or on the instance that takes over after a failover
	 * (each snapshot is one request to S3).
	 */
	private int indexReadParallelism = 32;

	public int getIndexReadParallelism() {
		return this.indexReadParallelism;
	}

	public void setIndexReadParallelism(int indexReadParallelism) {
		this.indexReadParallelism = indexReadParallelism;
	}

	public Duration getShutdownDrain() {
		return this.shutdownDrain;
	}

	public void setShutdownDrain(Duration shutdownDrain) {
		this.shutdownDrain = shutdownDrain;
	}

	public Duration getWarmUpTimeout() {
		return this.warmUpTimeout;
	}

	public void setWarmUpTimeout(Duration warmUpTimeout) {
		this.warmUpTimeout = warmUpTimeout;
	}

	public Duration getChannelOrderWait() {
		return this.channelOrderWait;
	}

	public void setChannelOrderWait(Duration channelOrderWait) {
		this.channelOrderWait = channelOrderWait;
	}

	public Duration getKeyClaimLease() {
		return this.keyClaimLease;
	}

	public void setKeyClaimLease(Duration keyClaimLease) {
		this.keyClaimLease = keyClaimLease;
		this.keyClaimLeaseSet = true;
	}

	/**
	 * Returns the lease of an idempotency key or channel claim: {@link #getKeyClaimLease()}, or twice the
	 * commit interval when that is longer and the lease was not set, so that a claim outlives the wait for
	 * the group commit.
	 * @return the lease the claims get
	 */
	public Duration effectiveKeyClaimLease() {
		Duration twoIntervals = this.commitInterval.multipliedBy(2);
		return (!this.keyClaimLeaseSet && this.keyClaimLease.compareTo(twoIntervals) < 0) ? twoIntervals
				: this.keyClaimLease;
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getCommitInterval() {
		return this.commitInterval;
	}

	public void setCommitInterval(Duration commitInterval) {
		this.commitInterval = commitInterval;
	}

	public long getMaxGroupRows() {
		return this.maxGroupRows;
	}

	public void setMaxGroupRows(long maxGroupRows) {
		this.maxGroupRows = maxGroupRows;
	}

	public DataSize getMaxGroupSize() {
		return this.maxGroupSize;
	}

	public void setMaxGroupSize(DataSize maxGroupSize) {
		this.maxGroupSize = maxGroupSize;
	}

	public DataSize getMaxBufferedSize() {
		return this.maxBufferedSize;
	}

	public void setMaxBufferedSize(DataSize maxBufferedSize) {
		this.maxBufferedSize = maxBufferedSize;
	}

	public DataSize getMaxRequestSize() {
		return this.maxRequestSize;
	}

	public void setMaxRequestSize(DataSize maxRequestSize) {
		this.maxRequestSize = maxRequestSize;
	}

	@Override
	public boolean supports(Class<?> type) {
		return PaimonIngestProperties.class.isAssignableFrom(type);
	}

	/**
	 * Checks that an idempotency key claim outlives the wait for the group commit: a key-claim lease that
	 * is set must be at least twice the commit interval (one left at its default grows with the interval).
	 */
	@Override
	public void validate(Object target, Errors errors) {
		PaimonIngestProperties ingest = (PaimonIngestProperties) target;
		if (ingest.keyClaimLeaseSet && ingest.getKeyClaimLease().compareTo(ingest.getCommitInterval()
				.multipliedBy(2)) < 0) {
			errors.rejectValue("keyClaimLease", "paimon.ingest.key-claim-lease.too-short",
					"paimon.ingest.key-claim-lease (" + ingest.getKeyClaimLease()
							+ ") must be at least twice paimon.ingest.commit-interval (" + ingest.getCommitInterval()
							+ "): a claim must outlive the wait for the group commit");
		}
	}

	/**
	 * Returns the settings of the group commit.
	 * @return the settings
	 */
	public IngestSettings toSettings() {
		return new IngestSettings(this.commitInterval, this.maxGroupRows, this.maxGroupSize.toBytes(),
				this.maxBufferedSize.toBytes(), this.maxRequestSize.toBytes(), this.channelOrderWait,
				this.indexReadParallelism);
	}

}
