package io.github.paimonspring.flight;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.arrow.ipc.ArrowIpcFramingException;
import io.github.paimonspring.arrow.ipc.ArrowMessageGate;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The core's Arrow input gate for the messages of a Flight upload ({@code DoPut}), between Flight's decoder and its
 * stream. Every message passes {@link ArrowMessageGate} (the checks an HTTP upload's IPC messages pass: schema depth
 * and fields, metadata size, declared rows and field nodes, buffers within the body, no compression) and the memory
 * a batch needs beyond its body is checked against {@code paimon.admin.max-batch-memory}, before Flight loads
 * the message. A refused upload ends with the HTTP API's problem text ({@code INVALID_ARGUMENT} "Malformed Arrow IPC
 * stream", {@code RESOURCE_EXHAUSTED} "Payload too large") and its stream ends as cancelled, so the ingest aborts
 * and writes nothing.
 * <p>
 * It also frees what Flight would keep: the gate takes each decoded message's buffers over from the
 * {@link ParseTrackingAllocator}, and closes refused messages itself. Flight's stream keeps a reference to a batch's
 * body when slicing its buffers fails, and never closes a message of a type it does not take or a schema message
 * that carries a body.
 */
final class FlightMessageGate implements ServerInterceptor {

	private static final Logger logger = LoggerFactory.getLogger(FlightMessageGate.class);

	private static final @Nullable Accessors ACCESSORS = Accessors.find();

	private final ParseTrackingAllocator allocator;

	private final ArrowMessageGate gate;

	private final long maxBatchMemory;

	private final long maxMetadataBytes;

	private final @Nullable FlightDataDecoder decoder;

	FlightMessageGate(ParseTrackingAllocator allocator, ArrowMessageGate gate, long maxBatchMemory,
			long maxMetadataBytes, @Nullable FlightDataDecoder decoder) {
		this.allocator = allocator;
		this.gate = gate;
		this.maxBatchMemory = maxBatchMemory;
		this.maxMetadataBytes = maxMetadataBytes;
		this.decoder = decoder;
	}

	/**
	 * Whether this gate checks the messages: it needs to read Flight's message type, which is not public.
	 * @return {@code true} if it does
	 */
	boolean active() {
		return ACCESSORS != null;
	}

