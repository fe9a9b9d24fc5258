package io.github.paimonspring.write.parity;

import io.github.paimonspring.arrow.ArrowTypes;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.types.DataType;

/**
 * A column of a generated table: its name, its Paimon type and the Arrow type of the batches that
 * feed it (often another width or unit than the natural one, so that every conversion is exercised).
 *
 * @param name the column name
 * @param type the Paimon type
 * @param arrow the Arrow type of the batch column
 */
record ParityColumn(String name, DataType type, ArrowType arrow) {

	@Override
	public String toString() {
		return this.name + " " + this.type + " <- " + ArrowTypes.describe(this.arrow);
	}

}
