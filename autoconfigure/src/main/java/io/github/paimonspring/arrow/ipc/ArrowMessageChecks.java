package io.github.paimonspring.arrow.ipc;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.LongUnaryOperator;

import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flatbuf.Schema;

/**
 * Checks the metadata of one Arrow IPC message against the upload limits before Arrow's reader
 * decodes it: a schema's nesting depth and field count (Arrow converts schemas recursively, so a
 * deeply nested schema would overflow the stack), and a record or dictionary batch's declared
 * lengths. For a batch it computes an upper bound of the Arrow memory that loading it allocates:
 * the body, plus a validity buffer per field node that omits one, so that a batch claiming
 * billions of rows in a few bytes is refused before anything is allocated.
 */
final class ArrowMessageChecks {

	/** Allocation slack per field node (small offset buffers, alignment). */
	private static final long NODE_OVERHEAD = 64;

	private final ArrowIpcLimits limits;

	private final LongUnaryOperator rounding;

	/**
	 * Creates the checks.
	 * @param limits the deepest nesting and the most fields accepted
	 * @param rounding the allocator's rounding of a requested size to the size it reserves
	 */
	ArrowMessageChecks(ArrowIpcLimits limits, LongUnaryOperator rounding) {
		this.limits = limits;
		this.rounding = rounding;
	}

	/**
	 * Checks a message and returns the Arrow memory its loading may allocate.
	 * @param index the message's position in the stream, for messages
	 * @param metadata the flatbuffer, positioned and little-endian
	 * @return the upper bound of the memory needed to load it, in bytes (0 for a schema)
	 * @throws ArrowIpcFramingException if the message is malformed or exceeds a limit
	 */
	long check(long index, ByteBuffer metadata) throws ArrowIpcFramingException {
		try {
			Message message = Message.getRootAsMessage(metadata);
			long bodyLength = message.bodyLength();
			if (bodyLength < 0) {
				throw framing(index, "body length " + bodyLength + " is negative");
			}
			switch (message.headerType()) {
				case MessageHeader.Schema:
					checkSchema(index, (Schema) message.header(new Schema()));
					return 0;
				case MessageHeader.RecordBatch:
					return this.rounding.applyAsLong(bodyLength)
							+ batchAllocation(index, (RecordBatch) message.header(new RecordBatch()), bodyLength);
				case MessageHeader.DictionaryBatch:
					DictionaryBatch dictionary = (DictionaryBatch) message.header(new DictionaryBatch());
					RecordBatch data = dictionary.data();
					if (data == null) {
						throw framing(index, "dictionary batch has no data");
					}
					return this.rounding.applyAsLong(bodyLength) + batchAllocation(index, data, bodyLength);
				default:
					throw framing(index, "message type " + message.headerType()
							+ " is not a schema, dictionary batch or record batch");
			}
		}
		catch (ArrowIpcFramingException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw framing(index, "malformed metadata");
		}
	}

	/**
	 * The body length a well-formed message's metadata declares (0 when it cannot be read).
	 * @param metadata the flatbuffer, positioned and little-endian
	 * @return the declared length
	 */
	static long bodyLength(ByteBuffer metadata) {
		try {
			return Message.getRootAsMessage(metadata).bodyLength();
		}
		catch (RuntimeException ex) {
			return 0;
		}
	}

	private void checkSchema(long index, Schema schema) throws ArrowIpcFramingException {
		if (schema == null) {
			throw framing(index, "schema message has no schema");
		}
		// iterative, with a depth bound, so neither deep nesting nor a cyclic flatbuffer can loop or overflow
		Deque<Object[]> pending = new ArrayDeque<>();
		int fields = 0;
		for (int i = 0; i < schema.fieldsLength(); i++) {
			pending.push(new Object[] { schema.fields(i), 1 });
		}
		while (!pending.isEmpty()) {
			Object[] next = pending.pop();
			Field field = (Field) next[0];
			int depth = (Integer) next[1];
			if (field == null) {
				throw framing(index, "schema has an empty field entry");
			}
			if (++fields > this.limits.maxSchemaFields()) {
				throw framing(index, "schema has more than " + this.limits.maxSchemaFields() + " fields"
						+ this.limits.setting("max-schema-fields"));
			}
			if (depth > this.limits.maxSchemaDepth()) {
				throw framing(index, "schema nests fields deeper than " + this.limits.maxSchemaDepth() + " levels"
						+ this.limits.setting("max-schema-depth"));
			}
			for (int i = 0; i < field.childrenLength(); i++) {
				pending.push(new Object[] { field.children(i), depth + 1 });
			}
		}
	}

	private long batchAllocation(long index, RecordBatch batch, long bodyLength)
			throws ArrowIpcFramingException {
		if (batch.compression() != null) {
			throw framing(index, "compressed record batches are not accepted; send an uncompressed stream");
		}
		long rows = batch.length();
		if (rows < 0 || rows > Integer.MAX_VALUE) {
			throw framing(index, "record batch declares " + rows + " rows, outside 0.." + Integer.MAX_VALUE);
		}
		int nodes = batch.nodesLength();
		if (nodes > this.limits.maxSchemaFields()) {
			throw framing(index, "record batch has " + nodes + " field nodes, more than the "
					+ this.limits.maxSchemaFields() + " fields a schema may have"
					+ this.limits.setting("max-schema-fields"));
		}
		int buffers = batch.buffersLength();
		// the allocator rounds the body up; a buffer reaching past the bytes sent would read that spare memory
		Buffer range = new Buffer();
		for (int i = 0; i < buffers; i++) {
			batch.buffers(range, i);
			if (range.offset() < 0 || range.length() < 0 || range.offset() > bodyLength
					|| range.length() > bodyLength - range.offset()) {
				throw framing(index, "buffer " + i + " covers bytes " + range.offset() + ".." + (range.offset()
						+ range.length())
						+ " of a body of " + bodyLength + " bytes");
			}
		}
		for (int i = 0; i < batch.variadicBufferCountsLength(); i++) {
			long count = batch.variadicBufferCounts(i);
			if (count < 0 || count > buffers) {
				throw framing(index, "record batch declares " + count + " variadic buffers but has " + buffers);
			}
		}
		long allocation = 0;
		FieldNode node = new FieldNode();
		for (int i = 0; i < nodes; i++) {
			batch.nodes(node, i);
			long length = node.length();
			long nulls = node.nullCount();
			if (length < 0 || length > Integer.MAX_VALUE || nulls < 0 || nulls > length) {
				throw framing(index, "field node " + i + " declares " + length + " values with " + nulls
						+ " nulls, outside 0.." + Integer.MAX_VALUE);
			}
			// Arrow allocates a validity bitmap for a node that omits it
			allocation += this.rounding.applyAsLong((length + 7) / 8) + NODE_OVERHEAD;
		}
		return allocation;
	}

	private static ArrowIpcFramingException framing(long index, String reason) {
		return new ArrowIpcFramingException("Arrow IPC message " + index + " is not accepted: " + reason);
	}

}
