/**
 * The admin REST API: the controller, the services for table metadata and truncation, staged
 * transactions and one-shot uploads, the guarded reading of Arrow IPC request bodies (size, memory
 * and framing limits), errors rendered as {@code application/problem+json}, bearer-token
 * authentication, and the reaper that expires idle and old transactions.
 */
@NullMarked
package io.github.paimonspring.admin;

import org.jspecify.annotations.NullMarked;
