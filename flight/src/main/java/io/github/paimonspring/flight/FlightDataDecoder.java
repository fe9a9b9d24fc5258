package io.github.paimonspring.flight;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.grpc.HasByteBuffer;
import io.grpc.KnownLength;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decodes the {@code FlightData} messages of an upload into Flight's messages, copying each body once, from gRPC's
 * receive buffers into Arrow memory. Flight 19.0.0's own decoder copies every body through a heap array of the
 * body's size first ({@code GetReadableBuffer}, since gRPC 1.79 removed the call it used): for a 5 MB batch a
 * 5 MB array to allocate, clear and collect, and a second copy. gRPC's public {@link HasByteBuffer} gives the
 * received bytes without that detour.
 * <p>
 * It also checks every length against what the message holds before allocating anything, skips fields it does not
 * know, and never throws: a message it cannot decode (broken protobuf, a lying length, metadata that is no Arrow
 * message, Arrow memory in use) becomes an empty message whose {@link #failure} the {@link FlightMessageGate}
 * refuses with the HTTP API's problem text, instead of gRPC's "Application error processing RPC". Whatever it
 * allocated for such a message is freed at once.
 * <p>
 * Flight's message type is not public: it is made through its decoding constructor, found once by reflection.
 */
final class FlightDataDecoder {

	private static final Logger logger = LoggerFactory.getLogger(FlightDataDecoder.class);

	private static final int DESCRIPTOR = Flight.FlightData.FLIGHT_DESCRIPTOR_FIELD_NUMBER;

	private static final int HEADER = Flight.FlightData.DATA_HEADER_FIELD_NUMBER;

	private static final int APP_METADATA = Flight.FlightData.APP_METADATA_FIELD_NUMBER;

	private static final int BODY = Flight.FlightData.DATA_BODY_FIELD_NUMBER;

	/** The bytes a read without {@link HasByteBuffer} goes through at a time. */
	private static final int CHUNK = 64 * 1024;

	private final BufferAllocator allocator;

	private final Constructor<?> message;

	private final Map<Object, Failure> failures = Collections.synchronizedMap(new WeakHashMap<>());

	private FlightDataDecoder(BufferAllocator allocator, Constructor<?> message) {
		this.allocator = allocator;
		this.message = message;
	}

	/**
	 * Creates the decoder, if this Flight version's message type has the decoding constructor.
	 * @param allocator the allocator of the bodies
	 * @return the decoder, or {@code null} (Flight's own decoder stays)
	 */
	static @Nullable FlightDataDecoder find(BufferAllocator allocator) {
		try {
			Class<?> type = Class.forName("org.apache.arrow.flight.ArrowMessage");
			Constructor<?> constructor = type.getDeclaredConstructor(Flight.FlightDescriptor.class,
					MessageMetadataResult.class, ArrowBuf.class, ArrowBuf.class);
			constructor.setAccessible(true);
			return new FlightDataDecoder(allocator, constructor);
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			logger.warn("Flight's own decoder reads the uploads (its message type has no decoding constructor: {}); "
					+ "each batch body is copied twice", ex.toString());
			return null;
		}
	}

	/**
	 * Why a message could not be decoded.
	 * @param busy whether the Arrow memory was in use (else the message is malformed)
	 * @param reason what went wrong
	 */
	record Failure(boolean busy, String reason) {
	}

	/**
	 * Why a message this decoder made could not be decoded; asks once.
	 * @param message the message
	 * @return the failure, or {@code null} for a decoded message
	 */
	@Nullable Failure failure(Object message) {
		return this.failures.remove(message);
	}

	/**
	 * Decodes one {@code FlightData} message.
	 * @param in the message, as gRPC received it
	 * @return Flight's message; an empty one with a {@link #failure} if it cannot be decoded
	 */
	Object decode(InputStream in) {
		Flight.FlightDescriptor descriptor = null;
		MessageMetadataResult header = null;
		ArrowBuf appMetadata = null;
		ArrowBuf body = null;
		try {
			while (true) {
				int first = in.read();
				if (first == -1) {
					break;
				}
				int tag = CodedInputStream.readRawVarint32(first, in);
				int field = WireFormat.getTagFieldNumber(tag);
				if (WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
					skipScalar(in, WireFormat.getTagWireType(tag), field);
					continue;
				}
				int length = length(in, field);
				if (field == DESCRIPTOR) {
					descriptor = Flight.FlightDescriptor.parseFrom(bytes(in, length));
				}
				else if (field == HEADER) {
					header = MessageMetadataResult.create(ByteBuffer.wrap(bytes(in, length)), length);
				}
				else if (field == APP_METADATA) {
					release(appMetadata);
					appMetadata = null;
					appMetadata = copy(in, length);
				}
				else if (field == BODY) {
					release(body); // as Flight: the last body counts
					body = null;
					body = copy(in, length);
				}
				else {
					skip(in, length);
				}
			}
			if (header != null) {
				byte type = header.headerType();
				if (type == MessageHeader.Schema && body != null && body.capacity() == 0) {
					body.close();
					body = null;
				}
				else if ((type == MessageHeader.RecordBatch || type == MessageHeader.DictionaryBatch) && body == null) {
					body = this.allocator.getEmpty(); // protobuf leaves an empty body out
				}
			}
			return this.message.newInstance(descriptor, header, appMetadata, body);
		}
		catch (OutOfMemoryException ex) {
			return failed(new Failure(true, reason(ex)), appMetadata, body);
		}
		catch (IOException | ReflectiveOperationException | RuntimeException ex) {
			return failed(new Failure(false, reason(ex)), appMetadata, body);
		}
	}

	private Object failed(Failure failure, @Nullable ArrowBuf appMetadata, @Nullable ArrowBuf body) {
		release(appMetadata);
		release(body);
		Object empty;
		try {
			empty = this.message.newInstance(null, null, null, null);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException("Cannot make Flight's empty message", ex);
		}
		this.failures.put(empty, failure);
		return empty;
	}

	private static String reason(Exception ex) {
		String message = ex.getMessage();
		return (message == null || message.isBlank()) ? ex.getClass().getSimpleName() : message;
	}

	/** A field's length, which must fit in what is left of the message. */
	private static int length(InputStream in, int field) throws IOException {
		int length = CodedInputStream.readRawVarint32(in.read(), in);
		if (length < 0 || (in instanceof KnownLength && length > in.available())) {
			throw new IOException("field " + field + " claims " + Integer.toUnsignedString(length)
					+ " bytes, the message has " + in.available() + " left");
		}
		return length;
	}

	private static byte[] bytes(InputStream in, int length) throws IOException {
		byte[] bytes = new byte[length];
		int read = in.readNBytes(bytes, 0, length);
		if (read != length) {
			throw new IOException("the message ends " + (length - read) + " bytes early");
		}
		return bytes;
	}

	/** Copies a field into Arrow memory: from gRPC's buffers where it gives them, else through a small chunk. */
	private ArrowBuf copy(InputStream in, int length) throws IOException {
		ArrowBuf buffer = this.allocator.buffer(length);
		try {
			long at = 0;
			if (in instanceof HasByteBuffer received && received.byteBufferSupported()) {
				while (at < length) {
					ByteBuffer next = received.getByteBuffer();
					if (next == null) {
						break;
					}
					int n = (int) Math.min(next.remaining(), length - at);
					if (n == 0) {
						break;
					}
					next.limit(next.position() + n);
					buffer.setBytes(at, next);
					skip(in, n);
					at += n;
				}
			}
			if (at < length) {
				byte[] chunk = new byte[(int) Math.min(CHUNK, length - at)];
				while (at < length) {
					int n = in.read(chunk, 0, (int) Math.min(chunk.length, length - at));
					if (n < 0) {
						throw new IOException("the message ends " + (length - at) + " bytes early");
					}
					buffer.setBytes(at, chunk, 0, n);
					at += n;
				}
			}
			buffer.writerIndex(length);
			return buffer;
		}
		catch (IOException | RuntimeException ex) {
			buffer.close();
			throw ex;
		}
	}

	private static void skip(InputStream in, long length) throws IOException {
		long left = length;
		while (left > 0) {
			long skipped = in.skip(left);
			if (skipped <= 0) {
				if (in.read() < 0) {
					throw new IOException("the message ends " + left + " bytes early");
				}
				skipped = 1;
			}
			left -= skipped;
		}
	}

	private static void skipScalar(InputStream in, int wireType, int field) throws IOException {
		switch (wireType) {
			case WireFormat.WIRETYPE_VARINT -> CodedInputStream.readRawVarint32(in.read(), in);
			case WireFormat.WIRETYPE_FIXED64 -> skip(in, 8);
			case WireFormat.WIRETYPE_FIXED32 -> skip(in, 4);
			default -> throw new IOException("field " + field + " has the wire type " + wireType
					+ ", which FlightData does not use");
		}
	}

	private static void release(@Nullable ArrowBuf buffer) {
		if (buffer != null) {
			buffer.close();
		}
	}

}
