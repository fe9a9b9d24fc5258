package io.github.paimonspring.write;

import org.jspecify.annotations.Nullable;

/**
 * Outcome of a commit or truncate; the same facts in the same order as {@code WriteResult}, which adds
 * the table.
 *
 * @param rows the number of rows in the committed data files (0 for truncates)
 * @param committed whether this call created a snapshot ({@code false} when there was nothing to
 * commit or the identifier was already committed)
 * @param snapshotId the snapshot created by this call, or, when nothing was committed, the latest
 * snapshot of the commit user; {@code null} when there is none
 * @since 0.1.0
 */
public record CommitResult(long rows, boolean committed, @Nullable Long snapshotId) {
}
