/**
 * The commit engine of the write model: Paimon commits, truncates and overwrites once per identifier,
 * inside the fenced commit lock where the catalog has one ({@code TableCommitter}), and the data files
 * of prepared messages against the table's snapshots, for the safe abort ({@code PreparedFiles}).
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.write.commit;

import org.jspecify.annotations.NullMarked;
