package io.github.paimonspring.arrow;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.types.RowType;

/** TEMPORARY STUB — replaced by the real adapter. */
public final class ArrowBatchConverter {

	public ArrowBatchConverter(String table, RowType rowType) {
	}

	public void validateSchema(Schema schema, DictionaryProvider dictionaries) {
	}

	public VectorizedColumnBatch convert(VectorSchemaRoot root, DictionaryProvider dictionaries) {
		throw new UnsupportedOperationException();
	}

}
