/**
 * Table maintenance inside the service, so that a table written only by this starter stays healthy
 * without a second engine: compaction and snapshot expiry. API: {@code PaimonMaintenance},
 * {@code TableMaintenance}, their results, listener and policy, {@code PendingFiles} and
 * {@code MaintenanceSchedule} (what the scheduled rounds do for a table); the scheduler, its scope and the
 * orphan-file and postpone-compaction machinery are internal.
 */
@NullMarked
package io.github.paimonspring.maintenance;

import org.jspecify.annotations.NullMarked;
