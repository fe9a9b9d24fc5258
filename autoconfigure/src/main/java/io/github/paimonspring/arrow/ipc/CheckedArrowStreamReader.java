package io.github.paimonspring.arrow.ipc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import io.github.paimonspring.arrow.ArrowFormatException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * An {@link ArrowStreamReader} for untrusted input: every record batch and dictionary batch is
 * checked against its schema — field node lengths, buffer sizes, offsets and views — before Arrow
 * loads it, so that a malformed batch is refused with an {@link ArrowFormatException} naming the
 * column instead of being padded with zeros, read past its buffers or allocated beyond what was
 * sent. Use it for request bodies; the batches it returns are then safe for
 * {@link io.github.paimonspring.arrow.ArrowBatchConverter}.
 *
 * @since 0.1.0
 */
public class CheckedArrowStreamReader extends ArrowStreamReader {

	private final String table;

	/**
	 * Creates a reader.
	 * @param in the IPC stream
	 * @param allocator the allocator of the batches' buffers
	 * @param table the table the stream is written to, for messages
	 */
	public CheckedArrowStreamReader(InputStream in, BufferAllocator allocator, String table) {
		super(in, allocator);
		this.table = table;
	}

	/**
	 * Creates a reader of a channel: message bodies are read into the batches' buffers directly.
	 * @param in the IPC stream
	 * @param allocator the allocator of the batches' buffers
	 * @param table the table the stream is written to, for messages
	 */
	public CheckedArrowStreamReader(ReadableByteChannel in, BufferAllocator allocator, String table) {
		super(in, allocator);
		this.table = table;
	}

	@Override
	protected void loadRecordBatch(ArrowRecordBatch batch) {
		List<Field> fields;
		try {
			fields = getVectorSchemaRoot().getSchema().getFields();
			ArrowIpcBatchValidator.validate(this.table, fields, batch);
		}
		catch (IOException | RuntimeException ex) {
			batch.close();
			throw (ex instanceof RuntimeException runtime) ? runtime
					: new ArrowFormatException(this.table, "Cannot read the Arrow schema: " + ex.getMessage(), ex);
		}
		super.loadRecordBatch(batch);
	}

	@Override
	protected void loadDictionary(ArrowDictionaryBatch dictionaryBatch) {
		Dictionary dictionary = this.dictionaries.get(dictionaryBatch.getDictionaryId());
		if (dictionary != null) {
			Field values = dictionary.getVector().getField();
			try {
				String column = columnOf(dictionaryBatch.getDictionaryId()) + " (dictionary)";
				ArrowIpcBatchValidator.validate(this.table,
						List.of(new Field(column, values.getFieldType(), values.getChildren())),
						dictionaryBatch.getDictionary());
			}
			catch (IOException | RuntimeException ex) {
				dictionaryBatch.close();
				throw (ex instanceof RuntimeException runtime) ? runtime
						: new ArrowFormatException(this.table, "Cannot read the Arrow schema: " + ex.getMessage(), ex);
			}
		}
		super.loadDictionary(dictionaryBatch);
	}

	/** The path of the (first) column encoded with a dictionary, for messages. */
	private String columnOf(long dictionaryId) throws IOException {
		Deque<Object[]> pending = new ArrayDeque<>();
		for (Field field : getVectorSchemaRoot().getSchema().getFields()) {
			pending.add(new Object[] { field, field.getName() });
		}
		while (!pending.isEmpty()) {
			Object[] next = pending.poll();
			Field field = (Field) next[0];
			if (field.getDictionary() != null && field.getDictionary().getId() == dictionaryId) {
				return (String) next[1];
			}
			for (Field child : field.getChildren()) {
				pending.add(new Object[] { child, next[1] + "." + child.getName() });
			}
		}
		return "dictionary " + dictionaryId;
	}

}
