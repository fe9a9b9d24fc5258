package io.github.paimonspring.arrow;

import static io.github.paimonspring.arrow.ArrowTestData.column;
import static io.github.paimonspring.arrow.ArrowTestData.map;
import static io.github.paimonspring.arrow.ArrowTestData.struct;
import static io.github.paimonspring.arrow.ArrowTestData.values;
import static io.github.paimonspring.arrow.PaimonTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tests for the canonical Paimon to Arrow type mapping and the readable Arrow type names. */
class ArrowTypesTests {

	@TempDir
	Path warehouse;

	@Test
	void mapsPrimitiveTypes() {
		assertMapsTo(DataTypes.BOOLEAN(), ArrowType.Bool.INSTANCE);
		assertMapsTo(DataTypes.TINYINT(), new ArrowType.Int(8, true));
		assertMapsTo(DataTypes.SMALLINT(), new ArrowType.Int(16, true));
		assertMapsTo(DataTypes.INT(), new ArrowType.Int(32, true));
		assertMapsTo(DataTypes.BIGINT(), new ArrowType.Int(64, true));
		assertMapsTo(DataTypes.FLOAT(), new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
		assertMapsTo(DataTypes.DOUBLE(), new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
		assertMapsTo(DataTypes.CHAR(3), ArrowType.Utf8.INSTANCE);
		assertMapsTo(DataTypes.VARCHAR(20), ArrowType.Utf8.INSTANCE);
		assertMapsTo(DataTypes.STRING(), ArrowType.Utf8.INSTANCE);
		assertMapsTo(DataTypes.BINARY(4), ArrowType.Binary.INSTANCE);
		assertMapsTo(DataTypes.VARBINARY(20), ArrowType.Binary.INSTANCE);
		assertMapsTo(DataTypes.BYTES(), ArrowType.Binary.INSTANCE);
		assertMapsTo(DataTypes.DECIMAL(10, 2), new ArrowType.Decimal(10, 2, 128));
		assertMapsTo(DataTypes.DECIMAL(38, 18), new ArrowType.Decimal(38, 18, 128));
		assertMapsTo(DataTypes.DATE(), new ArrowType.Date(DateUnit.DAY));
		assertMapsTo(DataTypes.TIME(0), new ArrowType.Time(TimeUnit.MILLISECOND, 32));
		assertMapsTo(DataTypes.TIME(9), new ArrowType.Time(TimeUnit.MILLISECOND, 32));
	}

	@Test
	void mapsTimestampPrecisionToUnitAndLocalTimeZoneToUtc() {
		int[] precisions = { 0, 1, 3, 4, 6, 7, 9 };
		TimeUnit[] units = { TimeUnit.SECOND, TimeUnit.MILLISECOND, TimeUnit.MILLISECOND, TimeUnit.MICROSECOND,
				TimeUnit.MICROSECOND, TimeUnit.NANOSECOND, TimeUnit.NANOSECOND };
		for (int i = 0; i < precisions.length; i++) {
			assertMapsTo(DataTypes.TIMESTAMP(precisions[i]), new ArrowType.Timestamp(units[i], null));
			assertMapsTo(DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(precisions[i]),
					new ArrowType.Timestamp(units[i], "UTC"));
		}
	}

	@Test
	void mapsNullabilityFromThePaimonType() {
		assertThat(ArrowTypes.toArrowField("v", DataTypes.INT()).isNullable()).isTrue();
		assertThat(ArrowTypes.toArrowField("v", DataTypes.INT().notNull()).isNullable()).isFalse();
	}

	@Test
	void mapsArrayToListWithElementChild() {
		Field field = ArrowTypes.toArrowField("tags", DataTypes.ARRAY(DataTypes.STRING().notNull()));
		assertThat(field.getType()).isEqualTo(ArrowType.List.INSTANCE);
		assertThat(field.getChildren()).hasSize(1);
		Field element = field.getChildren().get(0);
		assertThat(element.getName()).isEqualTo("element");
		assertThat(element.getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
		assertThat(element.isNullable()).isFalse();
	}

	@Test
	void mapsMapToUnsortedMapWithEntriesStruct() {
		Field field = ArrowTypes.toArrowField("attrs", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()));
		assertThat(field.getType()).isEqualTo(new ArrowType.Map(false));
		Field entries = field.getChildren().get(0);
		assertThat(entries.getName()).isEqualTo("entries");
		assertThat(entries.getType()).isEqualTo(ArrowType.Struct.INSTANCE);
		assertThat(entries.isNullable()).isFalse();
		assertThat(entries.getChildren()).extracting(Field::getName).containsExactly("key", "value");
		Field key = entries.getChildren().get(0);
		Field value = entries.getChildren().get(1);
		assertThat(key.getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
		assertThat(key.isNullable()).isFalse();
		assertThat(value.getType()).isEqualTo(new ArrowType.Int(32, true));
		assertThat(value.isNullable()).isTrue();
	}

	@Test
	void mapsRowToStructWithChildrenInOrder() {
		Field field = ArrowTypes.toArrowField("addr",
				DataTypes.ROW(DataTypes.FIELD(0, "zip", DataTypes.INT().notNull()),
						DataTypes.FIELD(1, "city", DataTypes.STRING())));
		assertThat(field.getType()).isEqualTo(ArrowType.Struct.INSTANCE);
		assertThat(field.getChildren()).extracting(Field::getName).containsExactly("zip", "city");
		assertThat(field.getChildren().get(0).isNullable()).isFalse();
		assertThat(field.getChildren().get(1).getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
	}

	@Test
	void toArrowSchemaKeepsColumnOrder() {
		Schema schema = ArrowTypes.toArrowSchema(allTypes());
		assertThat(schema.getFields()).extracting(Field::getName).containsExactlyElementsOf(allTypes().getFieldNames());
	}

	@Test
	void unsupportedTypesAreRejected() {
		ArrowDataException ex = catchThrowableOfType(
				() -> ArrowTypes.toArrowField("m", DataTypes.MULTISET(DataTypes.INT())), ArrowDataException.class);
		assertThat(ex).hasMessage("Column 'm' has Paimon type MULTISET<INT> which the Arrow adapter does not support");
		assertThat(ex.getColumn()).isEqualTo("m");
		assertThat(catchThrowableOfType(() -> ArrowTypes.toArrowField("v", DataTypes.VARIANT()),
				ArrowDataException.class))
			.hasMessageContaining("VARIANT");
	}

	@Test
	void describesArrowTypesShortly() {
		assertThat(ArrowTypes.describe(new ArrowType.Int(32, true))).isEqualTo("Int32");
		assertThat(ArrowTypes.describe(new ArrowType.Int(8, false))).isEqualTo("UInt8");
		assertThat(ArrowTypes.describe(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)))
			.isEqualTo("Float32");
		assertThat(ArrowTypes.describe(ArrowType.Utf8.INSTANCE)).isEqualTo("Utf8");
		assertThat(ArrowTypes.describe(ArrowType.LargeUtf8.INSTANCE)).isEqualTo("LargeUtf8");
		assertThat(ArrowTypes.describe(ArrowType.Utf8View.INSTANCE)).isEqualTo("Utf8View");
		assertThat(ArrowTypes.describe(ArrowType.Bool.INSTANCE)).isEqualTo("Bool");
		assertThat(ArrowTypes.describe(new ArrowType.Decimal(10, 2, 128))).isEqualTo("Decimal128(10, 2)");
		assertThat(ArrowTypes.describe(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")))
			.isEqualTo("Timestamp(MICROSECOND, UTC)");
		assertThat(ArrowTypes.describe(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)))
			.isEqualTo("Timestamp(NANOSECOND)");
		assertThat(ArrowTypes.describe(new ArrowType.Date(DateUnit.DAY))).isEqualTo("Date(DAY)");
		assertThat(ArrowTypes.describe(new ArrowType.Time(TimeUnit.MICROSECOND, 64))).isEqualTo("Time64(MICROSECOND)");
		assertThat(ArrowTypes.describe(new ArrowType.FixedSizeBinary(16))).isEqualTo("FixedSizeBinary(16)");
		assertThat(ArrowTypes.describe(new ArrowType.Interval(IntervalUnit.DAY_TIME))).isEqualTo("Interval(DAY_TIME)");
		assertThat(ArrowTypes.describe(ArrowType.List.INSTANCE)).isEqualTo("List");
		assertThat(ArrowTypes.describe(ArrowType.Struct.INSTANCE)).isEqualTo("Struct");
		assertThat(ArrowTypes.describe(new ArrowType.Map(false))).isEqualTo("Map");
	}

	@Test
	void rootCreatedFromTheMappedSchemaValidatesAndRoundTrips() throws Exception {
		RowType rowType = allTypes();
		ArrowBatchConverter converter = new ArrowBatchConverter("db.all", rowType);
		Schema schema = ArrowTypes.toArrowSchema(rowType);
		assertThatCode(() -> converter.validateSchema(schema, null)).doesNotThrowAnyException();

		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
				PaimonTestTables tables = new PaimonTestTables(this.warehouse)) {
			VectorizedColumnBatch empty = converter.convert(root, null);
			assertThat(empty.getNumRows()).isZero();
			assertThat(empty.getArity()).isEqualTo(rowType.getFieldCount());

			column(root, "id", 1, 2);
			column(root, "b", true, null);
			column(root, "t", (byte) -3, null);
			column(root, "s", (short) 300, null);
			column(root, "i", -70_000, null);
			column(root, "l", 1L << 40, null);
			column(root, "f", 0.5f, null);
			column(root, "d", 0.25, null);
			column(root, "c", "abc", null);
			column(root, "vc", "varchar", null);
			column(root, "str", "string", null);
			column(root, "bin", new byte[] { 1, 2, 3, 4 }, null);
			column(root, "vbin", new byte[] { 5 }, null);
			column(root, "dec", new BigDecimal("-12.34"), null);
			column(root, "date", 19_860, null);
			column(root, "time", 45_296_789, null);
			column(root, "ts3", -1L, null);
			column(root, "ts9", 1_715_940_930_123_456_789L, null);
			column(root, "ltz6", 1_715_940_930_123_456L, null);
			column(root, "arr", values(1, null, 3), null);
			column(root, "m", map("k", "v"), null);
			column(root, "r", struct("x", 7, "y", values("a")), null);

			List<List<Object>> rows = tables.roundTrip(rowType, root, null);
			assertThat(rows).containsExactly(row(1, true, (byte) -3, (short) 300, -70_000, 1L << 40, 0.5f, 0.25, "abc",
					"varchar", "string", "01020304", "05", new BigDecimal("-12.34"), LocalDate.of(2024, 5, 17),
					LocalTime.of(12, 34, 56, 789_000_000), LocalDateTime.parse("1969-12-31T23:59:59.999"),
					LocalDateTime.parse("2024-05-17T10:15:30.123456789"), Instant.parse("2024-05-17T10:15:30.123456Z"),
					values(1, null, 3), map("k", "v"), row(7, List.of("a"))),
					row(2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
							null,
							null, null, null, null, null));
		}
	}

	private static void assertMapsTo(DataType type, ArrowType expected) {
		Field field = ArrowTypes.toArrowField("v", type);
		assertThat(field.getType()).as("Arrow type of %s", type).isEqualTo(expected);
		assertThat(field.getChildren()).isEmpty();
		assertThat(field.isNullable()).isTrue();
	}

	private static RowType allTypes() {
		Object[] namesAndTypes = { "id", DataTypes.INT().notNull(), "b", DataTypes.BOOLEAN(), "t", DataTypes.TINYINT(),
				"s", DataTypes.SMALLINT(), "i", DataTypes.INT(), "l", DataTypes.BIGINT(), "f", DataTypes.FLOAT(), "d",
				DataTypes.DOUBLE(), "c", DataTypes.CHAR(3), "vc", DataTypes.VARCHAR(20), "str", DataTypes.STRING(),
						"bin",
				DataTypes.BINARY(4), "vbin", DataTypes.VARBINARY(8), "dec", DataTypes.DECIMAL(10, 2), "date",
				DataTypes.DATE(), "time", DataTypes.TIME(3), "ts3", DataTypes.TIMESTAMP(3), "ts9",
						DataTypes.TIMESTAMP(9),
				"ltz6", DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(6), "arr", DataTypes.ARRAY(DataTypes.INT()), "m",
				DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.STRING()), "r",
				DataTypes.ROW(DataTypes.FIELD(0, "x", DataTypes.INT()),
						DataTypes.FIELD(1, "y", DataTypes.ARRAY(DataTypes.STRING()))) };
		DataField[] fields = new DataField[namesAndTypes.length / 2];
		for (int i = 0; i < fields.length; i++) {
			fields[i] = new DataField(i, (String) namesAndTypes[2 * i], (DataType) namesAndTypes[2 * i + 1]);
		}
		return DataTypes.ROW(fields);
	}

}
