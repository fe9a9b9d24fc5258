package io.github.paimonspring.write;

import org.jspecify.annotations.Nullable;

/**
 * Outcome of a commit or truncate.
 *
 * @param committed whether this call created a snapshot ({@code false} when there was nothing to
 * commit or the identifier was already committed)
 * @param snapshotId the snapshot created by this call, or, when nothing was committed, the latest
 * snapshot of the commit user; {@code null} when there is none
 * @param rowCount the number of rows in the committed data files (0 for truncates)
 */
public record CommitResult(boolean committed, @Nullable Long snapshotId, long rowCount) {
}
