/**
 * The parallel writer engine of the write model: one or more Paimon writers ("lanes") per table write
 * that own disjoint buckets or row ranges ({@code LaneWriter}, {@code WriteLanes}, {@code WriteLane}),
 * how a batch's rows go to them ({@code LaneRows}), the batch written while the next one is read
 * ({@code InFlightBatch}), the shared threads they run on, the bucket router a write family may bring,
 * and which row kinds a table takes ({@code RowKindRules}).
 */
@NullMarked
package io.github.paimonspring.write.lane;

import org.jspecify.annotations.NullMarked;
