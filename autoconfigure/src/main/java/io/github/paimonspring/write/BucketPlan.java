package io.github.paimonspring.write;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The number of real buckets per partition for a postpone fixed-bucket write, in plain Java form
 * (the Arrow form is accepted by
 * {@link ArrowWriteBuilder#withFixedBucketPlan(org.apache.arrow.vector.VectorSchemaRoot)}).
 * Partitions are given as partition-key to value maps, with every partition key of the table.
 *
 * @since 0.1.0
 */
public final class BucketPlan {

	private final Map<Map<String, String>, Integer> totalBuckets;

	private BucketPlan(Map<Map<String, String>, Integer> totalBuckets) {
		this.totalBuckets = totalBuckets;
	}

	/**
	 * Creates a plan from partitions and their bucket counts.
	 * @param totalBuckets bucket count (positive) per partition spec
	 * @return the plan
	 */
	public static BucketPlan of(Map<Map<String, String>, Integer> totalBuckets) {
		if (totalBuckets == null) {
			throw new IllegalArgumentException("bucket plan must not be null");
		}
		Map<Map<String, String>, Integer> copy = new LinkedHashMap<>();
		totalBuckets.forEach((partition, buckets) -> copy.put(Map.copyOf(partition), buckets));
		return new BucketPlan(Collections.unmodifiableMap(copy));
	}

	/**
	 * Creates the plan of an unpartitioned table.
	 * @param totalBuckets the bucket count (positive)
	 * @return the plan
	 */
	public static BucketPlan unpartitioned(int totalBuckets) {
		return of(Map.of(Map.of(), totalBuckets));
	}

	/**
	 * Returns the bucket count per partition spec.
	 * @return an unmodifiable map
	 */
	public Map<Map<String, String>, Integer> totalBuckets() {
		return this.totalBuckets;
	}

	@Override
	public String toString() {
		return "BucketPlan" + this.totalBuckets;
	}

}
