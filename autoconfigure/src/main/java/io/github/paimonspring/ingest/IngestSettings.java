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
 */
public record IngestSettings(Duration commitInterval, long maxGroupRows, long maxGroupBytes, long maxBufferedBytes,
		long maxRequestBytes) {

	/** The defaults: 500 ms interval, 1,000,000 rows or 64 MB per group, 256 MB buffered, 8 MB requests. */
	public static final IngestSettings DEFAULTS = new IngestSettings(Duration.ofMillis(500), 1_000_000,
			64L * 1024 * 1024, 256L * 1024 * 1024, 8L * 1024 * 1024);

	/**
	 * Checks the settings.
	 * @throws IllegalArgumentException naming the first bad value
	 */
	public IngestSettings {
		if (commitInterval.isNegative()) {
			throw new IllegalArgumentException("paimon.ingest.commit-interval must not be negative, got " + commitInterval);
		}
		if (maxGroupRows < 1 || maxGroupBytes < 1 || maxBufferedBytes < 1 || maxRequestBytes < 1) {
			throw new IllegalArgumentException("paimon.ingest.max-group-rows, max-group-size, max-buffered-size and "
					+ "max-request-size must be positive");
		}
	}

}
