package io.github.paimonspring.write.family;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.PaimonArgumentException;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageSerializer;
import org.jspecify.annotations.Nullable;

/**
 * The byte format of serialized commit messages: the family's magic number, a format version, the
 * table, location, commit user and mode, Paimon's commit message serializer version, the messages,
 * then the family's own state.
 */
final class CommitMessagesCodec {

	static final int FORMAT_VERSION = 2;

	/** Writes a family's own state. */
	@FunctionalInterface
	interface StateWriter {

		void write(DataOutputStream out) throws IOException;

	}

	private CommitMessagesCodec() {
	}

	static byte[] serialize(String table, String location, String commitUser,
			@Nullable Map<String, String> overwritePartition, List<CommitMessage> messages, int magic,
			StateWriter state) {
		try {
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			DataOutputStream out = new DataOutputStream(bytes);
			out.writeInt(magic);
			out.writeInt(FORMAT_VERSION);
			out.writeUTF(table);
			out.writeUTF(location);
			out.writeUTF(commitUser);
			out.writeBoolean(overwritePartition != null);
			if (overwritePartition != null) {
				out.writeInt(overwritePartition.size());
				for (Map.Entry<String, String> entry : overwritePartition.entrySet()) {
					out.writeUTF(entry.getKey());
					out.writeUTF(entry.getValue());
				}
			}
			CommitMessageSerializer serializer = new CommitMessageSerializer();
			out.writeInt(serializer.getVersion());
			out.writeInt(messages.size());
			for (CommitMessage message : messages) {
				byte[] data = serializer.serialize(message);
				out.writeInt(data.length);
				out.write(data);
			}
			state.write(out);
			out.flush();
			return bytes.toByteArray();
		}
		catch (IOException ex) {
			throw new PaimonArgumentException(table, "Cannot serialize commit messages for table '" + table + "'",
					ex);
		}
	}

	static <M> M deserialize(String expectedTable, String expectedLocation, byte @Nullable [] bytes, int magic,
			String family, AbstractCommitMessages.Factory<M> factory) {
		if (bytes == null) {
			throw new PaimonArgumentException(expectedTable, "serialized commit messages must not be null");
		}
		try {
			DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
			if (bytes.length < 8 || in.readInt() != magic) {
				throw new PaimonArgumentException(expectedTable,
						"bytes are not serialized " + family + " commit messages of this starter (bad magic number)");
			}
			int format = in.readInt();
			if (format != FORMAT_VERSION) {
				throw new PaimonArgumentException(expectedTable,
						"unsupported serialized commit messages format version " + format + " (supported: "
								+ FORMAT_VERSION + ")");
			}
			String table = in.readUTF();
			String location = in.readUTF();
			String commitUser = in.readUTF();
			Map<String, String> overwrite = null;
			if (in.readBoolean()) {
				overwrite = new LinkedHashMap<>();
				int size = in.readInt();
				for (int i = 0; i < size; i++) {
					overwrite.put(in.readUTF(), in.readUTF());
				}
			}
			if (!location.equals(expectedLocation)) {
				throw new PaimonArgumentException(expectedTable, AbstractCommitMessages.differentTable(table,
						expectedTable));
			}
			int version = in.readInt();
			int count = in.readInt();
			if (count < 0 || count > bytes.length) {
				throw new PaimonArgumentException(expectedTable,
						"corrupt serialized commit messages (count " + count + ")");
			}
			CommitMessageSerializer serializer = new CommitMessageSerializer();
			List<CommitMessage> messages = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				int length = in.readInt();
				if (length < 0 || length > bytes.length) {
					throw new PaimonArgumentException(expectedTable,
							"corrupt serialized commit messages (length " + length + ")");
				}
				byte[] data = new byte[length];
				in.readFully(data);
				messages.add(serializer.deserialize(version, data));
			}
			return factory.create(table, location, commitUser, overwrite, messages, in);
		}
		catch (IOException | RuntimeException ex) {
			if (ex instanceof PaimonArgumentException pae) {
				throw pae;
			}
			throw new PaimonArgumentException(expectedTable,
					"Cannot deserialize commit messages for table '" + expectedTable + "': " + ex.getMessage(), ex);
		}
	}

}
