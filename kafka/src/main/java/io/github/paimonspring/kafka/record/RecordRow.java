package io.github.paimonspring.kafka.record;

import org.jspecify.annotations.Nullable;

/**
 * One record converted to a row of its table, with boxed values: a copy of a {@link RowValues}
 * ({@link RowValues#toRow()}) to look at, not the way rows reach a batch.
 *
 * @param shape the table's shape the values follow
 * @param values the column values, by position in the shape's row type
 * @param kind the row kind's byte value (0 insert, 1 update before, 2 update after, 3 delete)
 */
@SuppressWarnings("ArrayRecordComponent") // values read by position; rows are never compared or hashed
public record RecordRow(TableShape shape, @Nullable Object[] values, byte kind) {
}
