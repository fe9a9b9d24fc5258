package io.github.paimonspring.admin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.List;

import com.google.flatbuffers.FlatBufferBuilder;
import org.apache.arrow.flatbuf.BodyCompression;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Int;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flatbuf.Schema;
import org.apache.arrow.flatbuf.Struct_;
import org.apache.arrow.flatbuf.Type;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;

/** Hand-made Arrow IPC messages for hostile-input tests: what Arrow's own writer would never produce. */
final class IpcMessages {

	private IpcMessages() {
	}

	/** The schema message of an Arrow schema, as Arrow writes it. */
	static byte[] schema(org.apache.arrow.vector.types.pojo.Schema schema) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		MessageSerializer.serialize(new WriteChannel(Channels.newChannel(out)), schema);
		return out.toByteArray();
	}

	/** A schema of one INT column nested in {@code depth - 1} structs, built without recursion. */
	static byte[] deepSchema(int depth) {
		FlatBufferBuilder builder = new FlatBufferBuilder(1 << 20);
		int field = leaf(builder, "leaf");
		for (int level = 1; level < depth; level++) {
			int name = builder.createString("s");
			Struct_.startStruct_(builder);
			int type = Struct_.endStruct_(builder);
			int children = Field.createChildrenVector(builder, new int[] { field });
			field = Field.createField(builder, name, true, Type.Struct_, type, 0, children, 0);
		}
		return schemaMessage(builder, new int[] { field });
	}

	/** A flat schema of {@code width} INT columns. */
	static byte[] wideSchema(int width) {
		FlatBufferBuilder builder = new FlatBufferBuilder(1 << 20);
		int[] fields = new int[width];
		for (int i = 0; i < width; i++) {
			fields[i] = leaf(builder, "c" + i);
		}
		return schemaMessage(builder, fields);
	}

	/**
	 * A record batch message declaring {@code rows} rows, one field node per entry of
	 * {@code nodeLengths}, no buffers and a body of {@code bodyLength} bytes (not included).
	 */
	static byte[] batch(long rows, List<Long> nodeLengths, long bodyLength, boolean compressed) {
		FlatBufferBuilder builder = new FlatBufferBuilder();
		RecordBatch.startNodesVector(builder, nodeLengths.size());
		for (int i = nodeLengths.size() - 1; i >= 0; i--) {
			FieldNode.createFieldNode(builder, nodeLengths.get(i), 0);
		}
		int nodes = builder.endVector();
		int compression = compressed ? BodyCompression.createBodyCompression(builder, (byte) 0, (byte) 0) : 0;
		RecordBatch.startRecordBatch(builder);
		RecordBatch.addLength(builder, rows);
		RecordBatch.addNodes(builder, nodes);
		if (compressed) {
			RecordBatch.addCompression(builder, compression);
		}
		int batch = RecordBatch.endRecordBatch(builder);
		int message = Message.createMessage(builder, MetadataVersion.V5, MessageHeader.RecordBatch, batch, bodyLength,
				0);
		builder.finish(message);
		return frame(builder.sizedByteArray());
	}

	static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			out.writeBytes(part);
		}
		return out.toByteArray();
	}

	private static int leaf(FlatBufferBuilder builder, String name) {
		int nameOffset = builder.createString(name);
		int type = Int.createInt(builder, 32, true);
		int children = Field.createChildrenVector(builder, new int[0]);
		return Field.createField(builder, nameOffset, true, Type.Int, type, 0, children, 0);
	}

	private static byte[] schemaMessage(FlatBufferBuilder builder, int[] fields) {
		int vector = Schema.createFieldsVector(builder, fields);
		int schema = Schema.createSchema(builder, (short) 0, vector, 0, 0);
		int message = Message.createMessage(builder, MetadataVersion.V5, MessageHeader.Schema, schema, 0, 0);
		builder.finish(message);
		return frame(builder.sizedByteArray());
	}

	private static byte[] frame(byte[] metadata) {
		int padded = (metadata.length + 7) / 8 * 8;
		ByteBuffer buffer = ByteBuffer.allocate(8 + padded).order(ByteOrder.LITTLE_ENDIAN);
		buffer.putInt(0xFFFFFFFF).putInt(padded).put(metadata);
		return buffer.array();
	}

}
