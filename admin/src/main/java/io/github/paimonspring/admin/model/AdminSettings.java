package io.github.paimonspring.admin.model;

import java.time.Duration;

/**
 * Limits and timeouts of the admin API.
 *
 * @param maxRequestBytes maximum size of one request body
 * @param maxTransactionBytes maximum total size uploaded into one transaction
 * @param maxMetadataBytes maximum length of one Arrow IPC metadata message
 * @param maxBatchMemory maximum Arrow (off-heap) memory of one upload; a batch that needs more is
 * refused with 413 before it is read
 * @param maxUploadMemory maximum Arrow memory of all uploads together; a batch that does not fit
 * now is refused with 503 and {@code Retry-After}
 * @param maxConcurrentUploads maximum number of uploads read at the same time; more get 503
 * @param maxSchemaDepth maximum nesting depth of an uploaded Arrow schema
 * @param maxSchemaFields maximum number of fields (nested ones included) of an uploaded Arrow schema
 * @param maxOpenTransactions maximum number of open transactions
 * @param maxEndedTransactions maximum number of ended transactions kept for inspection
 * @param idleTimeout idle time after which an open transaction expires
 * @param maxLifetime maximum lifetime of an open transaction, and how long an ended one is kept
 * @param progressInterval how often long uploads log progress
 * @param maxGroupedRequestBytes one-shot uploads without overwrite whose declared length is at most this
 * join the table's group commit ({@code paimon.ingest}); 0 commits every upload on its own
 */
public record AdminSettings(long maxRequestBytes, long maxTransactionBytes, long maxMetadataBytes, long maxBatchMemory,
		long maxUploadMemory, int maxConcurrentUploads, int maxSchemaDepth, int maxSchemaFields,
				int maxOpenTransactions,
		int maxEndedTransactions, Duration idleTimeout, Duration maxLifetime, Duration progressInterval,
		long maxGroupedRequestBytes) {

	/**
	 * Checks the limits.
	 */
	public AdminSettings {
		if (maxBatchMemory > maxUploadMemory) {
			throw new IllegalArgumentException("paimon.admin.max-batch-memory (" + maxBatchMemory
					+ " bytes) must not exceed paimon.admin.max-upload-memory (" + maxUploadMemory + " bytes)");
		}
		if (maxConcurrentUploads < 1 || maxSchemaDepth < 1 || maxSchemaFields < 1 || maxEndedTransactions < 0) {
			throw new IllegalArgumentException("paimon.admin.max-concurrent-uploads, max-schema-depth and "
					+ "max-schema-fields must be at least 1, max-ended-transactions at least 0");
		}
	}

}
