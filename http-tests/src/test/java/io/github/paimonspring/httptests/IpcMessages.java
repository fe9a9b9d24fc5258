package io.github.paimonspring.httptests;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.google.flatbuffers.FlatBufferBuilder;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;

/**
 * An Arrow IPC stream taken apart into its messages, to forge hostile bodies: the record batch and
 * dictionary batch headers are decoded into plain, editable fields (batch length, field nodes,
 * buffer offsets and lengths, variadic buffer counts, body length) and encoded again with
 * {@link FlatBufferBuilder}; bodies are plain byte arrays whose bytes (offsets, views, indices) can
 * be patched at the positions the buffers give.
 */
public final class IpcMessages {

	/** One message: its metadata (re-encoded from the fields for batches) and its body. */
	public static final class Msg {

		/** {@link MessageHeader} of the message. */
		public byte headerType;

		public short version;

		/** The original metadata flatbuffer, used as is for schema messages. */
		public byte[] metadata;

		public byte[] body;

		/** The announced body length; {@link #body} length unless forged. */
		public long bodyLength;

		/** Batch fields (record batches and the data of dictionary batches). */
		public long length;

		public long[][] nodes = new long[0][];

		public long[][] buffers = new long[0][];

		public long[] variadicBufferCounts;

		/** Dictionary batches only. */
		public long dictionaryId;

		public boolean isDelta;

		public boolean isBatch() {
			return this.headerType == MessageHeader.RecordBatch || this.headerType == MessageHeader.DictionaryBatch;
		}

		/** Offset of buffer {@code i} in {@link #body}. */
		public int bufferStart(int i) {
			return (int) this.buffers[i][0];
		}

		public int bufferLength(int i) {
			return (int) this.buffers[i][1];
		}

		public Msg copy() {
			Msg copy = new Msg();
			copy.headerType = this.headerType;
			copy.version = this.version;
			copy.metadata = this.metadata;
			copy.body = this.body.clone();
			copy.bodyLength = this.bodyLength;
			copy.length = this.length;
			copy.nodes = deepCopy(this.nodes);
			copy.buffers = deepCopy(this.buffers);
			copy.variadicBufferCounts = (this.variadicBufferCounts != null) ? this.variadicBufferCounts.clone() : null;
			copy.dictionaryId = this.dictionaryId;
			copy.isDelta = this.isDelta;
			return copy;
		}

		/** The metadata flatbuffer: the original for schemas, re-encoded from the fields for batches. */
		public byte[] encodeMetadata() {
			if (!isBatch()) {
				return this.metadata;
			}
			FlatBufferBuilder builder = new FlatBufferBuilder(256);
			int variadic = 0;
			if (this.variadicBufferCounts != null) {
				variadic = RecordBatch.createVariadicBufferCountsVector(builder, this.variadicBufferCounts);
			}
			RecordBatch.startNodesVector(builder, this.nodes.length);
			for (int i = this.nodes.length - 1; i >= 0; i--) {
				FieldNode.createFieldNode(builder, this.nodes[i][0], this.nodes[i][1]);
			}
			int nodesVector = builder.endVector();
			RecordBatch.startBuffersVector(builder, this.buffers.length);
			for (int i = this.buffers.length - 1; i >= 0; i--) {
				Buffer.createBuffer(builder, this.buffers[i][0], this.buffers[i][1]);
			}
			int buffersVector = builder.endVector();
			RecordBatch.startRecordBatch(builder);
			RecordBatch.addLength(builder, this.length);
			RecordBatch.addNodes(builder, nodesVector);
			RecordBatch.addBuffers(builder, buffersVector);
			if (this.variadicBufferCounts != null) {
				RecordBatch.addVariadicBufferCounts(builder, variadic);
			}
			int batch = RecordBatch.endRecordBatch(builder);
			int header = batch;
			if (this.headerType == MessageHeader.DictionaryBatch) {
				header = DictionaryBatch.createDictionaryBatch(builder, this.dictionaryId, batch, this.isDelta);
			}
			int message = Message.createMessage(builder, this.version, this.headerType, header, this.bodyLength, 0);
			builder.finish(message);
			return builder.sizedByteArray();
		}

		/** Continuation marker, padded metadata length, metadata, body. */
		public byte[] encode() {
			byte[] metadata = encodeMetadata();
			int padded = (metadata.length + 7) / 8 * 8;
			ByteBuffer out = ByteBuffer.allocate(8 + padded + this.body.length).order(ByteOrder.LITTLE_ENDIAN);
			out.putInt(0xFFFFFFFF).putInt(padded).put(metadata);
			out.position(8 + padded);
			out.put(this.body);
			return out.array();
		}

	}

	private final List<Msg> messages;

	private final boolean endMarker;

	private IpcMessages(List<Msg> messages, boolean endMarker) {
		this.messages = messages;
		this.endMarker = endMarker;
	}

	public List<Msg> messages() {
		return this.messages;
	}

	/** The record batches, in order. */
	public List<Msg> recordBatches() {
		return this.messages.stream().filter((m) -> m.headerType == MessageHeader.RecordBatch).toList();
	}

	/** The dictionary batches, in order. */
	public List<Msg> dictionaryBatches() {
		return this.messages.stream().filter((m) -> m.headerType == MessageHeader.DictionaryBatch).toList();
	}

