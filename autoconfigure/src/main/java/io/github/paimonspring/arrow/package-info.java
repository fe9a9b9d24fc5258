/**
 * Apache Arrow input (IPC streams pass the gate of {@code arrow.ipc} first): schema checks against Paimon
 * row types, the type mapping, and the converter that exposes an Arrow batch to Paimon writers through the column
 * vectors of {@code arrow.vector} (created by {@code ArrowColumnVectors}, after the buffer and
 * {@code NOT NULL} checks), refusing timestamps, times and dates that overflow once scaled.
 */
@NullMarked
package io.github.paimonspring.arrow;

import org.jspecify.annotations.NullMarked;
