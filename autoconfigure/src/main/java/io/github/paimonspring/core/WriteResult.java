package io.github.paimonspring.core;

import org.jspecify.annotations.Nullable;

/**
 * Outcome of a one-shot write through {@link PaimonOperations}.
 *
 * @param table the table identifier ({@code db.table})
 * @param rows the number of rows written
 * @param committed whether a snapshot was created
 * @param snapshotId the snapshot created, or {@code null} when nothing was committed
 * @since 0.1.0
 */
public record WriteResult(String table, long rows, boolean committed, @Nullable Long snapshotId) {
}
