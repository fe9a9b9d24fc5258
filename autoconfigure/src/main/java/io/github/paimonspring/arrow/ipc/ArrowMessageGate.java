package io.github.paimonspring.arrow.ipc;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.apache.arrow.memory.BufferAllocator;

/**
 * The Arrow input gate for messages that arrive one by one, already framed, rather than as an IPC stream (an
 * Arrow Flight upload, whose messages gRPC frames): the checks {@link ArrowIpcReader} applies to every message of a
 * stream before Arrow decodes it. A schema's nesting depth and field count, a batch's declared rows, field nodes,
 * variadic buffer counts and compression (refused), and its buffers against the body it carries; the result is an
 * upper bound of the Arrow memory loading the batch allocates beyond its body.
 *
 * @since 0.1.0
 */
public final class ArrowMessageGate {

	private final ArrowMessageChecks checks;

	/**
	 * Creates the gate.
	 * @param limits the metadata size, nesting depth and field count accepted
	 * @param allocator the allocator the messages are loaded with (for its rounding of sizes)
	 */
	public ArrowMessageGate(ArrowIpcLimits limits, BufferAllocator allocator) {
		this.checks = new ArrowMessageChecks(limits, allocator.getRoundingPolicy()::getRoundedSize);
	}

	/**
	 * Checks one message.
	 * @param index the message's position in its stream, for the refusal
	 * @param metadata the message's flatbuffer (its {@code Message} table)
	 * @param body the bytes of the body the message carries
	 * @return the upper bound of the Arrow memory loading it allocates, in bytes (0 for a schema)
	 * @throws ArrowIpcFramingException naming the message and what is wrong: a malformed or over-limit message,
	 * or a body shorter than the message declares
	 */
	public long check(long index, ByteBuffer metadata, long body) throws ArrowIpcFramingException {
		ByteBuffer flatbuffer = metadata.duplicate().order(ByteOrder.LITTLE_ENDIAN);
		long need = this.checks.check(index, flatbuffer);
		long declared = ArrowMessageChecks.bodyLength(metadata.duplicate().order(ByteOrder.LITTLE_ENDIAN));
		if (declared > body) {
			throw new ArrowIpcFramingException("Arrow IPC message " + index + " is not accepted: it declares a body "
					+ "of " + declared + " bytes but carries " + body);
		}
		return need;
	}

}
