/**
 * Table maintenance inside the service, so that a table written only by this starter stays healthy
 * without a second engine: compaction and snapshot expiry.
 */
@NullMarked
package io.github.paimonspring.maintenance;

import org.jspecify.annotations.NullMarked;
