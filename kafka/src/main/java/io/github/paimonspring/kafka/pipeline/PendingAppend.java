package io.github.paimonspring.kafka.pipeline;

import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.kafka.record.JsonColumns;
import io.github.paimonspring.kafka.record.RowValues;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;

/**
 * The records of one partition collected for its next channel append: converted rows (JSON, written
 * into Arrow vectors as they come), batches (Arrow), and the offset of the last record consumed — bad
 * and skipped records included, so the append's offset token covers them.
 */
final class PendingAppend {

	private @Nullable JsonColumns columns;

	private final List<VectorSchemaRoot> batches = new ArrayList<>();

	private long lastOffset = -1;

	private int records;

	private long bytes;

	private long startNanos;

	/**
	 * Counts a consumed record.
	 * @param offset its offset
	 * @param size its value's size
	 */
	void consumed(long offset, long size) {
		if (this.records == 0) {
			this.startNanos = System.nanoTime();
		}
		this.records++;
		this.bytes += size;
		this.lastOffset = offset;
	}

	/**
	 * Returns whether a row of another schema must be sent separately: the collected rows follow an
	 * older schema of the table.
	 * @param row the next row
	 * @return whether the collected rows follow another shape
	 */
	@SuppressWarnings("ReferenceEquality") // one object per loaded schema: no per-row comparison by value
	boolean otherShape(RowValues row) {
		JsonColumns current = this.columns;
		return current != null && current.rows() > 0 && current.shape() != row.shape();
	}

	/**
	 * Writes a converted row into the columns of its shape.
	 * @param row the row (checked)
	 * @param allocator the memory of the columns
	 */
	@SuppressWarnings("ReferenceEquality") // one object per loaded schema
	void add(RowValues row, BufferAllocator allocator) {
		JsonColumns current = this.columns;
		if (current == null || current.shape() != row.shape()) {
			if (current != null) {
				current.close(); // empty: otherShape flushed its rows
			}
			current = new JsonColumns(row.shape(), allocator);
			this.columns = current;
		}
		current.append(row);
	}

	void add(List<VectorSchemaRoot> batches) {
		this.batches.addAll(batches);
	}

	int records() {
		return this.records;
	}

	long bytes() {
		return this.bytes;
	}

	int rows() {
		JsonColumns current = this.columns;
		int rows = (current != null) ? current.rows() : 0;
		for (VectorSchemaRoot batch : this.batches) {
			rows += batch.getRowCount();
		}
		return rows;
	}

	long lastOffset() {
		return this.lastOffset;
	}

	long ageNanos() {
		return (this.records == 0) ? 0 : System.nanoTime() - this.startNanos;
	}

	boolean isEmpty() {
		return this.records == 0;
	}

	/**
	 * Hands the append's batches over (the receiver owns them) and empties this.
	 * @return the batches: the Arrow records' batches, then one of the JSON rows
	 */
	List<VectorSchemaRoot> drain() {
		List<VectorSchemaRoot> result = new ArrayList<>(this.batches);
		JsonColumns current = this.columns;
		if (current != null && current.rows() > 0) {
			result.add(current.drain());
		}
		this.batches.clear();
		clear();
		return result;
	}

	/** Empties this, releasing its batches and rows. */
	void discard() {
		this.batches.forEach(VectorSchemaRoot::close);
		this.batches.clear();
		JsonColumns current = this.columns;
		if (current != null) {
			current.close();
		}
		clear();
	}

	private void clear() {
		this.records = 0;
		this.bytes = 0;
	}

}
