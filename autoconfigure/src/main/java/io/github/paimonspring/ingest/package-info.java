/**
 * The ingest service: many small requests for one table committed together by a group commit, with
 * idempotency keys recorded in the snapshot that commits their rows.
 */
@NullMarked
package io.github.paimonspring.ingest;

import org.jspecify.annotations.NullMarked;
