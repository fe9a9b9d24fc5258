package io.github.paimonspring.postpone;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.paimon.data.BinaryRow;
import org.jspecify.annotations.Nullable;

/**
 * A bucket plan keyed by serialized partition ({@link BinaryRow}), as writers use it. An automatic
 * plan gives partitions it does not know a default count; an explicit plan rejects them.
 */
final class ResolvedBucketPlan {

	private final Map<BinaryRow, Integer> totalBuckets;

	private final int defaultBuckets;

	private ResolvedBucketPlan(Map<BinaryRow, Integer> totalBuckets, int defaultBuckets) {
		this.totalBuckets = new ConcurrentHashMap<>(totalBuckets);
		this.defaultBuckets = defaultBuckets;
	}

	static ResolvedBucketPlan explicit(Map<BinaryRow, Integer> totalBuckets) {
		return new ResolvedBucketPlan(totalBuckets, 0);
	}

	static ResolvedBucketPlan automatic(Map<BinaryRow, Integer> known, int defaultBuckets) {
		return new ResolvedBucketPlan(known, defaultBuckets);
	}

	/** Returns a copy for one writer, so that later builder changes do not affect it. */
	ResolvedBucketPlan copy() {
		return new ResolvedBucketPlan(this.totalBuckets, this.defaultBuckets);
	}

	/**
	 * Returns the bucket count of a partition, or {@code null} when an explicit plan does not have it.
	 * @param partition the partition (may be a reused row; it is copied when remembered)
	 */
	@Nullable Integer totalBuckets(BinaryRow partition) {
		Integer buckets = this.totalBuckets.get(partition);
		if (buckets == null && this.defaultBuckets > 0) {
			buckets = this.totalBuckets.computeIfAbsent(partition.copy(), (p) -> this.defaultBuckets);
		}
		return buckets;
	}

}
