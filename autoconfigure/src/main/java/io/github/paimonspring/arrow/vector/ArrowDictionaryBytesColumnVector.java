package io.github.paimonspring.arrow.vector;

import io.github.paimonspring.arrow.ArrowDataException;
import org.apache.paimon.data.columnar.BytesColumnVector;
import org.apache.paimon.data.columnar.ColumnVector;
import org.jspecify.annotations.Nullable;

/**
 * Reads a dictionary-encoded Arrow column as a Paimon string or binary column: each row's signed
 * integer index selects a value of the dictionary vector. A row is null when its index is null
 * or the dictionary value it points to is null.
 */
public final class ArrowDictionaryBytesColumnVector implements BytesColumnVector {

	private final String table;

	private final String column;

	private final ArrowIntegerColumnVector indices;

	private final BytesColumnVector values;

	private final int dictionarySize;

	/**
	 * Creates the column vector.
	 * @param table the table identifier used in messages
	 * @param column the column path used in messages
	 * @param indices the index vector
	 * @param values the dictionary values, already wrapped as a bytes column vector
	 * @param dictionarySize the number of dictionary entries
	 */
	public ArrowDictionaryBytesColumnVector(String table, String column, ArrowIntegerColumnVector indices,
			BytesColumnVector values, int dictionarySize) {
		this.table = table;
		this.column = column;
		this.indices = indices;
		this.values = values;
		this.dictionarySize = dictionarySize;
	}

	@Override
	public boolean isNullAt(int i) {
		return this.indices.isNullAt(i) || this.values.isNullAt(index(i));
	}

	@Override
	public Bytes getBytes(int i) {
		return this.values.getBytes(index(i));
	}

	@Override
	public int getCapacity() {
		return this.indices.getCapacity();
	}

	@Override
	public ColumnVector @Nullable [] getChildren() {
		return null;
	}

	private int index(int i) {
		long index = this.indices.getLong(i);
		if (index < 0 || index >= this.dictionarySize) {
			throw new ArrowDataException(this.table, this.column, null, null, i,
					"Column '" + this.column + "' of table '" + this.table + "' has dictionary index " + index
							+ " at row " + i + " but the dictionary has " + this.dictionarySize + " entries");
		}
		return (int) index;
	}

}
