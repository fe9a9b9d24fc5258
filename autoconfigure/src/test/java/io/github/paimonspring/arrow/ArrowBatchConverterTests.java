package io.github.paimonspring.arrow;

import static io.github.paimonspring.arrow.ArrowTestData.column;
import static io.github.paimonspring.arrow.ArrowTestData.field;
import static io.github.paimonspring.arrow.ArrowTestData.int32;
import static io.github.paimonspring.arrow.ArrowTestData.listOf;
import static io.github.paimonspring.arrow.ArrowTestData.map;
import static io.github.paimonspring.arrow.ArrowTestData.mapOf;
import static io.github.paimonspring.arrow.ArrowTestData.root;
import static io.github.paimonspring.arrow.ArrowTestData.struct;
import static io.github.paimonspring.arrow.ArrowTestData.values;
import static io.github.paimonspring.arrow.PaimonTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Round trips through real Paimon tables: Arrow data is converted, written with Paimon's raw write
 * API, read back and compared value by value; plus schema, constraint and value errors.
 */
class ArrowBatchConverterTests {

	private static final ArrowType INT8 = new ArrowType.Int(8, true);

	private static final ArrowType INT16 = new ArrowType.Int(16, true);

	private static final ArrowType INT64 = new ArrowType.Int(64, true);

