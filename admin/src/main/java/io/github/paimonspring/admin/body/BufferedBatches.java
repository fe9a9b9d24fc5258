package io.github.paimonspring.admin.body;

import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.arrow.ArrowFormatException;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.util.TransferPair;

/**
 * The batches of one request body kept in memory until the whole body is read, so that the request
 * can be validated as a whole before any of its rows joins a group commit. Batches are moved out of
 * the reader (no copy); dictionary-encoded columns are decoded, because the reader's dictionaries
 * change from batch to batch. Closing releases the Arrow memory.
 */
final class BufferedBatches implements AutoCloseable {

	private final String table;

	private final List<VectorSchemaRoot> roots = new ArrayList<>();

	BufferedBatches(String table) {
		this.table = table;
	}

	/**
	 * Takes the data of the reader's current batch.
	 * @param root the reader's batch; empty afterwards
	 * @param dictionaries the reader's dictionaries
	 * @return the rows of the batch
	 */
	long add(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		List<FieldVector> vectors = new ArrayList<>();
		try {
			for (FieldVector vector : root.getFieldVectors()) {
				DictionaryEncoding encoding = vector.getField().getDictionary();
				if (encoding == null) {
					TransferPair pair = vector.getTransferPair(vector.getAllocator());
					pair.transfer();
					vectors.add((FieldVector) pair.getTo());
				}
				else {
					vectors.add(decode(vector, dictionary(vector, encoding, dictionaries)));
				}
			}
		}
		catch (RuntimeException ex) {
			vectors.forEach(FieldVector::close);
			throw ex;
		}
		VectorSchemaRoot copy = new VectorSchemaRoot(vectors);
		copy.setRowCount(root.getRowCount());
		this.roots.add(copy);
		return root.getRowCount();
	}

	/** Decodes a column under its own name (a decoded vector is named after its dictionary). */
	private static FieldVector decode(FieldVector indices, Dictionary dictionary) {
		try (FieldVector decoded = (FieldVector) DictionaryEncoder.decode(indices, dictionary)) {
			Field original = indices.getField();
			Field named = new Field(original.getName(), new FieldType(original.isNullable(),
					decoded.getField().getType(),
					null, original.getMetadata()), decoded.getField().getChildren());
			FieldVector target = named.createVector(indices.getAllocator());
			decoded.makeTransferPair(target).transfer();
			return target;
		}
	}

	/** The dictionary of an encoded column, after checking that every index points into it. */
	private Dictionary dictionary(FieldVector vector, DictionaryEncoding encoding, DictionaryProvider dictionaries) {
		Dictionary dictionary = dictionaries.lookup(encoding.getId());
		String column = vector.getField().getName();
		if (dictionary == null) {
			throw new ArrowFormatException(this.table, column, "Column '" + column + "' refers to dictionary "
					+ encoding.getId() + ", which the stream did not send", null);
		}
		int size = dictionary.getVector().getValueCount();
		BaseIntVector indices = (BaseIntVector) vector;
		for (int i = 0; i < vector.getValueCount(); i++) {
			if (!vector.isNull(i)) {
				long index = indices.getValueAsLong(i);
				if (index < 0 || index >= size) {
					throw new ArrowFormatException(this.table, column, "Column '" + column + "' row " + i
							+ " has dictionary index " + index + " outside the dictionary of " + size + " values",
									null);
				}
			}
		}
		return dictionary;
	}

	/**
	 * Returns the batches read so far.
	 * @return the batches, owned by this object
	 */
	List<VectorSchemaRoot> roots() {
		return this.roots;
	}

	@Override
	public void close() {
		this.roots.forEach(VectorSchemaRoot::close);
		this.roots.clear();
	}

}