	/** Parses a well-formed stream (throws on anything else). */
	public static IpcMessages parse(byte[] stream) {
		List<Msg> messages = new ArrayList<>();
		ByteBuffer buffer = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
		int position = 0;
		boolean end = false;
		while (position + 8 <= stream.length) {
			if (buffer.getInt(position) != 0xFFFFFFFF) {
				throw new IllegalArgumentException("no continuation marker at " + position);
			}
			int length = buffer.getInt(position + 4);
			if (length == 0) {
				end = true;
				break;
			}
			byte[] metadata = Arrays.copyOfRange(stream, position + 8, position + 8 + length);
			Message message = Message.getRootAsMessage(ByteBuffer.wrap(metadata).order(ByteOrder.LITTLE_ENDIAN));
			Msg msg = new Msg();
			msg.headerType = message.headerType();
			msg.version = message.version();
			msg.metadata = metadata;
			msg.bodyLength = message.bodyLength();
			int bodyStart = position + 8 + length;
			msg.body = Arrays.copyOfRange(stream, bodyStart, bodyStart + (int) msg.bodyLength);
			RecordBatch batch = null;
			if (msg.headerType == MessageHeader.RecordBatch) {
				batch = (RecordBatch) message.header(new RecordBatch());
			}
			else if (msg.headerType == MessageHeader.DictionaryBatch) {
				DictionaryBatch dictionary = (DictionaryBatch) message.header(new DictionaryBatch());
				msg.dictionaryId = dictionary.id();
				msg.isDelta = dictionary.isDelta();
				batch = dictionary.data();
			}
			if (batch != null) {
				if (batch.compression() != null) {
					throw new IllegalArgumentException("compressed batches are not supported here");
				}
				msg.length = batch.length();
				msg.nodes = new long[batch.nodesLength()][];
				for (int i = 0; i < msg.nodes.length; i++) {
					FieldNode node = batch.nodes(i);
					msg.nodes[i] = new long[] { node.length(), node.nullCount() };
				}
				msg.buffers = new long[batch.buffersLength()][];
				for (int i = 0; i < msg.buffers.length; i++) {
					Buffer b = batch.buffers(i);
					msg.buffers[i] = new long[] { b.offset(), b.length() };
				}
				if (batch.variadicBufferCountsLength() > 0) {
					msg.variadicBufferCounts = new long[batch.variadicBufferCountsLength()];
					for (int i = 0; i < msg.variadicBufferCounts.length; i++) {
						msg.variadicBufferCounts[i] = batch.variadicBufferCounts(i);
					}
				}
			}
			messages.add(msg);
			position = bodyStart + (int) msg.bodyLength;
		}
		return new IpcMessages(messages, end);
	}

	/** A deep copy whose messages can be changed freely. */
	public IpcMessages copy() {
		return new IpcMessages(new ArrayList<>(this.messages.stream().map(Msg::copy).toList()), this.endMarker);
	}

	/** The stream again, with the end-of-stream marker if the original had one. */
	public byte[] encode() {
		return encode(this.messages, this.endMarker);
	}

	public static byte[] encode(List<Msg> messages, boolean endMarker) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (Msg msg : messages) {
			out.writeBytes(msg.encode());
		}
		if (endMarker) {
			out.writeBytes(new byte[] { (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0, 0, 0, 0 });
		}
		return out.toByteArray();
	}

	/** The sum of the lengths the record batches of a (possibly forged) stream declare; lenient. */
	public static long declaredRows(byte[] stream) {
		return rows(stream, false);
	}

	/**
	 * The rows the record batches of a (possibly forged) stream can back, for schemas whose first
	 * column is a 32-bit integer: per batch the least of its length, its first field node's length and
	 * a quarter of its second buffer (that column's values); lenient.
	 */
	public static long backedRows(byte[] stream) {
		return rows(stream, true);
	}

	private static long rows(byte[] stream, boolean backed) {
		ByteBuffer buffer = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
		long rows = 0;
		long position = 0;
		try {
			while (position + 8 <= stream.length) {
				int p = (int) position;
				int length = buffer.getInt(p + 4);
				if (buffer.getInt(p) != 0xFFFFFFFF || length <= 0 || p + 8L + length > stream.length) {
					break;
				}
				Message message = Message.getRootAsMessage(
						ByteBuffer.wrap(stream, p + 8, length).slice().order(ByteOrder.LITTLE_ENDIAN));
				if (message.bodyLength() < 0) {
					break;
				}
				if (message.headerType() == MessageHeader.RecordBatch) {
					RecordBatch batch = (RecordBatch) message.header(new RecordBatch());
					long batchRows = Math.max(0, batch.length());
					if (backed) {
						batchRows = (batch.nodesLength() < 1 || batch.buffersLength() < 2) ? 0
								: Math.min(batchRows, Math.min(batch.nodes(0).length(), batch.buffers(1).length() / 4));
					}
					rows += Math.max(0, batchRows);
				}
				position = p + 8L + length + message.bodyLength();
			}
		}
		catch (RuntimeException ex) {
			// a forged flatbuffer: count what was read so far
		}
		return rows;
	}

	private static long[][] deepCopy(long[][] values) {
		long[][] copy = new long[values.length][];
		for (int i = 0; i < values.length; i++) {
			copy[i] = values[i].clone();
		}
		return copy;
	}

}
