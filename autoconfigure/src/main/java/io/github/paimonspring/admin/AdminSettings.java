package io.github.paimonspring.admin;

import java.time.Duration;

/**
 * Limits and timeouts of the admin API.
 *
 * @param maxRequestBytes maximum size of one request body
 * @param maxTransactionBytes maximum total size uploaded into one transaction
 * @param maxMetadataBytes maximum length of one Arrow IPC metadata message
 * @param maxBatchMemory maximum off-heap memory of one upload's Arrow buffers
 * @param maxOpenTransactions maximum number of open transactions
 * @param idleTimeout idle time after which an open transaction expires
 * @param maxLifetime maximum lifetime of an open transaction
 * @param progressInterval how often long uploads log progress
 */
public record AdminSettings(long maxRequestBytes, long maxTransactionBytes, long maxMetadataBytes, long maxBatchMemory,
		int maxOpenTransactions, Duration idleTimeout, Duration maxLifetime, Duration progressInterval) {
}
