package io.github.paimonspring.write.parquet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Timestamps are written column by column exactly as Paimon's writer writes them, for {@code TIMESTAMP}
 * and {@code TIMESTAMP_LTZ} of every precision fed from every Arrow unit: as primary keys, Paimon's keys
 * are the full value (the nanoseconds for precision 4 and more, the milliseconds up to 3), so values of
 * one microsecond are distinct keys and the file's key range carries the nanoseconds; as values, the
 * files store what Paimon's store. Each case writes the same Arrow batch through the column-by-column
 * writer and through Paimon's writer (fed the rows of the converted batch) and compares the data-file
 * metadata, the rows and the {@code $audit_log} row kinds read back with Paimon's reader.
 */
class TimestampParityTests {

	/** Raw values in the Arrow unit: equal, or apart by a nanosecond-sized step up to a second-sized one. */
	private static final long BASE = 1_000_000_123L;

	private static final long[] STEPS = { 0, 333, 0, 1_000, 1_000_000, 1_000_000_000, -2 * BASE - 7, -BASE - 1, -BASE,
			333, -BASE - 1 };

	@TempDir
	Path dir;

	static Stream<Arguments> keyCases() {
		List<Arguments> cases = new ArrayList<>();
		for (int precision : new int[] { 0, 3, 4, 6, 7, 9 }) {
			for (TimeUnit unit : TimeUnit.values()) {
				cases.add(Arguments.of(precision, unit, false, false));
				cases.add(Arguments.of(precision, unit, true, false));
			}
		}
		for (int precision : new int[] { 3, 6, 9 }) {
			cases.add(Arguments.of(precision, TimeUnit.NANOSECOND, false, true));
			cases.add(Arguments.of(precision, TimeUnit.MICROSECOND, true, true));
		}
		return cases.stream();
	}

