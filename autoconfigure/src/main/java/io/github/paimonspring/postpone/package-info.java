/**
 * The postpone fixed-bucket write family: postpone ({@code bucket = -2}) tables written straight into
 * real buckets with a bucket plan, on the write model of {@code write.family} — bucket plans, routing, a
 * pinned start snapshot and the fixed-bucket commit checks. The implementation behind
 * {@code ArrowWriteBuilder.withFixedBucketPlan}; applications use that.
 */
@NullMarked
package io.github.paimonspring.postpone;

import org.jspecify.annotations.NullMarked;
