/**
 * The services of the admin REST API, free of any web type: table metadata, truncation and the name
 * check ({@code AdminTables}), staged transactions ({@code AdminTransactions} and the reaper that
 * expires them), one-shot uploads with idempotency keys ({@code OneShotUploads}) and channels
 * ({@code AdminChannels}). They take plain arguments (names, streams, declared lengths) and return
 * the {@code admin.model} types; the HTTP edge in {@code admin.web} converts requests and responses.
 */
@NullMarked
package io.github.paimonspring.admin;

import org.jspecify.annotations.NullMarked;
