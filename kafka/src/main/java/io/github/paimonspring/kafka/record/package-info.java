/**
 * Kafka records converted to rows of the target table ({@code RecordConverter}): JSON values and Arrow
 * IPC streams read by the Arrow type mapping's rules, the record's metadata columns (key, timestamp,
 * topic, partition, offset, headers), the table's shape, and the values written into Arrow vectors: a
 * JSON record's row is read into a reused row of unboxed values ({@code RowValues}) and written into the
 * partition's vectors ({@code JsonColumns}) only once it is complete and checked. A record that cannot be
 * converted is refused with a {@code BadRecordException}, leaving nothing of itself in a batch.
 */
@NullMarked
package io.github.paimonspring.kafka.record;

import org.jspecify.annotations.NullMarked;
