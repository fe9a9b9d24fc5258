package io.github.paimonspring.kafka.pipeline;

import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.kafka.record.ArrowColumns;
import io.github.paimonspring.kafka.record.RecordRow;
import io.github.paimonspring.kafka.record.TableShape;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataField;
import org.jspecify.annotations.Nullable;

/**
 * The records of one partition collected for its next channel append: converted rows (JSON), batches
 * (Arrow), and the offset of the last record consumed — bad and skipped records included, so the
 * append's offset token covers them.
 */
final class PendingAppend {

	private final List<RecordRow> rows = new ArrayList<>();

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
	boolean otherShape(RecordRow row) {
		return !this.rows.isEmpty() && this.rows.get(0).shape() != row.shape();
	}

	void add(RecordRow row) {
		this.rows.add(row);
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
		int rows = this.rows.size();
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
	 * Builds the append's batches (the receiver owns them) and empties this.
	 * @param allocator the allocator of the row batch
	 * @return the batches: the Arrow records' batches, then one of the JSON rows
	 */
	List<VectorSchemaRoot> drain(BufferAllocator allocator) {
		List<VectorSchemaRoot> result = new ArrayList<>(this.batches);
		if (!this.rows.isEmpty()) {
			result.add(toBatch(this.rows, allocator));
		}
		clear();
		return result;
	}

	/** Empties this, releasing its batches. */
	void discard() {
		this.batches.forEach(VectorSchemaRoot::close);
		clear();
	}

	private void clear() {
		this.rows.clear();
		this.batches.clear();
		this.records = 0;
		this.bytes = 0;
	}

	/** One Arrow batch of rows of one shape, with the row-kind column when a row is not an insert. */
	static VectorSchemaRoot toBatch(List<RecordRow> rows, BufferAllocator allocator) {
		TableShape shape = rows.get(0).shape();
		boolean kinds = false;
		for (RecordRow row : rows) {
			if (row.kind() != 0) {
				kinds = true;
				break;
			}
		}
		List<Field> fields = new ArrayList<>(ArrowTypes.toArrowSchema(shape.rowType()).getFields());
		if (kinds) {
			fields.add(new Field(shape.rowKindColumn(), FieldType.notNullable(new ArrowType.Int(8, true)), null));
		}
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
		try {
			List<DataField> columns = shape.rowType().getFields();
			List<FieldVector> vectors = root.getFieldVectors();
			for (int column = 0; column < vectors.size(); column++) {
				int at = column;
				ArrowColumns.allocate(vectors.get(column), rows.size(),
						(at < columns.size()) ? (i) -> rows.get(i).values()[at] : (i) -> null);
			}
			for (int column = 0; column < columns.size(); column++) {
				FieldVector vector = vectors.get(column);
				for (int i = 0; i < rows.size(); i++) {
					@Nullable Object value = rows.get(i).values()[column];
					ArrowColumns.write(vector, i, value, columns.get(column).type());
				}
			}
			if (kinds) {
				TinyIntVector vector = (TinyIntVector) vectors.get(columns.size());
				for (int i = 0; i < rows.size(); i++) {
					vector.setSafe(i, rows.get(i).kind());
				}
			}
			root.setRowCount(rows.size());
			return root;
		}
		catch (RuntimeException ex) {
			root.close();
			throw ex;
		}
	}

}