	@Test
	void nanosecondKeysOfOneMicrosecondAreTwoKeysAsInPaimon() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			DataType type = DataTypes.TIMESTAMP(6);
			FileStoreTable ours = create(warehouse, "default.ours", type, false);
			FileStoreTable paimon = create(warehouse, "default.paimon", type, false);
			try (VectorSchemaRoot root = batch(allocator, TimeUnit.NANOSECOND, false,
					new long[] { 1_000_000_123L, 1_000_000_456L })) {
				List<DataFileMeta> files = writeBoth(ours, paimon, root, null);
				assertThat(files.get(0).minKey().getTimestamp(0, 6)).hasToString("1970-01-01T00:00:01.000000123");
				assertThat(files.get(0).maxKey().getTimestamp(0, 6)).hasToString("1970-01-01T00:00:01.000000456");
			}
			assertThat(rows(warehouse, "default.ours")).hasSize(2).isEqualTo(rows(warehouse, "default.paimon"));
		}
	}

	@ParameterizedTest(name = "precision {0} from {1}, local time zone {2}, composite key {3}")
	@MethodSource("keyCases")
	void keysAndValuesAreWhatPaimonsWriterWrites(int precision, TimeUnit unit, boolean ltz, boolean composite)
			throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			DataType type = ltz ? DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision) : DataTypes.TIMESTAMP(precision);
			FileStoreTable ours = create(warehouse, "default.ours", type, composite);
			FileStoreTable paimon = create(warehouse, "default.paimon", type, composite);
			long[] values = new long[STEPS.length + 1];
			for (int i = 0; i < STEPS.length; i++) {
				values[i] = BASE + STEPS[i];
			}
			values[STEPS.length] = largestStored(unit, precision);
			byte[] kinds = new byte[values.length];
			kinds[STEPS.length - 1] = RowKind.DELETE.toByteValue(); // deletes the key of a row before it
			try (VectorSchemaRoot root = batch(allocator, unit, ltz, values)) {
				writeBoth(ours, paimon, root, kinds);
			}
			assertThat(rows(warehouse, "default.ours")).isNotEmpty().isEqualTo(rows(warehouse, "default.paimon"));
			assertThat(rows(warehouse, "default.ours$audit_log")).isEqualTo(rows(warehouse,
					"default.paimon$audit_log"));
		}
	}

	@Test
	void thePublicWritePathKeepsTheNanosecondKeysWithAndWithoutColumnarWrites() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			create(warehouse, "default.ours", DataTypes.TIMESTAMP(6), false);
			create(warehouse, "default.paimon", DataTypes.TIMESTAMP(6), false);
			PaimonWriter.Builder writers = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
				.spillDirectory(this.dir.resolve("s"))
				.parallelism(1);
			PaimonWriter columnar = writers.build();
			PaimonWriter rowByRow = writers.columnarWrites(false).build();
			try (VectorSchemaRoot root = batch(allocator, TimeUnit.NANOSECOND, false,
					new long[] { 1_000_000_123L, 1_000_000_456L, 1_000_000_123L })) {
				columnar.write("default.ours", root);
				rowByRow.write("default.paimon", root);
			}
			assertThat(rows(warehouse, "default.ours")).hasSize(2).isEqualTo(rows(warehouse, "default.paimon"));
			DataFileMeta ourFile = liveFile(warehouse, "default.ours");
			DataFileMeta paimonFile = liveFile(warehouse, "default.paimon");
			assertSameFile(ourFile, paimonFile);
			assertThat(ourFile.minKey().getTimestamp(0, 6)).hasToString("1970-01-01T00:00:01.000000123");
		}
	}

	@Test
	void appendTablesStoreEveryTemporalValueAsPaimonsWriterStoresIt() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			List<Temporal> columns = temporalColumns();
			for (String name : List.of("default.ours", "default.paimon")) {
				org.apache.paimon.schema.Schema.Builder schema = org.apache.paimon.schema.Schema.newBuilder();
				columns.forEach((column) -> schema.column(column.name(), column.type()));
				warehouse.create(name, schema.build());
			}
			FileStoreTable ours = warehouse.table("default.ours");
			FileStoreTable paimon = warehouse.table("default.paimon");
			List<Field> fields = new ArrayList<>();
			columns.forEach((column) -> fields.add(new Field(column.name(), FieldType.nullable(column.arrow()), null)));
			List<CommitMessage> ourMessages;
			List<CommitMessage> paimonMessages;
			try (VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
					ColumnarAppendWriter writer = new ColumnarAppendWriter(ours);
					BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite()) {
				root.allocateNew();
				int rowCount = 0;
				for (int c = 0; c < columns.size(); c++) {
					long[] values = columns.get(c).values();
					for (int r = 0; r < values.length; r++) {
						set(root.getVector(c), r, values[r]);
					}
					root.getVector(c).setNull(values.length);
					root.getVector(c).setValueCount(values.length + 1);
					rowCount = values.length + 1;
				}
				root.setRowCount(rowCount);
				// the largest and smallest values each column stores are accepted
				VectorizedColumnBatch batch = new ArrowBatchConverter(ours.name(), ours.rowType()).convert(root, null);
				writer.write(batch, 0, rowCount);
				ColumnarRow row = new ColumnarRow(batch);
				for (int i = 0; i < rowCount; i++) {
					row.setRowId(i);
					paimonWrite.write(row);
				}
				ourMessages = writer.prepareCommit();
				paimonMessages = paimonWrite.prepareCommit();
			}
			DataFileMeta our = ColumnarKeyValueWriterTests.files(ourMessages).get(0);
			DataFileMeta their = ColumnarKeyValueWriterTests.files(paimonMessages).get(0);
			assertThat(our.rowCount()).isEqualTo(their.rowCount()).isEqualTo(8);
			assertThat(our.valueStats()).isEqualTo(their.valueStats());
			assertThat(our.valueStatsCols()).isEqualTo(their.valueStatsCols());
			ColumnarKeyValueWriterTests.commit(ours, ourMessages);
			ColumnarKeyValueWriterTests.commit(paimon, paimonMessages);
			assertThat(rows(warehouse, "default.ours")).hasSize(8).isEqualTo(rows(warehouse, "default.paimon"));
		}
	}

	/** A column of a temporal type fed from an Arrow type, with values up to the limits Paimon stores. */
	record Temporal(String name, DataType type, ArrowType arrow, long[] values) {
	}

	/** Timestamps of every precision from every unit, with and without time zone; times and dates from every unit. */
	static List<Temporal> temporalColumns() {
		List<Temporal> columns = new ArrayList<>();
		for (TimeUnit unit : TimeUnit.values()) {
			for (int precision : new int[] { 0, 3, 4, 6, 7, 9 }) {
				long[] values = { 0, -1, BASE + 333, -BASE - 7, largestStored(unit, precision),
						smallestStored(unit, precision), BASE };
				String suffix = unit.name().toLowerCase(Locale.ROOT) + precision;
				columns.add(new Temporal("ts_" + suffix, DataTypes.TIMESTAMP(precision),
						new ArrowType.Timestamp(unit, null), values));
				columns.add(new Temporal("ltz_" + suffix, DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precision),
						new ArrowType.Timestamp(unit, "Europe/Berlin"), values));
			}
			long scale = switch (unit) {
				case SECOND -> 0;
				case MILLISECOND -> 1;
				case MICROSECOND -> 1_000;
				case NANOSECOND -> 1_000_000;
			};
			long largest = (scale == 0) ? Integer.MAX_VALUE / 1_000 : Integer.MAX_VALUE * scale + scale - 1;
			long smallest = (scale == 0) ? Integer.MIN_VALUE / 1_000 : Integer.MIN_VALUE * scale;
			columns.add(new Temporal("time_" + unit.name().toLowerCase(Locale.ROOT), DataTypes.TIME(),
					new ArrowType.Time(unit, (scale <= 1) ? 32 : 64), new long[] { 0, 1, 86_399, largest, smallest, 7,
							9 }));
		}
		long day = 86_400_000L;
		columns.add(new Temporal("date_ms", DataTypes.DATE(), new ArrowType.Date(DateUnit.MILLISECOND),
				new long[] { 0, -1, day, Integer.MAX_VALUE * day + day - 1, Integer.MIN_VALUE * day, -day - 1, 5 }));
		return columns;
	}

	private static void set(FieldVector vector, int index, long value) {
		if (vector instanceof TimeStampVector timestamps) {
			timestamps.setSafe(index, value);
		}
		else if (vector instanceof BaseFixedWidthVector fixed && fixed.getTypeWidth() == 4) {
			fixed.getDataBuffer().setInt((long) index * 4, (int) value);
			BitVectorHelper.setBit(fixed.getValidityBuffer(), index);
		}
		else {
			BaseFixedWidthVector fixed = (BaseFixedWidthVector) vector;
			fixed.getDataBuffer().setLong((long) index * 8, value);
			BitVectorHelper.setBit(fixed.getValidityBuffer(), index);
		}
	}

	/** The smallest value of a unit whose scaling Paimon stores at a precision. */
	static long smallestStored(TimeUnit unit, int precision) {
		boolean micros = precision > 3 && precision <= 6;
		return switch (unit) {
			case SECOND -> micros ? Long.MIN_VALUE / 1_000_000L : Long.MIN_VALUE / 1_000L;
			case MILLISECOND -> micros ? Long.MIN_VALUE / 1_000L : Long.MIN_VALUE;
			case MICROSECOND -> micros ? Long.MIN_VALUE / 1_000L * 1_000L : Long.MIN_VALUE;
			case NANOSECOND -> Long.MIN_VALUE;
		};
	}

	/** The largest value of a unit whose scaling Paimon stores at a precision (see TimestampOverflowTests). */
	static long largestStored(TimeUnit unit, int precision) {
		boolean micros = precision > 3 && precision <= 6;
		return switch (unit) {
			case SECOND -> micros ? Long.MAX_VALUE / 1_000_000L : Long.MAX_VALUE / 1_000L;
			case MILLISECOND -> micros ? Long.MAX_VALUE / 1_000L : Long.MAX_VALUE;
			default -> Long.MAX_VALUE;
		};
	}

	/**
	 * A table keyed by {@code ts} (or {@code k, ts}), with a value {@code v} and a value column {@code w} of the type.
	 */
	static FileStoreTable create(TestWarehouse warehouse, String name, DataType type, boolean composite) {
		org.apache.paimon.schema.Schema.Builder schema = org.apache.paimon.schema.Schema.newBuilder()
			.column("k", DataTypes.INT().notNull())
			.column("ts", type.copy(false))
			.column("v", DataTypes.INT())
			.column("w", type)
			.option("bucket", "1");
		schema.primaryKey(composite ? List.of("k", "ts") : List.of("ts"));
		warehouse.create(name, schema.build());
		return warehouse.table(name);
	}

	/** Rows {@code k = i % 2, ts = values[i], v = i, w = values[i] - i} (null in every fourth row). */
	static VectorSchemaRoot batch(BufferAllocator allocator, TimeUnit unit, boolean ltz, long[] values) {
		ArrowType timestamp = new ArrowType.Timestamp(unit, ltz ? "UTC" : null);
		Schema schema = new Schema(List.of(new Field("k", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("ts", FieldType.notNullable(timestamp), null),
				new Field("v", FieldType.nullable(new ArrowType.Int(32, true)), null),
				new Field("w", FieldType.nullable(timestamp), null)));
		VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
		root.allocateNew();
		for (int i = 0; i < values.length; i++) {
			((IntVector) root.getVector("k")).setSafe(i, i % 2);
			((TimeStampVector) root.getVector("ts")).setSafe(i, values[i]);
			((IntVector) root.getVector("v")).setSafe(i, i);
			if (i % 4 == 3) {
				root.getVector("w").setNull(i);
			}
			else {
				((TimeStampVector) root.getVector("w")).setSafe(i, values[i] - i);
			}
		}
		root.setRowCount(values.length);
		return root;
	}

	/**
	 * Writes a batch through both writers, commits both and checks that the files are alike.
	 * @return our files
	 */
	private static List<DataFileMeta> writeBoth(FileStoreTable ours, FileStoreTable paimon, VectorSchemaRoot root,
			byte[] kinds) throws Exception {
		VectorizedColumnBatch batch = new ArrowBatchConverter(ours.name(), ours.rowType()).convert(root, null);
		int count = batch.getNumRows();
		int[] rows = new int[count];
		for (int i = 0; i < count; i++) {
			rows[i] = i;
		}
		List<CommitMessage> ourMessages;
		List<CommitMessage> paimonMessages;
		try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(ours, false, false, (p, b, f) -> {
		}); BatchTableWrite paimonWrite = paimon.newBatchWriteBuilder().newWrite()) {
			writer.write(batch, rows, count, new int[count], kinds);
			ColumnarRow row = new ColumnarRow(batch);
			for (int i = 0; i < count; i++) {
				row.setRowId(i);
				row.setRowKind((kinds != null) ? RowKind.fromByteValue(kinds[i]) : RowKind.INSERT);
				paimonWrite.write(row);
			}
			ourMessages = writer.prepareCommit();
			paimonMessages = paimonWrite.prepareCommit();
		}
		List<DataFileMeta> ourFiles = ColumnarKeyValueWriterTests.files(ourMessages);
		List<DataFileMeta> paimonFiles = ColumnarKeyValueWriterTests.files(paimonMessages);
		assertThat(ourFiles).hasSize(1);
		assertThat(paimonFiles).hasSize(1);
		assertSameFile(ourFiles.get(0), paimonFiles.get(0));
		ColumnarKeyValueWriterTests.commit(ours, ourMessages);
		ColumnarKeyValueWriterTests.commit(paimon, paimonMessages);
		return ourFiles;
	}

	static void assertSameFile(DataFileMeta our, DataFileMeta their) {
		assertThat(our.rowCount()).as("row count").isEqualTo(their.rowCount());
		assertThat(our.minKey()).as("min key").isEqualTo(their.minKey());
		assertThat(our.maxKey()).as("max key").isEqualTo(their.maxKey());
		assertThat(our.keyStats()).as("key stats").isEqualTo(their.keyStats());
		assertThat(our.valueStats()).as("value stats").isEqualTo(their.valueStats());
		assertThat(our.valueStatsCols()).isEqualTo(their.valueStatsCols());
		assertThat(our.minSequenceNumber()).isEqualTo(their.minSequenceNumber());
		assertThat(our.maxSequenceNumber()).isEqualTo(their.maxSequenceNumber());
		assertThat(our.deleteRowCount()).as("delete count").isEqualTo(their.deleteRowCount());
	}

	private static DataFileMeta liveFile(TestWarehouse warehouse, String name) {
		List<DataFileMeta> files = new ArrayList<>();
		warehouse.table(name).newScan().plan().splits()
			.forEach((split) -> files.addAll(((DataSplit) split).dataFiles()));
		assertThat(files).hasSize(1);
		return files.get(0);
	}

	/**
	 * Every row of a table (or system table such as {@code $audit_log}) as text in the order read, with
	 * timestamps as their milliseconds and nanoseconds (any value renders, even one no date holds).
	 */
	static List<String> rows(TestWarehouse warehouse, String name) throws Exception {
		Table table = warehouse.catalog().getTable(Identifier.fromString(name));
		List<InternalRow.FieldGetter> getters = new ArrayList<>();
		for (int i = 0; i < table.rowType().getFieldCount(); i++) {
			getters.add(InternalRow.createFieldGetter(table.rowType().getTypeAt(i), i));
		}
		ReadBuilder read = table.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> {
				StringBuilder text = new StringBuilder(row.getRowKind().shortString());
				for (InternalRow.FieldGetter getter : getters) {
					Object value = getter.getFieldOrNull(row);
					text.append('|').append((value instanceof Timestamp ts)
							? ts.getMillisecond() + "ms+" + ts.getNanoOfMillisecond() + "ns" : String.valueOf(value));
				}
				rows.add(text.toString());
			});
		}
		return rows;
	}

}
