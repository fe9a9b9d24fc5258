/**
 * The ingest service: many small requests for one table committed together by a group commit, with
 * idempotency keys and channel offset tokens recorded in the snapshot that commits their rows. This
 * package holds what the rest of the library and applications use ({@code Ingester}, its settings,
 * listener, key claims, held keys, channel states and exceptions). Internal here: {@code GroupCommitService}
 * (the operations on resolved tables, for the core's template) and {@code SessionKeyClaims} (the claims the
 * auto-configuration wires on PostgreSQL) and the package-private helpers. The group commit runs in
 * {@code ingest.group}, channels in {@code ingest.channel}, and what the snapshots carry is read back
 * by {@code ingest.snapshot}.
 */
@NullMarked
package io.github.paimonspring.ingest;

import org.jspecify.annotations.NullMarked;
