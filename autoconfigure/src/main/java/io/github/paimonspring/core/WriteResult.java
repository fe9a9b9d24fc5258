package io.github.paimonspring.core;

import org.jspecify.annotations.Nullable;

/**
 * Outcome of every write of {@link PaimonOperations}: one-shot writes, {@code truncate}, {@code ingest} and
 * channel appends.
 *
 * @param table the table identifier ({@code db.table})
 * @param rows the number of rows written by this call (0 when nothing was committed, and for a truncate)
 * @param committed whether this call created a snapshot
 * @param snapshotId the snapshot created; when nothing was committed, the snapshot that already holds the
 * request's idempotency key, channel token or truncation, or {@code null}
 * @since 0.1.0
 */
public record WriteResult(String table, long rows, boolean committed, @Nullable Long snapshotId) {
}
