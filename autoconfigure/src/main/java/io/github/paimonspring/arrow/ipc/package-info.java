/**
 * The one gate Arrow IPC input passes, whatever brings it (an HTTP body, a Kafka record, a Flight
 * stream): {@code ArrowIpcReader} checks the framing, the metadata and schema limits
 * ({@code ArrowIpcLimits}) and each batch's declared lengths before Arrow parses or allocates anything,
 * asks an {@code ArrowMemoryBudget} for the memory a batch needs, and then validates every batch's
 * buffers against its schema (as {@code CheckedArrowStreamReader}). A refusal is an {@code IOException}
 * of this package: {@code ArrowIpcFramingException} (not a well-formed stream),
 * {@code ArrowIpcLimitException} (beyond a limit), {@code ArrowIpcBusyException} (no memory now).
 */
@NullMarked
package io.github.paimonspring.arrow.ipc;

import org.jspecify.annotations.NullMarked;
