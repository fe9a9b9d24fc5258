package io.github.paimonspring.test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.paimonspring.arrow.ArrowTypes;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;
import org.jspecify.annotations.Nullable;

/**
 * Arrow test data without vector code: a batch in the Arrow schema the starter expects for a table
 * ({@link ArrowTypes#toArrowSchema}), from rows of plain Java values.
 *
 * <pre>{@code
 * try (VectorSchemaRoot batch = TestBatches.of(orders)
 *         .row(1L, "2026-11-30", "alice", new BigDecimal("9.99"), LocalDateTime.parse("2026-11-30T10:00:00"))
 *         .row(2L, "2026-11-30", "bob", null, null)
 *         .build()) {
 *     paimon.write("orders", batch);
 * }
 * }</pre>
 *
 * <p>
 * Values per Paimon type: {@code BOOLEAN} Boolean; {@code TINYINT} to {@code BIGINT} Long, Integer,
 * Short, Byte or BigInteger (in range); {@code FLOAT}, {@code DOUBLE} any Number; {@code DECIMAL(p, s)}
 * BigDecimal or an integer, with at most {@code s} decimal places and {@code p} digits; strings a
 * CharSequence; binaries {@code byte[]}; {@code DATE} LocalDate, {@code TIME} LocalTime (milliseconds),
 * {@code TIMESTAMP} LocalDateTime, {@code TIMESTAMP_LTZ} Instant, OffsetDateTime or ZonedDateTime (date
 * and time types also as ISO-8601 text); {@code ARRAY} a List or array; {@code MAP} a Map;
 * {@code ROW} a Map by field name. {@code null} is a null, also in a {@code NOT NULL} column (so a test
 * can check that the write is refused). A value that does not fit fails {@link #build()} naming the
 * table, the row and the column.
 *
 * <p>
 * The batch returned owns its memory: closing it releases the vectors and closes its allocator, which
 * fails if buffers of it are still in use (a leak). Build one batch per builder.
 */
public final class TestBatches {

	private final String table;

	private final RowType rowType;

	private final List<@Nullable Object[]> rows = new ArrayList<>();

	private @Nullable BufferAllocator parent;

	private TestBatches(String table, RowType rowType) {
		this.table = table;
		this.rowType = rowType;
	}

	/**
	 * A batch for every column of a table, in table order.
	 * @param table the table
	 * @return the builder
	 */
	public static TestBatches of(Table table) {
		return new TestBatches(table.fullName(), table.rowType());
	}

	/**
	 * A batch for a row type, such as a table's row type with columns added.
	 * @param name the name used in messages
	 * @param rowType the row type
	 * @return the builder
	 */
	public static TestBatches of(String name, RowType rowType) {
		return new TestBatches(name, rowType);
	}

	/**
	 * Only these columns, in this order: for example leaving nullable columns out, as a producer that
	 * sends part of the columns does. Call before adding rows.
	 * @param columns column names
	 * @return a builder of a batch with these columns
	 * @throws IllegalArgumentException naming the table and the column if a column does not exist
	 */
	public TestBatches columns(String... columns) {
		if (!this.rows.isEmpty()) {
			throw new IllegalStateException("Choose the columns of the batch for table '" + this.table
					+ "' before adding rows");
		}
		int[] projection = new int[columns.length];
		for (int i = 0; i < columns.length; i++) {
			projection[i] = this.rowType.getFieldIndex(columns[i]);
			if (projection[i] < 0) {
				throw new IllegalArgumentException("Table '" + this.table + "' has no column '" + columns[i]
						+ "'; its columns are " + this.rowType.getFieldNames());
			}
		}
		return new TestBatches(this.table, this.rowType.project(projection)).allocator(this.parent);
	}

	/**
	 * Allocates the batch from a child of this allocator (for example the starter's
	 * {@code BufferAllocator} bean, which reports leaks when the context closes) instead of an
	 * allocator of its own.
	 * @param allocator the parent allocator, or {@code null} for one of the batch's own
	 * @return this builder
	 */
	public TestBatches allocator(@Nullable BufferAllocator allocator) {
		this.parent = allocator;
		return this;
	}

	/**
	 * Adds a row.
	 * @param values one value per column, in column order ({@code null} for SQL {@code NULL})
	 * @return this builder
	 * @throws IllegalArgumentException naming the table and the row if the number of values is not the
	 * number of columns
	 */
	public TestBatches row(@Nullable Object... values) {
		@Nullable Object[] row = (values != null) ? values.clone() : new Object[] { null };
		if (row.length != this.rowType.getFieldCount()) {
			throw new IllegalArgumentException("Row " + (this.rows.size() + 1)
					+ " of the batch for table '" + this.table
					+ "' has " + row.length + " value(s) but the batch has " + this.rowType.getFieldCount()
					+ " column(s) " + this.rowType.getFieldNames()
							+ "; give a value per column or choose columns(...)");
		}
		this.rows.add(row);
		return this;
	}

	/**
	 * Builds the batch. Close it (try-with-resources) when done; the starter's writers never close
	 * batches they are given.
	 * @return the batch, which owns its memory
	 * @throws IllegalArgumentException naming the table, the row and the column of a value that does
	 * not fit its column
	 */
	public VectorSchemaRoot build() {
		Schema schema = ArrowTypes.toArrowSchema(this.rowType);
		BufferAllocator allocator = (this.parent != null)
				? this.parent.newChildAllocator("test-batch " + this.table, 0, Long.MAX_VALUE) : new RootAllocator();
		List<FieldVector> vectors = new ArrayList<>();
		try {
			for (Field field : schema.getFields()) {
				FieldVector vector = field.createVector(allocator);
				vectors.add(vector);
				vector.allocateNew();
			}
			for (int r = 0; r < this.rows.size(); r++) {
				for (int c = 0; c < vectors.size(); c++) {
					set(vectors.get(c), r, c);
				}
			}
			for (FieldVector vector : vectors) {
				vector.setValueCount(this.rows.size());
			}
			return new OwnedRoot(schema, vectors, this.rows.size(), allocator);
		}
		catch (RuntimeException ex) {
			vectors.forEach(FieldVector::close);
			allocator.close();
			throw ex;
		}
	}

	private void set(FieldVector vector, int row, int column) {
		Object value = this.rows.get(row)[column];
		try {
			ArrowValues.set(vector, row, value);
		}
		catch (IllegalArgumentException | ArithmeticException ex) {
			DataField field = this.rowType.getFields().get(column);
			throw new IllegalArgumentException("Row " + (row + 1) + " of the batch for table '" + this.table
					+ "', column '" + field.name() + "' (" + field.type().asSQLString() + "): " + ex.getMessage(), ex);
		}
	}

	@Override
	public String toString() {
		return "TestBatches for table '" + this.table + "' " + this.rowType.getFieldNames() + ": " + this.rows.size()
				+ " row(s) " + this.rows.stream().map(Arrays::toString).toList();
	}

	/** A root that closes its allocator after its vectors. */
	private static final class OwnedRoot extends VectorSchemaRoot {

		private final BufferAllocator allocator;

		OwnedRoot(Schema schema, List<FieldVector> vectors, int rowCount, BufferAllocator allocator) {
			super(schema, vectors, rowCount);
			this.allocator = allocator;
		}

		@Override
		public void close() {
			try {
				super.close();
			}
			finally {
				this.allocator.close();
			}
		}

	}

}