	@Override
	public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
			ServerCallHandler<Q, R> next) {
		ServerCall.Listener<Q> listener = next.startCall(call, headers);
		String method = call.getMethodDescriptor().getBareMethodName();
		if (ACCESSORS == null || !("DoPut".equals(method) || "DoExchange".equals(method))) {
			return listener;
		}
		return new Gate<>(call, listener, ACCESSORS);
	}

	/** Why a message is refused. */
	private record Refusal(Status.Code code, String text) {
	}

	/** What is wrong with a message, or {@code null}. */
	@Nullable Refusal refusal(Accessors accessors, Object message, long index) {
		FlightDataDecoder.Failure undecodable = (this.decoder != null) ? this.decoder.failure(message) : null;
		if (undecodable != null) {
			return undecodable.busy()
					? new Refusal(Status.Code.UNAVAILABLE, "Server busy: the Arrow memory of the Flight endpoint "
							+ "(paimon.admin.max-upload-memory) is in use by other ingests; retry later")
					: malformed(index, "it cannot be decoded (" + undecodable.reason() + ")");
		}
		List<ArrowBuf> buffers = accessors.buffers(message);
		long body = buffers.isEmpty() ? 0 : buffers.get(0).capacity();
		MessageMetadataResult metadata = accessors.metadata(message);
		if (metadata == null) {
			return (body > 0) ? malformed(index, "a message without metadata carries a body of " + body + " bytes")
					: null;
		}
		ByteBuffer flatbuffer = metadata.getMessageBuffer();
		if (flatbuffer.remaining() > this.maxMetadataBytes) {
			return new Refusal(Status.Code.RESOURCE_EXHAUSTED, "Payload too large: Arrow IPC message " + index
					+ " has " + flatbuffer.remaining() + " bytes of metadata, more than "
					+ this.maxMetadataBytes + " (paimon.admin.max-metadata-size)");
		}
		long need;
		try {
			need = this.gate.check(index, flatbuffer, body);
		}
		catch (ArrowIpcFramingException ex) {
			return new Refusal(Status.Code.INVALID_ARGUMENT, "Malformed Arrow IPC stream: " + ex.getMessage());
		}
		try {
			if (metadata.getMessage().headerType() == MessageHeader.Schema) {
				if (body > 0) {
					return malformed(index, "the schema message carries a body of " + body + " bytes");
				}
				MessageSerializer.deserializeSchema(metadata.getMessage());
			}
		}
		catch (RuntimeException ex) {
			return malformed(index, "its schema cannot be read (" + ex.getClass().getSimpleName() + ")");
		}
		if (need > this.maxBatchMemory) {
			return new Refusal(Status.Code.RESOURCE_EXHAUSTED, "Payload too large: Arrow IPC message " + index
					+ " needs up to " + need + " bytes of Arrow memory beyond its body, more than the "
					+ this.maxBatchMemory + " an upload may use (paimon.admin.max-batch-memory); send smaller batches");
		}
		return null;
	}

	private static Refusal malformed(long index, String reason) {
		return new Refusal(Status.Code.INVALID_ARGUMENT, "Malformed Arrow IPC stream: Arrow IPC message " + index
				+ " is not accepted: " + reason);
	}

	/** The messages of one upload. */
	private final class Gate<Q, R> extends ForwardingServerCallListener.SimpleForwardingServerCallListener<Q> {

		private final ServerCall<Q, R> call;

		private final Accessors accessors;

		private long messages;

		private boolean refused;

		Gate(ServerCall<Q, R> call, ServerCall.Listener<Q> delegate, Accessors accessors) {
			super(delegate);
			this.call = call;
			this.accessors = accessors;
		}

		@Override
		public void onMessage(Q message) {
			FlightMessageGate.this.allocator.claim(this.accessors.buffers(message));
			if (this.refused) {
				close(message);
				return;
			}
			Refusal refusal;
			try {
				refusal = refusal(this.accessors, message, this.messages++);
			}
			catch (RuntimeException ex) {
				refusal = malformed(this.messages - 1, "its metadata cannot be read (" + ex.getClass().getSimpleName()
						+ ")");
			}
			if (refusal == null) {
				super.onMessage(message);
				return;
			}
			this.refused = true;
			close(message);
			logger.info("Flight upload refused: {}", refusal.text());
			try {
				this.call.close(Status.fromCode(refusal.code()).withDescription(refusal.text()), new Metadata());
			}
			catch (IllegalStateException ex) {
				return; // the call was answered already (the ingest was refused before this message)
			}
			super.onCancel(); // the stream ends as cancelled: the ingest aborts
		}

		@Override
		public void onHalfClose() {
			if (!this.refused) {
				super.onHalfClose();
			}
		}

		@Override
		public void onCancel() {
			if (!this.refused) {
				super.onCancel();
			}
		}

		private void close(Object message) {
			try {
				((AutoCloseable) message).close();
			}
			catch (Exception ex) {
				logger.debug("Cannot close a refused Flight message", ex);
			}
		}

	}

	/** Flight's decoded message ({@code ArrowMessage}, not public): its buffers and metadata. */
	private record Accessors(Method bufs, Method appMetadata, Method metadata) {

		static @Nullable Accessors find() {
			try {
				Class<?> type = Class.forName("org.apache.arrow.flight.ArrowMessage");
				Accessors accessors = new Accessors(type.getMethod("getBufs"), type.getMethod("getApplicationMetadata"),
						type.getMethod("asSchemaMessage"));
				accessors.bufs().setAccessible(true);
				accessors.appMetadata().setAccessible(true);
				accessors.metadata().setAccessible(true);
				return accessors;
			}
			catch (ReflectiveOperationException | RuntimeException ex) {
				logger.warn("Flight's decoded messages cannot be checked before Flight loads them ({}); malformed "
						+ "uploads may hold Arrow memory", ex.toString());
				return null;
			}
		}

		List<ArrowBuf> buffers(Object message) {
			List<ArrowBuf> buffers = new ArrayList<>();
			try {
				for (Object buffer : (Iterable<?>) this.bufs.invoke(message)) {
					buffers.add((ArrowBuf) buffer);
				}
				Object metadata = this.appMetadata.invoke(message);
				if (metadata != null) {
					buffers.add((ArrowBuf) metadata);
				}
			}
			catch (ReflectiveOperationException ex) {
				throw new IllegalStateException(ex);
			}
			return buffers;
		}

		@Nullable MessageMetadataResult metadata(Object message) {
			try {
				return (MessageMetadataResult) this.metadata.invoke(message);
			}
			catch (ReflectiveOperationException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

}
