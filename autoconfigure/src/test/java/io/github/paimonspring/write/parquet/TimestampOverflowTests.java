package io.github.paimonspring.write.parquet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Timestamps, times and dates whose value overflows once scaled from its Arrow unit are refused while
 * the batch is validated, before anything of it is written, with an {@link ArrowDataException} naming
 * the table, column and row — on the column-by-column path and on Paimon's writer
 * ({@code paimon.write.columnar=false}), for append tables and for primary-key value and key columns:
 * no snapshot, no data file. Exactly the timestamps Paimon's writer fails on ({@code long overflow})
 * are refused: one unit past the limit fails in Paimon's writer, the limit itself is stored (see
 * {@link TimestampParityTests#appendTablesStoreEveryTemporalValueAsPaimonsWriterStoresIt}).
 */
class TimestampOverflowTests {

	@TempDir
	Path dir;

	/** Every (unit, precision, value) one step past a limit of what Paimon stores. */
	static Stream<Arguments> overflows() {
		List<Arguments> cases = new ArrayList<>();
		for (TimeUnit unit : TimeUnit.values()) {
			for (int precision : new int[] { 0, 3, 4, 6, 7, 9 }) {
				long largest = TimestampParityTests.largestStored(unit, precision);
				long smallest = TimestampParityTests.smallestStored(unit, precision);
				if (largest != Long.MAX_VALUE) {
					cases.add(Arguments.of(unit, precision, largest + 1));
				}
				if (smallest != Long.MIN_VALUE) {
					cases.add(Arguments.of(unit, precision, smallest - 1));
				}
			}
		}
		return cases.stream();
	}

	/** The value and one per kind of limit, for every write path and table kind. */
	static Stream<Arguments> paths() {
		List<Arguments> cases = new ArrayList<>();
		long[][] values = { { TimeUnit.MILLISECOND.ordinal(), 6, 9_300_000_000_000_000L },
				{ TimeUnit.SECOND.ordinal(), 3, Long.MAX_VALUE / 1_000 + 1 },
				{ TimeUnit.MICROSECOND.ordinal(), 6, Long.MIN_VALUE } };
		for (long[] value : values) {
			for (boolean columnar : new boolean[] { true, false }) {
				for (String kind : List.of("append", "value", "key")) {
					cases.add(Arguments.of(TimeUnit.values()[(int) value[0]], (int) value[1], value[2], columnar,
							kind));
				}
			}
		}
		return cases.stream();
	}

	@ParameterizedTest(name = "{2} {0} into precision {1}")
	@MethodSource("overflows")
	void paimonsWriterFailsOnEveryValueThatIsRefused(TimeUnit unit, int precision, long value) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			FileStoreTable table = create(warehouse, "default.t", "append", DataTypes.TIMESTAMP(precision));
			try (VectorSchemaRoot root = batch(allocator, unit, false, value)) {
				ArrowBatchConverter converter = new ArrowBatchConverter(table.name(), table.rowType());
				assertThatThrownBy(() -> converter.convert(root, null)).isInstanceOf(ArrowDataException.class);
				// Paimon's writer fed the same rows without the check
				VectorizedColumnBatch unchecked = converter.reconvert(root, null);
				assertThatThrownBy(() -> {
					try (BatchTableWrite write = table.newBatchWriteBuilder().newWrite()) {
						ColumnarRow row = new ColumnarRow(unchecked);
						for (int i = 0; i < unchecked.getNumRows(); i++) {
							row.setRowId(i);
							write.write(row);
						}
						write.prepareCommit();
					}
				}).satisfies((ex) -> assertThat(causes(ex)).anySatisfy((cause) -> {
					assertThat(cause).isInstanceOf(ArithmeticException.class);
					// Math.multiplyExact's; once C2 compiled the caller, Java 25 may throw it without a message
					assertThat(cause.getMessage()).isIn("long overflow", null);
				}));
			}
		}
	}

	@ParameterizedTest(name = "{2} {0} into precision {1}")
	@MethodSource("overflows")
	void everyOverflowIsRefusedNamingTableColumnAndRow(TimeUnit unit, int precision, long value) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			create(warehouse, "default.t", "append", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision));
			try (VectorSchemaRoot root = batch(allocator, unit, true, value);
					PaimonWriter writer = writer(warehouse, true)) {
				assertRefusedAndNothingWritten(warehouse, writer, root, "w", 1);
			}
		}
	}

	@ParameterizedTest(name = "{2} {0} into precision {1}, columnar {3}, {4} column")
	@MethodSource("paths")
	void refusedOnEveryWritePathBeforeAnythingIsWritten(TimeUnit unit, int precision, long value, boolean columnar,
			String kind) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			create(warehouse, "default.t", kind, DataTypes.TIMESTAMP(precision));
			try (VectorSchemaRoot root = batch(allocator, unit, false, value);
					PaimonWriter writer = writer(warehouse, columnar)) {
				if (kind.equals("key")) {
					// the bad value in the key column, a good one in the value column
					long good = ((TimeStampVector) root.getVector("w")).get(0);
					((TimeStampVector) root.getVector("ts")).setSafe(1, value);
					((TimeStampVector) root.getVector("w")).setSafe(1, good);
				}
				assertRefusedAndNothingWritten(warehouse, writer, root, kind.equals("key") ? "ts" : "w", 1);
			}
		}
	}

	@Test
	void timesDatesAndNestedTimestampsThatOverflowAreRefused() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			warehouse.create("default.t", org.apache.paimon.schema.Schema.newBuilder()
				.column("k", DataTypes.INT())
				.column("t", DataTypes.TIME())
				.column("d", DataTypes.DATE())
				.column("a", DataTypes.ARRAY(DataTypes.TIMESTAMP(6)))
				.build());
			Schema schema = new Schema(List.of(new Field("k", FieldType.nullable(new ArrowType.Int(32, true)), null),
					new Field("t", FieldType.nullable(new ArrowType.Time(TimeUnit.SECOND, 32)), null),
					new Field("d", FieldType.nullable(new ArrowType.Date(DateUnit.MILLISECOND)), null),
					new Field("a", FieldType.nullable(ArrowType.List.INSTANCE), List.of(new Field("item",
							FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)), null)))));
			for (String column : List.of("t", "d", "a[]", "none")) {
				try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
						PaimonWriter writer = writer(warehouse, true)) {
					root.allocateNew();
					for (int i = 0; i < 3; i++) {
						((IntVector) root.getVector("k")).setSafe(i, i);
						boolean bad = i == 2;
						((TimeSecVector) root.getVector("t")).setSafe(i,
								(bad && column.equals("t")) ? 2_147_484 : 86_399);
						((DateMilliVector) root.getVector("d")).setSafe(i,
								(bad && column.equals("d")) ? Long.MAX_VALUE : -86_400_000L);
					}
					UnionListWriter list = ((ListVector) root.getVector("a")).getWriter();
					for (int i = 0; i < 3; i++) {
						list.setPosition(i);
						list.startList();
						list.timeStampMilli().writeTimeStampMilli(1_000L);
						list.timeStampMilli()
							.writeTimeStampMilli((i == 2 && column.equals("a[]")) ? 9_300_000_000_000_000L : -1L);
						list.endList();
					}
					root.setRowCount(3);
					if (column.equals("none")) {
						// without an overflow the same rows are written
						writer.write("default.t", root);
						assertThat(warehouse.read("default.t", (row) -> row.getInt(1) + "/" + row.getInt(2) + "/"
								+ row.getArray(3).getTimestamp(1, 6).getMillisecond()))
							.containsOnly("86399000/-1/-1");
					}
					else {
						assertRefusedAndNothingWritten(warehouse, writer, root, column, 2);
					}
				}
			}
		}
	}

	private static void assertRefusedAndNothingWritten(TestWarehouse warehouse, PaimonWriter writer,
			VectorSchemaRoot root, String column, int row) {
		assertThatThrownBy(() -> writer.write("default.t", root)).isInstanceOfSatisfying(ArrowDataException.class,
				(ex) -> {
					assertThat(ex.getColumn()).isEqualTo(column);
					assertThat(ex.getRow()).isEqualTo(row);
					assertThat(ex.getMessage()).contains("'default.t'", "'" + column + "'", "row " + row, "overflows");
				});
		assertThat(warehouse.snapshotCount("default.t")).isZero();
		assertThat(warehouse.dataFiles("default.t")).isEmpty();
	}

	private PaimonWriter writer(TestWarehouse warehouse, boolean columnar) {
		PaimonWriter writer = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
			.spillDirectory(this.dir.resolve("s"))
			.parallelism(1)
			.columnarWrites(columnar)
			.build();
		return writer;
	}

	/** An append table, or a primary-key table keyed by {@code ts}: {@code k INT, ts, v INT, w} of the type. */
	private static FileStoreTable create(TestWarehouse warehouse, String name, String kind, DataType type) {
		if (kind.equals("append")) {
			warehouse.create(name, org.apache.paimon.schema.Schema.newBuilder()
				.column("k", DataTypes.INT().notNull())
				.column("ts", type.copy(false))
				.column("v", DataTypes.INT())
				.column("w", type)
				.build());
			return warehouse.table(name);
		}
		return TimestampParityTests.create(warehouse, name, type, false);
	}

	/** Three rows whose {@code w} is a good value, {@code value}, a good value; {@code ts} is good in each. */
	private static VectorSchemaRoot batch(BufferAllocator allocator, TimeUnit unit, boolean ltz, long value) {
		VectorSchemaRoot root = TimestampParityTests.batch(allocator, unit, ltz, new long[] { 1_000L, 2_000L, 3_000L });
		((TimeStampVector) root.getVector("w")).setSafe(1, value);
		return root;
	}

	private static List<Throwable> causes(Throwable ex) {
		List<Throwable> causes = new ArrayList<>();
		for (Throwable cause = ex; cause != null && !causes.contains(cause); cause = cause.getCause()) {
			causes.add(cause);
		}
		return causes;
	}

}
