package io.github.paimonspring.write.parquet;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.table.sink.RowKeyExtractor;

/**
 * The rows of a batch grouped by partition, in the order of the batch inside each partition, with
 * the partition computed by the table's own key extractor. Reused from batch to batch; not
 * thread-safe.
 */
final class PartitionedRows {

	private final RowKeyExtractor keys;

	private final ColumnarRow row = new ColumnarRow();

	private final Map<BinaryRow, Positions> groups = new LinkedHashMap<>();

	PartitionedRows(RowKeyExtractor keys) {
		this.keys = keys;
	}

	/**
	 * Groups the rows {@code from..to} of a batch.
	 * @param batch the batch
	 * @param from the first row
	 * @param to the row after the last one
	 * @return the positions of each partition's rows, valid until the next call
	 */
	Map<BinaryRow, Positions> group(VectorizedColumnBatch batch, int from, int to) {
		this.groups.values().forEach((positions) -> positions.count = 0);
		this.row.setVectorizedColumnBatch(batch);
		BinaryRow last = null;
		Positions lastPositions = null;
		for (int i = from; i < to; i++) {
			this.row.setRowId(i);
			this.keys.setRecord(this.row);
			BinaryRow partition = this.keys.partition();
			Positions positions;
			if (last != null && lastPositions != null && last.equals(partition)) {
				positions = lastPositions;
			}
			else {
				positions = this.groups.get(partition);
				if (positions == null) {
					positions = new Positions();
					this.groups.put(partition.copy(), positions);
				}
				last = partition.copy();
				lastPositions = positions;
			}
			positions.add(i);
		}
		this.groups.values().removeIf((positions) -> positions.count == 0);
		return this.groups;
	}

	/** Row positions of one partition. */
	static final class Positions {

		int[] rows = new int[64];

		int count;

		void add(int row) {
			if (this.count == this.rows.length) {
				this.rows = Arrays.copyOf(this.rows, this.rows.length * 2);
			}
			this.rows[this.count++] = row;
		}

	}

}
