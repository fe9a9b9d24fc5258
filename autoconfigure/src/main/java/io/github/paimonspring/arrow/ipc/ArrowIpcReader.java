package io.github.paimonspring.arrow.ipc;

import java.io.InputStream;
import java.nio.channels.ReadableByteChannel;

import org.apache.arrow.memory.BufferAllocator;

/**
 * Reads untrusted Arrow IPC input through the one gate: the framing, the {@link ArrowIpcLimits}, a batch's
 * declared lengths and its memory (asked of an {@link ArrowMemoryBudget}) are checked before Arrow parses
 * or allocates the message, and every batch's buffers against its schema before Arrow loads them (as
 * {@link CheckedArrowStreamReader}). The batches it returns are safe for
 * {@link io.github.paimonspring.arrow.ArrowBatchConverter}. A refusal surfaces from the reader's methods
 * as (or caused by) an {@link ArrowIpcFramingException}, {@link ArrowIpcLimitException} or
 * {@link ArrowIpcBusyException}, or as an {@link io.github.paimonspring.arrow.ArrowFormatException}
 * naming the column. Closing the reader closes the input.
 *
 * @since 0.1.0
 */
public class ArrowIpcReader extends CheckedArrowStreamReader {

	private final ArrowIpcGuard guard;

	/**
	 * Creates a reader.
	 * @param in the IPC stream; when it is a {@link ReadableByteChannel}, message bodies are read into the
	 * batches' buffers directly
	 * @param limits the limits of its messages
	 * @param maxBytes the most bytes the stream may have
	 * @param allocator the allocator of the batches' buffers (its rounding is counted in a batch's memory)
	 * @param budget decides whether a batch's memory may be taken
	 * @param table the table the stream is written to, for messages
	 */
	public ArrowIpcReader(InputStream in, ArrowIpcLimits limits, long maxBytes, BufferAllocator allocator,
			ArrowMemoryBudget budget, String table) {
		this(new ArrowIpcGuard(in, limits, maxBytes,
				new ArrowMessageChecks(limits, allocator.getRoundingPolicy()::getRoundedSize), budget), allocator,
				table);
	}

	private ArrowIpcReader(ArrowIpcGuard guard, BufferAllocator allocator, String table) {
		super((ReadableByteChannel) guard, allocator, table);
		this.guard = guard;
	}

	/**
	 * Returns the bytes of the stream read so far, as the gate counted them (also while a message is only
	 * partly read).
	 * @return bytes
	 */
	@Override
	public long bytesRead() {
		return this.guard.bytesRead();
	}

}