	private static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);

	private static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

	private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;

	@TempDir
	Path warehouse;

	private BufferAllocator allocator;

	private PaimonTestTables tables;

	@BeforeEach
	void setUp() throws Exception {
		this.allocator = new RootAllocator();
		this.tables = new PaimonTestTables(this.warehouse);
	}

	@AfterEach
	void tearDown() throws Exception {
		this.tables.close();
		this.allocator.close();
	}

	// ---------------------------------------------------------------- round trips

	@Test
	void booleansAndIntegersIncludingWidening() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "b", DataTypes.BOOLEAN(), "t", DataTypes.TINYINT(),
				"s8", DataTypes.SMALLINT(), "s16", DataTypes.SMALLINT(), "i8", DataTypes.INT(), "i16", DataTypes.INT(),
				"i32", DataTypes.INT(), "l8", DataTypes.BIGINT(), "l16", DataTypes.BIGINT(), "l32", DataTypes.BIGINT(),
				"l64", DataTypes.BIGINT());
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("b", ArrowType.Bool.INSTANCE),
				field("t", INT8), field("s8", INT8), field("s16", INT16), field("i8", INT8), field("i16", INT16),
				field("i32", int32()), field("l8", INT8), field("l16", INT16), field("l32", int32()),
				field("l64", INT64))) {
			column(root, "id", 0, 1, 2, 3);
			column(root, "b", true, false, null, true);
			column(root, "t", Byte.MAX_VALUE, Byte.MIN_VALUE, null, -1);
			column(root, "s8", Byte.MAX_VALUE, Byte.MIN_VALUE, null, -1);
			column(root, "s16", Short.MAX_VALUE, Short.MIN_VALUE, null, -1);
			column(root, "i8", Byte.MAX_VALUE, Byte.MIN_VALUE, null, -1);
			column(root, "i16", Short.MAX_VALUE, Short.MIN_VALUE, null, -1);
			column(root, "i32", Integer.MAX_VALUE, Integer.MIN_VALUE, null, -1);
			column(root, "l8", Byte.MAX_VALUE, Byte.MIN_VALUE, null, -1);
			column(root, "l16", Short.MAX_VALUE, Short.MIN_VALUE, null, -1);
			column(root, "l32", Integer.MAX_VALUE, Integer.MIN_VALUE, null, -1);
			column(root, "l64", Long.MAX_VALUE, Long.MIN_VALUE, null, -1L);

			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(
					row(0, true, (byte) 127, (short) 127, (short) 32767, 127, 32767, Integer.MAX_VALUE, 127L, 32767L,
							(long) Integer.MAX_VALUE, Long.MAX_VALUE),
					row(1, false, (byte) -128, (short) -128, (short) -32768, -128, -32768, Integer.MIN_VALUE, -128L,
							-32768L, (long) Integer.MIN_VALUE, Long.MIN_VALUE),
					row(2, null, null, null, null, null, null, null, null, null, null, null),
					row(3, true, (byte) -1, (short) -1, (short) -1, -1, -1, -1, -1L, -1L, -1L, -1L));
		}
	}

	@Test
	void floatingPointIncludingWidening() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "f", DataTypes.FLOAT(), "d32", DataTypes.DOUBLE(),
				"d64", DataTypes.DOUBLE());
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("f", FLOAT32),
				field("d32", FLOAT32), field("d64", FLOAT64))) {
			column(root, "id", 0, 1, 2);
			column(root, "f", 1.5f, -0.1f, null);
			column(root, "d32", 3.25f, 0.1f, null);
			column(root, "d64", -2.5e300, Double.MIN_VALUE, null);

			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(row(0, 1.5f, 3.25d, -2.5e300),
					row(1, -0.1f, (double) 0.1f, Double.MIN_VALUE), row(2, null, null, null));
		}
	}

	@Test
	void stringsFromUtf8LargeUtf8AndUtf8View() throws Exception {
		String longText = "x".repeat(1000) + "€";
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "s", DataTypes.STRING(), "l",
				DataTypes.VARCHAR(2000), "v", DataTypes.STRING(), "c", DataTypes.CHAR(3));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("s", UTF8),
				field("l", ArrowType.LargeUtf8.INSTANCE), field("v", ArrowType.Utf8View.INSTANCE),
				field("c", UTF8))) {
			column(root, "id", 0, 1, 2, 3);
			column(root, "s", "hello", "", null, "grüße 日本語 🙂");
			column(root, "l", "large", longText, null, "");
			column(root, "v", "inline12byte", "longer than twelve bytes", null, longText);
			column(root, "c", "abc", "xyz", null, "日本語");

			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(
					row(0, "hello", "large", "inline12byte", "abc"),
					row(1, "", longText, "longer than twelve bytes", "xyz"), row(2, null, null, null, null),
					row(3, "grüße 日本語 🙂", "", longText, "日本語"));
		}
	}

	@Test
	void dictionaryEncodedStrings() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "city", DataTypes.STRING(), "code",
				DataTypes.VARCHAR(10));
		DictionaryEncoding cityEncoding = new DictionaryEncoding(1L, false, int32());
		DictionaryEncoding codeEncoding = new DictionaryEncoding(2L, false, new ArrowType.Int(8, true));
		VarCharVector cities = new VarCharVector("cities", this.allocator);
		LargeVarCharVector codes = new LargeVarCharVector("codes", this.allocator);
		try (DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(
				new Dictionary(cities, cityEncoding), new Dictionary(codes, codeEncoding));
				VectorSchemaRoot root = root(this.allocator, field("id", int32()),
						new Field("city", new FieldType(true, int32(), cityEncoding), null),
						new Field("code", new FieldType(true, new ArrowType.Int(8, true), codeEncoding), null))) {
			ArrowTestData.fill(cities, "Berlin", "Paris", "Zürich", null);
			ArrowTestData.fill(codes, "DE", "FR");
			column(root, "id", 0, 1, 2, 3, 4);
			column(root, "city", 2, 0, null, 0, 3);
			column(root, "code", 1, 1, 0, null, 0);

			assertThat(this.tables.roundTrip(rowType, root, provider)).containsExactly(row(0, "Zürich", "FR"),
					row(1, "Berlin", "FR"), row(2, null, "DE"), row(3, "Berlin", null), row(4, null, "DE"));
		}
	}

	@Test
	void binaryFromBinaryLargeBinaryFixedSizeBinaryAndBinaryView() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "b", DataTypes.BYTES(), "lb",
				DataTypes.VARBINARY(10), "fb", DataTypes.BINARY(4), "vb", DataTypes.BYTES());
		byte[] longBytes = new byte[40];
		for (int i = 0; i < longBytes.length; i++) {
			longBytes[i] = (byte) (i * 7);
		}
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("b", ArrowType.Binary.INSTANCE),
				field("lb", ArrowType.LargeBinary.INSTANCE), field("fb", new ArrowType.FixedSizeBinary(4)),
				field("vb", ArrowType.BinaryView.INSTANCE))) {
			column(root, "id", 0, 1, 2);
			column(root, "b", new byte[] { 0, (byte) 0xff, 16 }, new byte[0], null);
			column(root, "lb", new byte[] { 1, 2 }, null, new byte[] { (byte) 0x80 });
			column(root, "fb", new byte[] { 1, 2, 3, 4 }, null, new byte[] { (byte) 0xde, (byte) 0xad, (byte) 0xbe,
					(byte) 0xef });
			column(root, "vb", new byte[] { 9 }, longBytes, null);

			String longHex = HexFormat.of().formatHex(longBytes);
			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(
					row(0, "00ff10", "0102", "01020304", "09"), row(1, "", null, null, longHex),
					row(2, null, "80", "deadbeef", null));
		}
	}

	@Test
	void decimalsWithFastPathRescaleAndHighPrecision() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "d10", DataTypes.DECIMAL(10, 2), "up",
				DataTypes.DECIMAL(12, 4), "down", DataTypes.DECIMAL(5, 2), "d38", DataTypes.DECIMAL(38, 10), "d20",
				DataTypes.DECIMAL(20, 0), "narrow", DataTypes.DECIMAL(10, 2));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()),
				field("d10", new ArrowType.Decimal(10, 2, 128)), field("up", new ArrowType.Decimal(10, 2, 128)),
				field("down", new ArrowType.Decimal(20, 4, 128)), field("d38", new ArrowType.Decimal(38, 10, 128)),
				field("d20", new ArrowType.Decimal(20, 0, 128)), field("narrow", new ArrowType.Decimal(38, 2, 128)))) {
			column(root, "id", 0, 1, 2);
			column(root, "d10", new BigDecimal("12345678.91"), new BigDecimal("-99999999.99"), null);
			column(root, "up", new BigDecimal("1.23"), new BigDecimal("-0.01"), null);
			column(root, "down", new BigDecimal("123.4500"), new BigDecimal("-999.9900"), null);
			column(root, "d38", new BigDecimal("1234567890123456789012345678.0123456789"),
					new BigDecimal("-9999999999999999999999999999.9999999999"), null);
			column(root, "d20", new BigDecimal("99999999999999999999"), new BigDecimal("-12345678901234567890"),
					null);
			column(root, "narrow", new BigDecimal("-12345678.91"), new BigDecimal("0.00"), null);

			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(
					row(0, new BigDecimal("12345678.91"), new BigDecimal("1.2300"), new BigDecimal("123.45"),
							new BigDecimal("1234567890123456789012345678.0123456789"),
							new BigDecimal("99999999999999999999"), new BigDecimal("-12345678.91")),
					row(1, new BigDecimal("-99999999.99"), new BigDecimal("-0.0100"), new BigDecimal("-999.99"),
							new BigDecimal("-9999999999999999999999999999.9999999999"),
							new BigDecimal("-12345678901234567890"), new BigDecimal("0.00")),
					row(2, null, null, null, null, null, null));
		}
	}

	@Test
	void datesAndTimesInEveryUnit() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "d", DataTypes.DATE(), "dm", DataTypes.DATE(),
				"t0", DataTypes.TIME(0), "t3", DataTypes.TIME(3), "t6", DataTypes.TIME(6), "t9", DataTypes.TIME(9));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()),
				field("d", new ArrowType.Date(DateUnit.DAY)), field("dm", new ArrowType.Date(DateUnit.MILLISECOND)),
				field("t0", new ArrowType.Time(TimeUnit.SECOND, 32)),
				field("t3", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
				field("t6", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
				field("t9", new ArrowType.Time(TimeUnit.NANOSECOND, 64)))) {
			column(root, "id", 0, 1, 2, 3);
			column(root, "d", 19860, -1, null, -25567);
			column(root, "dm", 19860L * 86_400_000L + 123, -1L, null, -86_400_001L);
			column(root, "t0", 3_723, 0, null, 86_399);
			column(root, "t3", 3_723_456, 0, null, 86_399_999);
			column(root, "t6", 3_723_456_789L, 0L, null, 86_399_999_999L);
			column(root, "t9", 3_723_456_789_123L, 0L, null, 86_399_999_999_999L);

			LocalTime t = LocalTime.of(1, 2, 3);
			LocalTime last = LocalTime.of(23, 59, 59);
			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(
					row(0, LocalDate.of(2024, 5, 17), LocalDate.of(2024, 5, 17), t, t.withNano(456_000_000),
							t.withNano(456_000_000), t.withNano(456_000_000)),
					row(1, LocalDate.of(1969, 12, 31), LocalDate.of(1969, 12, 31), LocalTime.MIDNIGHT,
							LocalTime.MIDNIGHT, LocalTime.MIDNIGHT, LocalTime.MIDNIGHT),
					row(2, null, null, null, null, null, null),
					row(3, LocalDate.of(1900, 1, 1), LocalDate.of(1969, 12, 30), last, last.withNano(999_000_000),
							last.withNano(999_000_000), last.withNano(999_000_000)));
		}
	}

	@Test
	void timestampsWithoutTimeZoneInEveryUnitIncludingPre1970() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "s", DataTypes.TIMESTAMP(0), "ms",
				DataTypes.TIMESTAMP(3), "us", DataTypes.TIMESTAMP(6), "ns", DataTypes.TIMESTAMP(9), "us3",
				DataTypes.TIMESTAMP(3), "ms9", DataTypes.TIMESTAMP(9), "ns6", DataTypes.TIMESTAMP(6));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), timestampField("s", TimeUnit.SECOND,
				null),
				timestampField("ms", TimeUnit.MILLISECOND, null), timestampField("us", TimeUnit.MICROSECOND, null),
				timestampField("ns", TimeUnit.NANOSECOND, null), timestampField("us3", TimeUnit.MICROSECOND, null),
				timestampField("ms9", TimeUnit.MILLISECOND, null), timestampField("ns6", TimeUnit.NANOSECOND, null))) {
			LocalDateTime[] times = { LocalDateTime.parse("2024-05-17T10:15:30.123456789"),
					LocalDateTime.parse("1969-07-20T20:17:40.987654321"),
					LocalDateTime.parse("1900-01-01T00:00:00.000000001"),
					LocalDateTime.parse("1969-12-31T23:59:59.999999999") };
			column(root, "id", 0, 1, 2, 3, 4);
			fillTimestamps(root, "s", TimeUnit.SECOND, times);
			fillTimestamps(root, "ms", TimeUnit.MILLISECOND, times);
			fillTimestamps(root, "us", TimeUnit.MICROSECOND, times);
			fillTimestamps(root, "ns", TimeUnit.NANOSECOND, times);
			fillTimestamps(root, "us3", TimeUnit.MICROSECOND, times);
			fillTimestamps(root, "ms9", TimeUnit.MILLISECOND, times);
			fillTimestamps(root, "ns6", TimeUnit.NANOSECOND, times);

			List<List<Object>> rows = this.tables.roundTrip(rowType, root, null);

			assertThat(rows).hasSize(5);
			for (int i = 0; i < times.length; i++) {
				LocalDateTime time = times[i];
				assertThat(rows.get(i)).as("row %d", i)
					.containsExactly(i, truncate(time, 0), truncate(time, 3), truncate(time, 6), time,
							truncate(time, 3), truncate(time, 3), truncate(time, 6));
			}
			assertThat(rows.get(4)).containsExactly(4, null, null, null, null, null, null, null);
			assertThat(rows.get(3).get(4)).isEqualTo(LocalDateTime.parse("1969-12-31T23:59:59.999999999"));
		}
	}

	@Test
	void timestampsWithLocalTimeZoneFromZonedArrowTimestamps() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "s", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(0),
				"ms", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3), "us3", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3),
				"us", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6), "ns", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(9));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()),
				timestampField("s", TimeUnit.SECOND, "Europe/Berlin"),
				timestampField("ms", TimeUnit.MILLISECOND, "UTC"), timestampField("us3", TimeUnit.MICROSECOND, "UTC"),
				timestampField("us", TimeUnit.MICROSECOND, "Asia/Tokyo"),
				timestampField("ns", TimeUnit.NANOSECOND, "UTC"))) {
			LocalDateTime[] times = { LocalDateTime.parse("2024-05-17T10:15:30.123456789"),
					LocalDateTime.parse("1950-01-01T00:00:00.500000001") };
			column(root, "id", 0, 1, 2);
			fillTimestamps(root, "s", TimeUnit.SECOND, times);
			fillTimestamps(root, "ms", TimeUnit.MILLISECOND, times);
			fillTimestamps(root, "us3", TimeUnit.MICROSECOND, times);
			fillTimestamps(root, "us", TimeUnit.MICROSECOND, times);
			fillTimestamps(root, "ns", TimeUnit.NANOSECOND, times);

			List<List<Object>> rows = this.tables.roundTrip(rowType, root, null);

			assertThat(rows.get(0)).containsExactly(0, Instant.parse("2024-05-17T10:15:30Z"),
					Instant.parse("2024-05-17T10:15:30.123Z"), Instant.parse("2024-05-17T10:15:30.123Z"),
					Instant.parse("2024-05-17T10:15:30.123456Z"), Instant.parse("2024-05-17T10:15:30.123456789Z"));
			assertThat(rows.get(1)).containsExactly(1, Instant.parse("1950-01-01T00:00:00Z"),
					Instant.parse("1950-01-01T00:00:00.500Z"), Instant.parse("1950-01-01T00:00:00.500Z"),
					Instant.parse("1950-01-01T00:00:00.500Z"), Instant.parse("1950-01-01T00:00:00.500000001Z"));
			assertThat(rows.get(2)).containsExactly(2, null, null, null, null, null);
		}
	}

	@Test
	void arraysMapsAndNestedRows() throws Exception {
		RowType addressType = DataTypes.ROW(DataTypes.FIELD(0, "a", DataTypes.INT()),
				DataTypes.FIELD(1, "b", DataTypes.STRING()),
				DataTypes.FIELD(2, "c", DataTypes.ARRAY(DataTypes.INT())));
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "tags", DataTypes.ARRAY(DataTypes.STRING()), "nums",
				DataTypes.ARRAY(DataTypes.BIGINT()), "attrs", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
				"addr", addressType, "lists", DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.STRING())));
		// struct children deliberately in a different order than the Paimon row type
		Field addr = field("addr", ArrowType.Struct.INSTANCE, listOf("c", field("element", int32())),
				field("b", UTF8), field("a", int32()));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()),
				listOf("tags", field("element", UTF8)),
				field("nums", ArrowType.LargeList.INSTANCE, field("element", INT64)),
				mapOf("attrs", new Field("key", FieldType.notNullable(UTF8), null), field("value", int32())), addr,
				listOf("lists", listOf("element", field("element", UTF8))))) {
			column(root, "id", 0, 1, 2, 3);
			column(root, "tags", values("a", "b"), values(), null, values("x", null));
			column(root, "nums", values(1L, -2L), null, values(), values(Long.MIN_VALUE));
			column(root, "attrs", map("k1", 1, "k2", null), map(), null, map("only", -7));
			column(root, "addr", struct("a", 1, "b", "x", "c", values(1, 2)), null,
					struct("a", null, "b", null, "c", null), struct("a", 4, "b", "four", "c", values()));
			column(root, "lists", values(values("a"), values(), null), null, values(), values(values("b", null)));

			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(
					row(0, List.of("a", "b"), List.of(1L, -2L), map("k1", 1, "k2", null), row(1, "x", List.of(1, 2)),
							values(List.of("a"), List.of(), null)),
					row(1, List.of(), null, Map.of(), null, null), row(2, null, List.of(), null, row(null, null, null),
							List.of()),
					row(3, values("x", null), List.of(Long.MIN_VALUE), Map.of("only", -7),
							row(4, "four", List.of()), List.of(values("b", null))));
		}
	}

	@Test
	void nestedNotNullFieldsUnderNullParentsAreAccepted() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "addr",
				DataTypes.ROW(DataTypes.FIELD(0, "zip", DataTypes.INT().notNull())), "tags",
				DataTypes.ARRAY(DataTypes.STRING().notNull()));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()),
				field("addr", ArrowType.Struct.INSTANCE, field("zip", int32())),
				listOf("tags", field("element", UTF8)))) {
			column(root, "id", 0, 1);
			column(root, "addr", null, struct("zip", 10115));
			column(root, "tags", values("a"), null);

			assertThat(this.tables.roundTrip(rowType, root, null)).containsExactly(row(0, null, List.of("a")),
					row(1, row(10115), null));
		}
	}

	@Test
	void sameSchemaIsValidatedOnceAndBatchesReadTheCurrentRoot() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "name", DataTypes.STRING());
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t", rowType);
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("name", UTF8))) {
			column(root, "id", 1);
			column(root, "name", "one");
			VectorizedColumnBatch first = converter.convert(root, null);
			assertThat(first.getNumRows()).isEqualTo(1);
			assertThat(new ColumnarRow(first, 0).getString(1).toString()).isEqualTo("one");

			root.clear();
			column(root, "id", 1, 2);
			column(root, "name", "uno", "dos");
			VectorizedColumnBatch second = converter.convert(root, null);
			assertThat(second.getNumRows()).isEqualTo(2);
			assertThat(new ColumnarRow(second, 1).getString(1).toString()).isEqualTo("dos");
		}
		try (VectorSchemaRoot other = root(this.allocator, field("id", int32()), field("name", INT64))) {
			assertThatThrownBy(() -> converter.convert(other, null)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("column 'name' expects STRING but got Int64");
		}
	}

	// ---------------------------------------------------------------- schema errors

	@Test
	void columnsAreMatchedByNameAndOmittedNullableOnesReadAsNull() {
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t",
				rowType("id", DataTypes.INT().notNull(), "name", DataTypes.STRING(), "dt", DataTypes.STRING()));
		try (VectorSchemaRoot root = root(this.allocator, field("dt", UTF8), field("id", int32()))) {
			((VarCharVector) root.getVector("dt")).setSafe(0, "d1".getBytes(StandardCharsets.UTF_8));
			((IntVector) root.getVector("id")).setSafe(0, 7);
			root.setRowCount(1);
			VectorizedColumnBatch batch = converter.convert(root, null);
			ColumnarRow row = new ColumnarRow(batch);
			row.setRowId(0);
			assertThat(row.getInt(0)).isEqualTo(7);
			assertThat(row.isNullAt(1)).as("omitted").isTrue();
			assertThat(row.getString(2).toString()).isEqualTo("d1");
			assertThat(converter.rowKinds(root)).as("no row-kind column: all inserts").isNull();
		}
	}

	@Test
	void anOmittedNotNullColumnIsRejectedByName() {
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t",
				rowType("id", DataTypes.INT().notNull(), "name", DataTypes.STRING(), "dt", DataTypes.STRING()));
		try (VectorSchemaRoot root = root(this.allocator, field("name", UTF8))) {
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, null),
					ArrowDataException.class);
			assertThat(ex)
					.hasMessage("Arrow schema does not match table 'db.t': column 'id' is NOT NULL (INT NOT NULL) "
					+ "but the batch omits it; a batch may omit nullable columns only");
			assertThat(ex.getTable()).isEqualTo("db.t");
			assertThat(ex.getColumn()).isEqualTo("id");
			assertThat(ex.getRow()).isEqualTo(-1);
		}
	}

	@Test
	void aColumnTheTableDoesNotHaveIsRejectedByName() {
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t",
				rowType("id", DataTypes.INT(), "name", DataTypes.STRING()));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("Name", UTF8))) {
			ArrowDataException ex = catchThrowableOfType(() -> converter.validateSchema(root.getSchema(), null),
					ArrowDataException.class);
			assertThat(ex).hasMessageStartingWith("Arrow schema does not match table 'db.t': column 'Name' is not in "
					+ "the table [id, name] (did you mean 'name'? names are case-sensitive)")
				.hasMessageContaining("paimon.write.schema-evolution");
			assertThat(ex.getColumn()).isEqualTo("Name");
		}
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("id", int32()))) {
			assertThatThrownBy(() -> converter.validateSchema(root.getSchema(), null))
				.isInstanceOf(ArrowDataException.class).hasMessageContaining("column 'id' appears twice");
		}
	}

	@Test
	void rowKindsAreReadFromShortStringsOrCodes() {
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t",
				rowType("id", DataTypes.INT(), "name", DataTypes.STRING()));
		try (VectorSchemaRoot root = root(this.allocator, field("_row_kind", UTF8), field("id", int32()))) {
			String[] kinds = { "+I", "-U", "+U", "-D" };
			for (int i = 0; i < kinds.length; i++) {
				((VarCharVector) root.getVector("_row_kind")).setSafe(i,
						kinds[i].getBytes(StandardCharsets.UTF_8));
				((IntVector) root.getVector("id")).setSafe(i, i);
			}
			root.setRowCount(4);
			converter.convert(root, null);
			assertThat(converter.rowKinds(root)).containsExactly(0, 1, 2, 3);
			((VarCharVector) root.getVector("_row_kind")).setSafe(2, "+X".getBytes(StandardCharsets.UTF_8));
			ArrowDataException unknown = catchThrowableOfType(() -> converter.rowKinds(root), ArrowDataException.class);
			assertThat(unknown).hasMessageContaining("Row 2").hasMessageContaining("unknown row kind '+X'")
				.hasMessageContaining("'_row_kind'");
			assertThat(unknown.getRow()).isEqualTo(2);
			((VarCharVector) root.getVector("_row_kind")).setNull(1);
			assertThatThrownBy(() -> converter.rowKinds(root)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("Row 1").hasMessageContaining("is null");
		}
		try (VectorSchemaRoot root = root(this.allocator, field("op", new ArrowType.Int(8, true)), field("id",
				int32()))) {
			ArrowBatchConverter named = new ArrowBatchConverter("db.t", rowType("id", DataTypes.INT()), "op");
			((TinyIntVector) root.getVector("op")).setSafe(0, 3);
			((TinyIntVector) root.getVector("op")).setSafe(1, 9);
			((IntVector) root.getVector("id")).setSafe(0, 1);
			((IntVector) root.getVector("id")).setSafe(1, 2);
			root.setRowCount(1);
			named.convert(root, null);
			assertThat(named.rowKinds(root)).containsExactly(3);
			root.setRowCount(2);
			assertThatThrownBy(() -> named.rowKinds(root)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("Row 1").hasMessageContaining("unknown row kind 9");
		}
		try (VectorSchemaRoot root = root(this.allocator, field("_row_kind", new ArrowType.Int(32, true)),
				field("id", int32()))) {
			assertThatThrownBy(() -> converter.validateSchema(root.getSchema(), null))
				.isInstanceOf(ArrowDataException.class).hasMessageContaining("must be Utf8");
		}
	}

	@Test
	void wrongTypeIsRejectedWithTableColumnAndBothTypes() {
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t",
				rowType("id", DataTypes.INT(), "price", DataTypes.DECIMAL(10, 2)));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("price", UTF8))) {
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, null),
					ArrowDataException.class);
			assertThat(ex).hasMessage(
					"Arrow schema does not match table 'db.t': column 'price' expects DECIMAL(10, 2) but got Utf8");
			assertThat(ex.getTable()).isEqualTo("db.t");
			assertThat(ex.getColumn()).isEqualTo("price");
			assertThat(ex.getExpectedType()).isEqualTo("DECIMAL(10, 2)");
			assertThat(ex.getActualType()).isEqualTo("Utf8");
			assertThat(ex.getRow()).isEqualTo(-1);
		}
	}

	@Test
	void narrowingUnsignedAndDecimal256AreRejected() {
		assertMismatch(DataTypes.INT(), field("v", INT64), "v", "INT", "Int64");
		assertMismatch(DataTypes.TINYINT(), field("v", INT16), "v", "TINYINT", "Int16");
		assertMismatch(DataTypes.BIGINT(), field("v", new ArrowType.Int(32, false)), "v", "BIGINT", "UInt32");
		assertMismatch(DataTypes.FLOAT(), field("v", FLOAT64), "v", "FLOAT", "Float64");
		assertMismatch(DataTypes.DECIMAL(10, 2), field("v", new ArrowType.Decimal(10, 2, 256)), "v",
				"DECIMAL(10, 2)", "Decimal256(10, 2)");
		assertMismatch(DataTypes.STRING(), field("v", ArrowType.Binary.INSTANCE), "v", "STRING", "Binary");
		assertMismatch(DataTypes.BYTES(), field("v", UTF8), "v", "BYTES", "Utf8");
	}

	@Test
	void timeZoneMismatchSaysWhichIsExpected() {
		ArrowDataException ltz = assertMismatch(DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3),
				timestampField("v", TimeUnit.MICROSECOND, null), "v", "TIMESTAMP(3) WITH LOCAL TIME ZONE",
				"Timestamp(MICROSECOND)");
		assertThat(ltz).hasMessageContaining("an Arrow Timestamp with a time zone");
		ArrowDataException ntz = assertMismatch(DataTypes.TIMESTAMP(6),
				timestampField("v", TimeUnit.MICROSECOND, "UTC"), "v", "TIMESTAMP(6)", "Timestamp(MICROSECOND, UTC)");
		assertThat(ntz).hasMessageContaining("an Arrow Timestamp without a time zone");
	}

	@Test
	void nestedTypeMismatchNamesThePath() {
		assertMismatch(DataTypes.ARRAY(DataTypes.INT()), listOf("v", field("element", UTF8)), "v[]", "INT", "Utf8");
		assertMismatch(DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
				mapOf("v", new Field("key", FieldType.notNullable(UTF8), null), field("value", UTF8)), "v.value",
				"INT", "Utf8");
		assertMismatch(DataTypes.ROW(DataTypes.FIELD(0, "zip", DataTypes.INT())),
				field("v", ArrowType.Struct.INSTANCE, field("zip", INT64)), "v.zip", "INT", "Int64");
		assertMismatch(DataTypes.ARRAY(DataTypes.INT()), field("v", int32()), "v", "ARRAY<INT>", "Int32");
	}

	@Test
	void structChildrenAreMatchedByNameAndMissingOrExtraChildrenAreRejected() {
		RowType rowType = rowType("addr",
				DataTypes.ROW(DataTypes.FIELD(0, "zip", DataTypes.INT()), DataTypes.FIELD(1, "city",
						DataTypes.STRING())));
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t", rowType);
		ArrowDataException missing = catchThrowableOfType(() -> converter.validateSchema(
				new Schema(
						List.of(field("addr", ArrowType.Struct.INSTANCE, field("zip", int32())))),
				null), ArrowDataException.class);
		assertThat(missing.getColumn()).isEqualTo("addr.city");
		assertThat(missing).hasMessageContaining("has no child named 'city'");
		ArrowDataException extra = catchThrowableOfType(() -> converter.validateSchema(
				new Schema(List.of(field("addr", ArrowType.Struct.INSTANCE,
						field("zip", int32()), field("city", UTF8), field("country", UTF8)))),
				null), ArrowDataException.class);
		assertThat(extra.getColumn()).isEqualTo("addr.country");
		assertThat(extra).hasMessageContaining("'addr.country' is not a field of");
	}

	@Test
	void unsupportedPaimonTypesAreRejected() {
		ArrowDataException ex = assertMismatchException(DataTypes.MULTISET(DataTypes.INT()),
				listOf("v", field("element", int32())));
		assertThat(ex).hasMessage("Arrow schema does not match table 'db.t': column 'v' has Paimon type"
				+ " MULTISET<INT> which the Arrow adapter does not support");
		assertThat(ex.getColumn()).isEqualTo("v");
		assertThat(assertMismatchException(DataTypes.VARIANT(), field("v", ArrowType.Binary.INSTANCE)))
			.hasMessageContaining("which the Arrow adapter does not support");
	}

	@Test
	void dictionaryWithoutProviderIsRejected() {
		DictionaryEncoding encoding = new DictionaryEncoding(7L, false, int32());
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t", rowType("city", DataTypes.STRING()));
		try (VectorSchemaRoot root = root(this.allocator,
				new Field("city", new FieldType(true, int32(), encoding), null))) {
			column(root, "city", 0);
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, null),
					ArrowDataException.class);
			assertThat(ex).hasMessageContaining("table 'db.t'")
				.hasMessageContaining("column 'city' is dictionary-encoded (dictionary id 7) but no dictionary"
						+ " provider was given");
			assertThat(ex.getColumn()).isEqualTo("city");
			assertThat(ex.getExpectedType()).isEqualTo("STRING");
			assertThat(ex.getActualType()).isEqualTo("Dictionary(Int32)");

			ArrowDataException unknown = catchThrowableOfType(
					() -> converter.convert(root, new DictionaryProvider.MapDictionaryProvider()),
					ArrowDataException.class);
			assertThat(unknown).hasMessageContaining("has no such dictionary");
			assertThat(unknown.getColumn()).isEqualTo("city");
		}
	}

	// ---------------------------------------------------------------- value errors

	@Test
	void nullInNotNullColumnIsRejectedWithCountAndFirstRow() {
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t",
				rowType("id", DataTypes.INT().notNull(), "name", DataTypes.STRING()));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()), field("name", UTF8))) {
			column(root, "id", 0, 1, 2, 3, 4, null, 6, null);
			column(root, "name", null, null, null, null, null, null, null, null);
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, null),
					ArrowDataException.class);
			assertThat(ex).hasMessage("Column 'id' of table 'db.t' is NOT NULL but the Arrow batch contains 2 null"
					+ " value(s); first at row 5");
			assertThat(ex.getTable()).isEqualTo("db.t");
			assertThat(ex.getColumn()).isEqualTo("id");
			assertThat(ex.getRow()).isEqualTo(5);
		}
	}

	@Test
	void nullInNestedNotNullFieldsIsRejectedWithPathAndRow() {
		RowType rowType = rowType("id", DataTypes.INT(), "addr",
				DataTypes.ROW(DataTypes.FIELD(0, "zip", DataTypes.INT().notNull())), "tags",
				DataTypes.ARRAY(DataTypes.STRING().notNull()), "attrs",
				DataTypes.MAP(DataTypes.STRING(), DataTypes.INT().notNull()));
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t", rowType);
		Field[] fields = { field("id", int32()), field("addr", ArrowType.Struct.INSTANCE, field("zip", int32())),
				listOf("tags", field("element", UTF8)),
				mapOf("attrs", new Field("key", FieldType.notNullable(UTF8), null), field("value", int32())) };
		try (VectorSchemaRoot root = root(this.allocator, fields)) {
			column(root, "id", 0, 1, 2);
			column(root, "addr", struct("zip", 1), null, struct("zip", null));
			column(root, "tags", values("a"), values("b"), values("c"));
			column(root, "attrs", map("k", 1), map(), map());
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, null),
					ArrowDataException.class);
			assertThat(ex).hasMessage("Column 'addr.zip' of table 'db.t' is NOT NULL but the Arrow batch contains 1"
					+ " null value(s); first at row 2");
			assertThat(ex.getColumn()).isEqualTo("addr.zip");
			assertThat(ex.getRow()).isEqualTo(2);
		}
		try (VectorSchemaRoot root = root(this.allocator, fields)) {
			column(root, "id", 0, 1, 2);
			column(root, "addr", null, null, null);
			column(root, "tags", values("a"), values("b", null, null), null);
			column(root, "attrs", map(), map(), map());
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, null),
					ArrowDataException.class);
			assertThat(ex).hasMessage("Column 'tags[]' of table 'db.t' is NOT NULL but the Arrow batch contains 2"
					+ " null value(s); first at row 1");
			assertThat(ex.getColumn()).isEqualTo("tags[]");
			assertThat(ex.getRow()).isEqualTo(1);
		}
		try (VectorSchemaRoot root = root(this.allocator, fields)) {
			column(root, "id", 0, 1, 2);
			column(root, "addr", null, null, null);
			column(root, "tags", null, null, null);
			column(root, "attrs", map("k", 1), null, map("a", 2, "b", null));
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, null),
					ArrowDataException.class);
			assertThat(ex.getColumn()).isEqualTo("attrs.value");
			assertThat(ex.getRow()).isEqualTo(2);
		}
	}

	@Test
	void nullFromDictionaryInNotNullColumnIsRejected() {
		DictionaryEncoding encoding = new DictionaryEncoding(1L, false, int32());
		VarCharVector cities = new VarCharVector("cities", this.allocator);
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t", rowType("city", DataTypes.STRING().notNull()));
		try (DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(
				new Dictionary(cities, encoding));
				VectorSchemaRoot root = root(this.allocator,
						new Field("city", new FieldType(true, int32(), encoding), null))) {
			ArrowTestData.fill(cities, "Berlin", null);
			column(root, "city", 0, 1, 0);
			ArrowDataException ex = catchThrowableOfType(() -> converter.convert(root, provider),
					ArrowDataException.class);
			assertThat(ex.getColumn()).isEqualTo("city");
			assertThat(ex.getRow()).isEqualTo(1);
		}
	}

	@Test
	void decimalThatDoesNotFitIsRejectedWhenRead() {
		RowType rowType = rowType("fast", DataTypes.DECIMAL(5, 2), "lossy", DataTypes.DECIMAL(10, 1), "wide",
				DataTypes.DECIMAL(20, 2));
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t", rowType);
		try (VectorSchemaRoot root = root(this.allocator, field("fast", new ArrowType.Decimal(10, 2, 128)),
				field("lossy", new ArrowType.Decimal(10, 2, 128)), field("wide", new ArrowType.Decimal(38, 2, 128)))) {
			column(root, "fast", new BigDecimal("999.99"), new BigDecimal("12345.67"));
			column(root, "lossy", new BigDecimal("1.20"), new BigDecimal("1.25"));
			column(root, "wide", new BigDecimal("1.00"), new BigDecimal("1234567890123456789012345.00"));
			ColumnarRow row = new ColumnarRow(converter.convert(root, null));
			assertThat(row.getDecimal(0, 5, 2).toBigDecimal()).isEqualTo(new BigDecimal("999.99"));
			assertThat(row.getDecimal(1, 10, 1).toBigDecimal()).isEqualTo(new BigDecimal("1.2"));
			assertThat(row.getDecimal(2, 20, 2).toBigDecimal()).isEqualTo(new BigDecimal("1.00"));
			row.setRowId(1);

			ArrowDataException fast = catchThrowableOfType(() -> row.getDecimal(0, 5, 2), ArrowDataException.class);
			assertThat(fast).hasMessage("Column 'fast' of table 'db.t' is DECIMAL(5, 2) but the Arrow batch has"
					+ " 12345.67 at row 1, which does not fit without losing digits");
			assertThat(fast.getColumn()).isEqualTo("fast");
			assertThat(fast.getRow()).isEqualTo(1);
			assertThat(fast.getExpectedType()).isEqualTo("DECIMAL(5, 2)");
			assertThat(fast.getActualType()).isEqualTo("Decimal128(10, 2)");

			ArrowDataException lossy = catchThrowableOfType(() -> row.getDecimal(1, 10, 1), ArrowDataException.class);
			assertThat(lossy.getColumn()).isEqualTo("lossy");
			assertThat(lossy).hasMessageContaining("1.25 at row 1");

			ArrowDataException wide = catchThrowableOfType(() -> row.getDecimal(2, 20, 2), ArrowDataException.class);
			assertThat(wide.getColumn()).isEqualTo("wide");
			assertThat(wide.getRow()).isEqualTo(1);
		}
	}

	@Test
	void decimalOverflowFailsThePaimonWrite() throws Exception {
		RowType rowType = rowType("id", DataTypes.INT().notNull(), "price", DataTypes.DECIMAL(5, 2));
		try (VectorSchemaRoot root = root(this.allocator, field("id", int32()),
				field("price", new ArrowType.Decimal(10, 2, 128)))) {
			column(root, "id", 0, 1);
			column(root, "price", new BigDecimal("1.00"), new BigDecimal("123456.00"));
			assertThatThrownBy(() -> this.tables.roundTrip(rowType, root, null))
				.hasStackTraceContaining("Column 'price' of table 'db.t")
				.hasStackTraceContaining("123456.00 at row 1");
		}
	}

	// ---------------------------------------------------------------- helpers

	private ArrowDataException assertMismatch(DataType type, Field field, String column, String expected,
			String actual) {
		ArrowDataException ex = assertMismatchException(type, field);
		assertThat(ex.getTable()).isEqualTo("db.t");
		assertThat(ex.getColumn()).isEqualTo(column);
		assertThat(ex.getExpectedType()).isEqualTo(expected);
		assertThat(ex.getActualType()).isEqualTo(actual);
		assertThat(ex).hasMessageContaining("table 'db.t'")
			.hasMessageContaining("column '" + column + "' expects " + expected)
			.hasMessageContaining("but got " + actual);
		return ex;
	}

	private ArrowDataException assertMismatchException(DataType type, Field field) {
		ArrowBatchConverter converter = new ArrowBatchConverter("db.t", rowType(field.getName(), type));
		ArrowDataException ex = catchThrowableOfType(
				() -> converter.validateSchema(new Schema(List.of(field)), null),
				ArrowDataException.class);
		assertThat(ex).as("exception for %s", type).isNotNull();
		return ex;
	}

	private static RowType rowType(Object... namesAndTypes) {
		DataField[] fields = new DataField[namesAndTypes.length / 2];
		for (int i = 0; i < fields.length; i++) {
			fields[i] = new DataField(i, (String) namesAndTypes[2 * i], (DataType) namesAndTypes[2 * i + 1]);
		}
		return DataTypes.ROW(fields);
	}

	private static Field timestampField(String name, TimeUnit unit, String timezone) {
		return field(name, new ArrowType.Timestamp(unit, timezone));
	}

	/** Fills a timestamp column with the given times as UTC epoch values of the unit, then one null. */
	private static void fillTimestamps(VectorSchemaRoot root, String name, TimeUnit unit, LocalDateTime... times) {
		Object[] values = new Object[times.length + 1];
		for (int i = 0; i < times.length; i++) {
			Instant instant = times[i].toInstant(ZoneOffset.UTC);
			long seconds = instant.getEpochSecond();
			int nanos = instant.getNano();
			switch (unit) {
				case SECOND:
					values[i] = seconds;
					break;
				case MILLISECOND:
					values[i] = seconds * 1_000 + nanos / 1_000_000;
					break;
				case MICROSECOND:
					values[i] = seconds * 1_000_000 + nanos / 1_000;
					break;
				default:
					values[i] = seconds * 1_000_000_000 + nanos;
			}
		}
		column(root, name, values);
	}

	private static LocalDateTime truncate(LocalDateTime time, int precision) {
		int unit = (int) Math.pow(10, 9 - precision);
		return time.withNano(time.getNano() - time.getNano() % unit);
	}


}
