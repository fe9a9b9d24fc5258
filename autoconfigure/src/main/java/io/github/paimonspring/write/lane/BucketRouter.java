package io.github.paimonspring.write.lane;

import org.apache.paimon.data.InternalRow;

/**
 * Chooses the bucket of a row for a write family that routes rows itself (such as the postpone
 * fixed-bucket family). Each parallel writer lane gets its own router, so implementations need not be
 * thread-safe. A service-provider interface for write families; applications do not implement it.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface BucketRouter {

	/**
	 * Returns the bucket of a row.
	 * @param row the row (reused by the caller; do not keep it)
	 * @return the bucket, {@code >= 0}
	 * @throws io.github.paimonspring.PaimonException if the row cannot be routed (nothing of the batch is
	 * written)
	 */
	int bucket(InternalRow row);

}
