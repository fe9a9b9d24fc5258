/**
 * Kafka records converted to rows of the target table ({@code RecordConverter}): JSON values and Arrow
 * IPC streams read by the Arrow type mapping's rules, the record's metadata columns (key, timestamp,
 * topic, partition, offset, headers), the table's shape, and the Java values written into Arrow vectors.
 * A record that cannot be converted is refused with a {@code BadRecordException}.
 */
@NullMarked
package io.github.paimonspring.kafka.record;

import org.jspecify.annotations.NullMarked;
