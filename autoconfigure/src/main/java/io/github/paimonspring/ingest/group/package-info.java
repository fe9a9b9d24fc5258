/**
 * The group commit: per table one shared writer and one commit per interval ({@code TableIngest}),
 * the requests of one group ({@code RequestGroup}), and the current group commit and index of every
 * table, replaced when the table's schema changes ({@code GroupCommits}).
 * <p>
 * Internal: no type of this package is API (see {@code docs/architecture.md}); it may change in any release.
 */
@NullMarked
package io.github.paimonspring.ingest.group;

import org.jspecify.annotations.NullMarked;
