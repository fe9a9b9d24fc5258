/**
 * The Arrow Flight SQL endpoint: ADBC bulk ingest ({@code CommandStatementIngest}, and the two statements the
 * ADBC Java driver sends for it) into Paimon tables through the core's one write request, Flight SQL
 * transactions as the admin API's staged transactions, metadata for tools that browse, and the admin API's
 * credentials, scopes and audit trail. Queries are refused: this endpoint ingests.
 */
@NullMarked
package io.github.paimonspring.flight;

import org.jspecify.annotations.NullMarked;
