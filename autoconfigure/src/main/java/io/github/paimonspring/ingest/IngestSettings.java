package io.github.paimonspring.ingest;

import java.time.Duration;

/**
 * How the group commit batches small requests for one table.
 *
 * @param commitInterval the shortest time between two commits of one table: requests that arrive in
 * between are committed together (a request that finds the table idle is committed at once)
 * @param maxGroupRows a group with this many rows is committed without waiting for the interval
 * @param maxGroupBytes a group with this much Arrow data is committed without waiting for the interval
 * @param maxBufferedBytes requests are refused as busy while a table buffers this much uncommitted
 * Arrow data (the commits cannot keep up)
 * @param maxRequestBytes uploads up to this size join a group; larger ones commit on their own
 * @param channelOrderWait how long a channel append that arrived before its predecessor waits for it
 * before it is refused as out of order
 * @param indexReadParallelism how many snapshots the key and channel index of a table reads at once
 * when it catches up with a long history (at start-up, after a failover)
 * @since 0.1.0
 */
public record IngestSettings(Duration commitInterval, long maxGroupRows, long maxGroupBytes, long maxBufferedBytes,
		long maxRequestBytes, Duration channelOrderWait, int indexReadParallelism) {

	/** How many snapshots the index reads at once unless configured: 32. */
	public static final int DEFAULT_INDEX_READ_PARALLELISM = 32;

	/** How long a channel append waits for its predecessor unless configured: 2 s. */
	public static final Duration DEFAULT_CHANNEL_ORDER_WAIT = Duration.ofSeconds(2);

	/** The defaults: 500 ms interval, 1,000,000 rows or 64 MB per group, 256 MB buffered, 8 MB requests. */
	public static final IngestSettings DEFAULTS = new IngestSettings(Duration.ofMillis(500), 1_000_000,
			64L * 1024 * 1024, 256L * 1024 * 1024, 8L * 1024 * 1024);

	/**
	 * Creates settings with the default {@link #DEFAULT_CHANNEL_ORDER_WAIT}.
	 * @param commitInterval the shortest time between two commits of one table
	 * @param maxGroupRows rows that commit a group without waiting
	 * @param maxGroupBytes Arrow bytes that commit a group without waiting
	 * @param maxBufferedBytes uncommitted Arrow bytes beyond which requests are refused as busy
	 * @param maxRequestBytes uploads up to this size join a group
	 */
	public IngestSettings(Duration commitInterval, long maxGroupRows, long maxGroupBytes, long maxBufferedBytes,
			long maxRequestBytes) {
		this(commitInterval, maxGroupRows, maxGroupBytes, maxBufferedBytes, maxRequestBytes,
				DEFAULT_CHANNEL_ORDER_WAIT);
	}

	/**
	 * Creates settings with the default {@link #DEFAULT_INDEX_READ_PARALLELISM}.
	 * @param commitInterval the shortest time between two commits of one table
	 * @param maxGroupRows rows that commit a group without waiting
	 * @param maxGroupBytes Arrow bytes that commit a group without waiting
	 * @param maxBufferedBytes uncommitted Arrow bytes beyond which requests are refused as busy
	 * @param maxRequestBytes uploads up to this size join a group
	 * @param channelOrderWait how long a channel append waits for its predecessor
	 */
	public IngestSettings(Duration commitInterval, long maxGroupRows, long maxGroupBytes, long maxBufferedBytes,
			long maxRequestBytes, Duration channelOrderWait) {
		this(commitInterval, maxGroupRows, maxGroupBytes, maxBufferedBytes, maxRequestBytes, channelOrderWait,
				DEFAULT_INDEX_READ_PARALLELISM);
	}

	/**
	 * Checks the settings.
	 * @throws IllegalArgumentException naming the first bad value
	 */
	public IngestSettings {
		if (commitInterval.isNegative()) {
			throw new IllegalArgumentException(
					"paimon.ingest.commit-interval must not be negative, got " + commitInterval);
		}
		if (maxGroupRows < 1 || maxGroupBytes < 1 || maxBufferedBytes < 1 || maxRequestBytes < 1) {
			throw new IllegalArgumentException("paimon.ingest.max-group-rows, max-group-size, max-buffered-size and "
					+ "max-request-size must be positive");
		}
		if (indexReadParallelism < 1) {
			throw new IllegalArgumentException("paimon.ingest.index-read-parallelism must be at least 1, got "
					+ indexReadParallelism);
		}
		if (channelOrderWait.isNegative()) {
			throw new IllegalArgumentException("paimon.ingest.channel-order-wait must not be negative, got "
					+ channelOrderWait);
		}
	}

	/**
	 * Returns how long a request waits for a key or channel that another request holds — on this
	 * instance or another — before it is refused as busy: two commit intervals and a second, enough for
	 * a live holder's group commit.
	 * @return the wait
	 */
	public Duration claimWait() {
		return this.commitInterval.multipliedBy(2).plusSeconds(1);
	}

}
