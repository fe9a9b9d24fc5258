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
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Malformed buffers of every variable-width, fixed-width and nested type are refused by
 * {@link ArrowBatchConverter#convert} with the column named, before any value is read through them.
 * The batches are built with Arrow's API and then corrupted in place, as a hostile IPC body would
 * arrive.
 */
class ArrowBufferValidationTests {

	private static final String TEN_BYTES_PLUS = "value-longer-than-twelve-";

	private final BufferAllocator allocator = new RootAllocator();

	@AfterEach
	void close() {
		this.allocator.close();
	}

	@Test
	void utf8OffsetsPastTheDataBufferAreRefused() {
		for (int overrun : new int[] { 1, 1 << 20, 16 << 20, 0x7ffffff0 }) {
			assertRefused("s", DataTypes.STRING(), field("s", ArrowType.Utf8.INSTANCE), strings(10),
					(vector) -> vector.getOffsetBuffer().setInt(10L * 4, (int) Math.min(Integer.MAX_VALUE,
							vector.getDataBuffer().capacity() + overrun)));
		}
	}

	@Test
	void decreasingAndNegativeOffsetsAreRefused() {
		assertRefused("s", DataTypes.STRING(), field("s", ArrowType.Utf8.INSTANCE), strings(10),
				(vector) -> vector.getOffsetBuffer().setInt(5L * 4, 1));
		assertRefused("s", DataTypes.STRING(), field("s", ArrowType.Utf8.INSTANCE), strings(10),
				(vector) -> vector.getOffsetBuffer().setInt(0, -8));
		assertRefused("b", DataTypes.BYTES(), field("b", ArrowType.Binary.INSTANCE), binaries(10, "v"),
				(vector) -> vector.getOffsetBuffer().setInt(3L * 4, 1 << 30));
	}

	@Test
	void largeOffsetsAreRefused() {
		assertRefused("s", DataTypes.STRING(), field("s", ArrowType.LargeUtf8.INSTANCE), strings(10),
				(vector) -> vector.getOffsetBuffer().setLong(10L * 8, vector.getDataBuffer().capacity() + 1));
		assertRefused("b", DataTypes.BYTES(), field("b", ArrowType.LargeBinary.INSTANCE), binaries(10, "v"),
				(vector) -> vector.getOffsetBuffer().setLong(4L * 8, -1));
		assertRefused("b", DataTypes.BYTES(), field("b", ArrowType.LargeBinary.INSTANCE), binaries(10, "v"),
				(vector) -> vector.getOffsetBuffer().setLong(10L * 8, 1L << 40));
	}

	@Test
	void viewsOutsideTheirDataBuffersAreRefused() {
		Object[] longValues = strings(10, TEN_BYTES_PLUS);
		assertRefused("s", DataTypes.STRING(), field("s", ArrowType.Utf8View.INSTANCE), longValues,
				(vector) -> vector.getDataBuffer().setInt(2L * BaseVariableWidthViewVector.ELEMENT_SIZE + 8, 7));
		assertRefused("s", DataTypes.STRING(), field("s", ArrowType.Utf8View.INSTANCE), longValues,
				(vector) -> vector.getDataBuffer().setInt(2L * BaseVariableWidthViewVector.ELEMENT_SIZE + 12, 1 << 24));
		assertRefused("b", DataTypes.BYTES(), field("b", ArrowType.BinaryView.INSTANCE), binaries(10, TEN_BYTES_PLUS),
				(vector) -> vector.getDataBuffer().setInt(2L * BaseVariableWidthViewVector.ELEMENT_SIZE, -5));
	}

	@Test
	void shortFixedWidthAndValidityBuffersAreRefused() {
		assertRefused("fixed", DataTypes.BINARY(4), field("fixed", new ArrowType.FixedSizeBinary(4)),
				new Object[] { bytes("abcd"), bytes("efgh"), bytes("ijkl") },
				(vector) -> reload(vector, 3, 0, 1, (buffer) -> buffer.slice(0, 5)));
		assertRefused("d", DataTypes.DECIMAL(10, 2), field("d", new ArrowType.Decimal(10, 2, 128)),
				new Object[] { new BigDecimal("1.25"), new BigDecimal("2.50") },
				(vector) -> reload(vector, 2, 0, 1, (buffer) -> buffer.slice(0, 16)));
		assertRefused("i", DataTypes.INT(), field("i", int32()), new Object[] { 1, null, 3, 4, 5, 6, 7, 8, 9, 10 },
				(vector) -> reload(vector, 10, 1, 0, (buffer) -> buffer.slice(0, 1)));
	}

	@Test
	void listAndMapOffsetsPastTheirChildrenAreRefused() {
		Field list = listOf("l", field("element", ArrowType.Utf8.INSTANCE));
		Object[] lists = { values("a", "b"), values("c"), values("d", "e", "f") };
		assertRefused("l", DataTypes.ARRAY(DataTypes.STRING()), list, lists,
				(vector) -> vector.getOffsetBuffer().setInt(3L * 4, 100));
		assertRefused("l", DataTypes.ARRAY(DataTypes.STRING()), list, lists,
				(vector) -> vector.getOffsetBuffer().setInt(1L * 4, 5));
		assertRefused("l", DataTypes.ARRAY(DataTypes.STRING()), list, lists,
				(vector) -> ((ListVector) vector).getDataVector().getOffsetBuffer().setInt(6L * 4, 1 << 20));
		Field largeList = field("l", ArrowType.LargeList.INSTANCE, field("element", int32()));
		assertRefused("l", DataTypes.ARRAY(DataTypes.INT()), largeList, new Object[] { values(1, 2), values(3) },
				(vector) -> vector.getOffsetBuffer().setLong(2L * 8, 1L << 33));
		Field mapField = mapOf("m", new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), List.of()),
				field("value", ArrowType.Utf8.INSTANCE));
		assertRefused("m", DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.STRING()), mapField,
				new Object[] { map("a", "1"), map("b", "2", "c", "3") },
				(vector) -> vector.getOffsetBuffer().setInt(2L * 4, 9));
	}

	@Test
	void structChildShorterThanItsParentIsRefused() {
		Field row = field("r", ArrowType.Struct.INSTANCE, field("name", ArrowType.Utf8.INSTANCE), field("n", int32()));
		DataType type = DataTypes.ROW(DataTypes.FIELD(0, "name", DataTypes.STRING()),
				DataTypes.FIELD(1, "n", DataTypes.INT()));
		assertRefused("r", type, row,
				new Object[] { struct("name", "a", "n", 1), struct("name", "b", "n", 2), struct("name", "c", "n", 3) },
				(vector) -> ((StructVector) vector).getChild("name").setValueCount(1));
		assertRefused("r", type, row,
				new Object[] { struct("name", "a", "n", 1), struct("name", "b", "n", 2) },
				(vector) -> ((StructVector) vector).getChild("name").getOffsetBuffer().setInt(2L * 4, 1 << 24));
	}

	@Test
	void aColumnWithFewerValuesThanRowsIsRefused() {
		assertRefused("s", DataTypes.STRING(), field("s", ArrowType.Utf8.INSTANCE), strings(10),
				(vector) -> vector.setValueCount(4));
	}

	@Test
	void malformedDictionaryIsRefused() {
		DictionaryEncoding encoding = new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
		Field indices = new Field("s", new FieldType(true, new ArrowType.Int(32, true), encoding), List.of());
		try (VarCharVector values = new VarCharVector("dict", this.allocator);
				VectorSchemaRoot root = root(this.allocator, indices)) {
			ArrowTestData.fill(values, (Object[]) strings(3));
			column(root, "s", 0, 1, 2, 1);
			values.getOffsetBuffer().setInt(3L * 4, 1 << 26);
			DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
			provider.put(new Dictionary(values, encoding));
			ArrowFormatException ex = catchThrowableOfType(ArrowFormatException.class,
					() -> converter("s", DataTypes.STRING()).convert(root, provider));
			assertThat(ex.getColumn()).isEqualTo("s (dictionary)");
			assertThat(ex.getMessage()).contains("db.t", "'s (dictionary)'");
		}
	}

	@Test
	void wellFormedBatchesOfEveryKindPass() {
		Field row = field("r", ArrowType.Struct.INSTANCE, field("name", ArrowType.Utf8.INSTANCE));
		try (VectorSchemaRoot root = root(this.allocator, field("s", ArrowType.Utf8View.INSTANCE),
				listOf("l", field("element", ArrowType.LargeUtf8.INSTANCE)), row)) {
			column(root, "s", strings(3, TEN_BYTES_PLUS));
			column(root, "l", values("x"), values(), values("y", "z"));
			column(root, "r", struct("name", "a"), struct("name", null), null);
			RowType rowType = RowType.of(new DataField(0, "s", DataTypes.STRING()),
					new DataField(1, "l", DataTypes.ARRAY(DataTypes.STRING())),
					new DataField(2, "r", DataTypes.ROW(DataTypes.FIELD(3, "name", DataTypes.STRING()))));
			assertThatCode(() -> new ArrowBatchConverter("db.t", rowType).convert(root,
					null)).doesNotThrowAnyException();
		}
	}

	private void assertRefused(String name, DataType type, Field field, Object[] values,
			Consumer<FieldVector> corrupt) {
		try (VectorSchemaRoot root = root(this.allocator, field)) {
			column(root, name, values);
			corrupt.accept(root.getVector(name));
			ArrowFormatException ex = catchThrowableOfType(ArrowFormatException.class,
					() -> converter(name, type).convert(root, null));
			assertThat(ex).as("%s refused", field).isNotNull();
			assertThat(ex.getColumn()).startsWith(name);
			assertThat(ex.getTable()).isEqualTo("db.t");
			assertThat(ex.getMessage()).contains("column '" + name);
		}
	}

	private static ArrowBatchConverter converter(String name, DataType type) {
		return new ArrowBatchConverter("db.t", RowType.of(new DataField(0, name, type)));
	}

	/** Replaces a fixed-width vector's buffers as an IPC load would, with one of them cut short. */
	private static void reload(FieldVector vector, int count, int nulls, int which,
			UnaryOperator<ArrowBuf> cut) {
		List<ArrowBuf> buffers = new ArrayList<>(vector.getFieldBuffers());
		buffers.set(which, cut.apply(buffers.get(which)));
		List<ArrowBuf> kept = buffers.stream().peek((buffer) -> buffer.getReferenceManager().retain()).toList();
		vector.loadFieldBuffers(new ArrowFieldNode(count, nulls), kept);
		kept.forEach((buffer) -> buffer.getReferenceManager().release());
		assertThat(vector).isInstanceOf(BaseFixedWidthVector.class);
		assertThat(vector instanceof IntVector || count > 0).isTrue();
	}

	private static Object[] strings(int count) {
		return strings(count, "v");
	}

	private static Object[] strings(int count, String prefix) {
		Object[] values = new Object[count];
		for (int i = 0; i < count; i++) {
			values[i] = prefix + i;
		}
		return values;
	}

	private static Object[] binaries(int count, String prefix) {
		Object[] values = strings(count, prefix);
		for (int i = 0; i < count; i++) {
			values[i] = bytes((String) values[i]);
		}
		return values;
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
