package io.github.paimonspring.httptests.admin;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;

/**
 * The tables and valid Arrow bodies the hostile-input tests start from: a wide append table with
 * every variable-width and nested type the adapter reads (STRING, BYTES, BINARY(4), ARRAY&lt;STRING&gt;,
 * ARRAY&lt;INT&gt;, MAP&lt;STRING,STRING&gt;, ROW&lt;x INT, t STRING&gt;, DECIMAL(10,2)) written in several Arrow
 * encodings ({@link Variant}), the buffer layout of those bodies ({@link Slot}) so tests can patch
 * a named column's offsets, views, validity or data, and a renderer of Paimon rows for comparing and
 * for checking where values came from.
 */
final class HostileFixtures {

	static final String WIDE = "default.hostile_wide";

	static final String NARROW = "default.hostile_narrow";

	static final String BIG = "default.hostile_big";

	private HostileFixtures() {
	}

	static final Schema WIDE_SCHEMA = Schema.newBuilder()
		.column("id", DataTypes.INT())
		.column("s", DataTypes.STRING())
		.column("b", DataTypes.BYTES())
		.column("fb", DataTypes.BINARY(4))
		.column("ls", DataTypes.ARRAY(DataTypes.STRING()))
		.column("li", DataTypes.ARRAY(DataTypes.INT()))
		.column("m", DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.STRING()))
		.column("r", DataTypes.ROW(DataTypes.FIELD(0, "x", DataTypes.INT()), DataTypes.FIELD(1, "t",
				DataTypes.STRING())))
		.column("d", DataTypes.DECIMAL(10, 2))
		.build();

	/** Creates the fixture tables (all append-only). */
	static void createTables(Warehouse warehouse, String... wideTables) {
		for (String table : wideTables) {
			warehouse.create(table, WIDE_SCHEMA);
		}
		warehouse.create(NARROW,
				Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING()).build());
		warehouse.create(BIG,
				Schema.newBuilder().column("id", DataTypes.INT()).column("payload", DataTypes.STRING()).build());
	}

	enum StringKind {

		UTF8, LARGE_UTF8, UTF8_VIEW, DICTIONARY

	}

	enum BinaryKind {

		BINARY, LARGE_BINARY, BINARY_VIEW, FIXED

	}

	/** How the wide table's columns are encoded in Arrow. */
	record Variant(String name, StringKind strings, BinaryKind binaries, boolean largeList) {

		@Override
		public String toString() {
			return this.name;
		}

	}

	static final Variant UTF8 = new Variant("utf8", StringKind.UTF8, BinaryKind.BINARY, false);

	static final Variant LARGE = new Variant("large", StringKind.LARGE_UTF8, BinaryKind.LARGE_BINARY, true);

	static final Variant VIEW = new Variant("view", StringKind.UTF8_VIEW, BinaryKind.BINARY_VIEW, false);

	static final Variant DICT = new Variant("dict", StringKind.DICTIONARY, BinaryKind.FIXED, false);

	static final List<Variant> VARIANTS = List.of(UTF8, LARGE, VIEW, DICT);

	private static final long DICTIONARY_ID = 7;

	private static final String[] DICTIONARY_VALUES = { "red", "green", "a rather long blue value", "yellow", "" };

	// ------------------------------------------------------------------ values

	static String string(int i) {
		return (i % 3 == 0) ? "s" + i : "string value number " + i + " of the wide table";
	}

	static byte[] binary(int i) {
		return (i % 3 == 1) ? new byte[] { (byte) i, 1, 2 }
				: ("binary payload #" + i + " \u0000\u00ff").getBytes(StandardCharsets.ISO_8859_1);
	}

	// ------------------------------------------------------------------ schemas and bodies

	/** The Arrow fields of the wide table in a variant, as the writer's root holds them. */
	static List<Field> wideFields(Variant variant) {
		List<Field> fields = new ArrayList<>();
		fields.add(field("id", new ArrowType.Int(32, true)));
		fields.add(switch (variant.strings()) {
			case UTF8 -> field("s", ArrowType.Utf8.INSTANCE);
			case LARGE_UTF8 -> field("s", ArrowType.LargeUtf8.INSTANCE);
			case UTF8_VIEW -> field("s", ArrowType.Utf8View.INSTANCE);
			case DICTIONARY -> new Field("s", new FieldType(true, new ArrowType.Int(32, true),
					new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))), null);
		});
		fields.add(field("b", switch (variant.binaries()) {
			case BINARY -> ArrowType.Binary.INSTANCE;
			case LARGE_BINARY -> ArrowType.LargeBinary.INSTANCE;
			case BINARY_VIEW -> ArrowType.BinaryView.INSTANCE;
			case FIXED -> new ArrowType.FixedSizeBinary(4);
		}));
		fields.add(field("fb", new ArrowType.FixedSizeBinary(4)));
		ArrowType list = variant.largeList() ? ArrowType.LargeList.INSTANCE : ArrowType.List.INSTANCE;
		ArrowType elementString = (variant.strings() == StringKind.LARGE_UTF8) ? ArrowType.LargeUtf8.INSTANCE
				: ArrowType.Utf8.INSTANCE;
		fields.add(new Field("ls", FieldType.nullable(list), List.of(field("element", elementString))));
		fields.add(new Field("li", FieldType.nullable(list), List.of(field("element", new ArrowType.Int(32, true)))));
		Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
				List.of(new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
						field("value", ArrowType.Utf8.INSTANCE)));
		fields.add(new Field("m", FieldType.nullable(new ArrowType.Map(false)), List.of(entries)));
		fields.add(new Field("r", FieldType.nullable(ArrowType.Struct.INSTANCE),
				List.of(field("x", new ArrowType.Int(32, true)), field("t", ArrowType.Utf8.INSTANCE))));
		fields.add(field("d", new ArrowType.Decimal(10, 2, 128)));
		return fields;
	}

	static Field field(String name, ArrowType type) {
		return new Field(name, FieldType.nullable(type), null);
	}

	/** A valid body of {@code batches} batches of {@code rows} rows each for the wide table. */
	static byte[] wideBody(Variant variant, int rows, int batches) {
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot root = VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(
						wideFields(variant)), allocator);
				VarCharVector dictionaryValues = new VarCharVector(
						new Field("dictionary", FieldType.nullable(ArrowType.Utf8.INSTANCE), null), allocator)) {
			DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
			if (variant.strings() == StringKind.DICTIONARY) {
				dictionaryValues.allocateNew();
				for (int i = 0; i < DICTIONARY_VALUES.length; i++) {
					dictionaryValues.setSafe(i, DICTIONARY_VALUES[i].getBytes(StandardCharsets.UTF_8));
				}
				dictionaryValues.setValueCount(DICTIONARY_VALUES.length);
				provider.put(new Dictionary(dictionaryValues,
						new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))));
			}
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, provider, out)) {
				writer.start();
				for (int batch = 0; batch < batches; batch++) {
					root.allocateNew();
					for (int r = 0; r < rows; r++) {
						fillWide(root, variant, r, batch * rows + r);
					}
					for (FieldVector vector : root.getFieldVectors()) {
						vector.setValueCount(rows);
					}
					root.setRowCount(rows);
					writer.writeBatch();
				}
				writer.end();
			}
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void fillWide(VectorSchemaRoot root, Variant variant, int r, int i) {
		IntVector id = (IntVector) root.getVector("id");
		if (i % 7 == 3) {
			id.setNull(r);
		}
		else {
			id.setSafe(r, i);
		}
		FieldVector s = root.getVector("s");
		if (i % 5 == 2) {
			s.setNull(r);
		}
		else if (s instanceof IntVector indices) {
			indices.setSafe(r, i % DICTIONARY_VALUES.length);
		}
		else {
			setBytes(s, r, string(i).getBytes(StandardCharsets.UTF_8));
		}
		FieldVector b = root.getVector("b");
		if (i % 6 == 1) {
			b.setNull(r);
		}
		else if (b instanceof FixedSizeBinaryVector fixed) {
			fixed.setSafe(r, new byte[] { (byte) i, 'f', 'x', (byte) (255 - i) });
		}
		else {
			setBytes(b, r, binary(i));
		}
		FixedSizeBinaryVector fb = (FixedSizeBinaryVector) root.getVector("fb");
		if (i % 4 == 3) {
			fb.setNull(r);
		}
		else {
			fb.setSafe(r, new byte[] { (byte) i, (byte) (i + 1), 'q', 'z' });
		}
		// ls: ARRAY<STRING>, i % 4 elements, some null
		FieldVector ls = root.getVector("ls");
		if (i % 9 == 4) {
			ls.setNull(r);
		}
		else {
			int n = i % 4;
			FieldVector element = listData(ls);
			long start = startList(ls, r);
			for (int k = 0; k < n; k++) {
				if (k == 1 && i % 2 == 0) {
					element.setNull((int) start + k);
				}
				else {
					setBytes(element, (int) start + k,
							("element " + i + "." + k + " of ls").getBytes(StandardCharsets.UTF_8));
				}
			}
			endList(ls, r, n);
			element.setValueCount((int) start + n);
		}
		// li: ARRAY<INT>, i % 3 elements
		FieldVector li = root.getVector("li");
		if (i % 8 == 5) {
			li.setNull(r);
		}
		else {
			int n = i % 3;
			IntVector element = (IntVector) listData(li);
			long start = startList(li, r);
			for (int k = 0; k < n; k++) {
				element.setSafe((int) start + k, i * 100 + k);
			}
			endList(li, r, n);
			element.setValueCount((int) start + n);
		}
		// m: MAP<STRING, STRING>, i % 3 entries
		MapVector m = (MapVector) root.getVector("m");
		if (i % 10 == 7) {
			m.setNull(r);
		}
		else {
			int n = i % 3;
			StructVector entries = (StructVector) m.getDataVector();
			VarCharVector keys = (VarCharVector) entries.getChild("key");
			VarCharVector values = (VarCharVector) entries.getChild("value");
			int start = m.startNewValue(r);
			for (int k = 0; k < n; k++) {
				entries.setIndexDefined(start + k);
				keys.setSafe(start + k, ("key-" + k).getBytes(StandardCharsets.UTF_8));
				if (k == 1) {
					values.setNull(start + k);
				}
				else {
					values.setSafe(start + k, ("map value " + i + "/" + k).getBytes(StandardCharsets.UTF_8));
				}
			}
			m.endValue(r, n);
			entries.setValueCount(start + n);
			keys.setValueCount(start + n);
			values.setValueCount(start + n);
		}
		// r: ROW<x INT, t STRING>
		StructVector row = (StructVector) root.getVector("r");
		IntVector x = (IntVector) row.getChild("x");
		VarCharVector t = (VarCharVector) row.getChild("t");
		if (i % 6 == 5) {
			row.setNull(r);
			x.setNull(r);
			t.setNull(r);
		}
		else {
			row.setIndexDefined(r);
			x.setSafe(r, i * 10);
			if (i % 4 == 1) {
				t.setNull(r);
			}
			else {
				t.setSafe(r, ("row text " + i).getBytes(StandardCharsets.UTF_8));
			}
		}
		DecimalVector d = (DecimalVector) root.getVector("d");
		if (i % 7 == 6) {
			d.setNull(r);
		}
		else {
			d.setSafe(r, BigDecimal.valueOf(i * 1001L + 7, 2));
		}
	}

	private static void setBytes(FieldVector vector, int index, byte[] value) {
		if (vector instanceof BaseVariableWidthVector v) {
			v.setSafe(index, value);
		}
		else if (vector instanceof BaseLargeVariableWidthVector v) {
			v.setSafe(index, value);
		}
		else if (vector instanceof BaseVariableWidthViewVector v) {
			v.setSafe(index, value);
		}
		else {
			throw new IllegalArgumentException(vector.getClass().getName());
		}
	}

	private static FieldVector listData(FieldVector list) {
		return (list instanceof LargeListVector large) ? large.getDataVector() : ((ListVector) list).getDataVector();
	}

	private static long startList(FieldVector list, int row) {
		return (list instanceof LargeListVector large) ? large.startNewValue(row)
				: ((ListVector) list).startNewValue(row);
	}

	private static void endList(FieldVector list, int row, int size) {
		if (list instanceof LargeListVector large) {
			large.endValue(row, size);
		}
		else {
			((ListVector) list).endValue(row, size);
		}
	}

	/** A valid (id INT, name STRING) body: {@code batches} batches of {@code rows} rows. */
	static byte[] narrowBody(int rows, int batches, int first) {
		Object[] values = new Object[rows * 2];
		for (int i = 0; i < rows; i++) {
			int n = first + i;
			values[2 * i] = (n % 11 == 5) ? null : n;
			values[2 * i + 1] = (n % 4 == 2) ? null : "narrow name " + n;
		}
		return ArrowBodies.stream(false, batches, values);
	}

	// ------------------------------------------------------------------ layout

	/**
	 * Where one field's data lives in a record batch: its field node, its first buffer, its buffer
	 * count (with the variadic buffers of view types), and its Arrow type as written.
	 */
	record Slot(String path, String column, int node, int buffer, int buffers, ArrowType type) {
	}

	/**
	 * The slots of a schema in IPC order (depth first); dictionary-encoded fields are laid out as their
	 * index type. {@code variadicCounts} are the batch's variadic buffer counts (or {@code null}).
	 */
	static List<Slot> layout(List<Field> fields, long[] variadicCounts) {
		List<Slot> slots = new ArrayList<>();
		int[] counters = new int[3];
		for (Field field : fields) {
			layout(field, field.getName(), field.getName(), variadicCounts, counters, slots);
		}
		return slots;
	}

	private static void layout(Field field, String path, String column, long[] variadic, int[] counters,
			List<Slot> slots) {
		ArrowType type = (field.getDictionary() != null) ? field.getDictionary().getIndexType() : field.getType();
		int buffers = TypeLayout.getTypeBufferCount(type);
		if (type instanceof ArrowType.Utf8View || type instanceof ArrowType.BinaryView) {
			buffers = 2 + (int) variadic[counters[2]++];
		}
		slots.add(new Slot(path, column, counters[0], counters[1], buffers, type));
		counters[0]++;
		counters[1] += buffers;
		for (Field child : field.getChildren()) {
			if (type instanceof ArrowType.List || type instanceof ArrowType.LargeList) {
				layout(child, path + "[]", column, variadic, counters, slots);
			}
			else if (type instanceof ArrowType.Map) {
				// the entries struct: "m.entries", its key and value "m.key" and "m.value"
				ArrowType entriesType = child.getType();
				slots.add(new Slot(path + ".entries", column, counters[0], counters[1],
						TypeLayout.getTypeBufferCount(entriesType), entriesType));
				counters[0]++;
				counters[1] += TypeLayout.getTypeBufferCount(entriesType);
				for (Field entry : child.getChildren()) {
					layout(entry, path + "." + entry.getName(), column, variadic, counters, slots);
				}
			}
			else {
				layout(child, path + "." + child.getName(), column, variadic, counters, slots);
			}
		}
	}

	static Slot slot(List<Slot> slots, String path) {
		return slots.stream()
			.filter((s) -> s.path().equals(path))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(path + " not in " + slots));
	}

	// ------------------------------------------------------------------ reading back

	/** Every row of a table rendered as text (nested values included), sorted. */
	static List<String> render(Warehouse warehouse, String table) {
		return read(warehouse.table(table), null).stream().sorted().toList();
	}

	/**
	 * The rows a table copy reads (for example one snapshot's delta), rendered; byte values of every
	 * STRING/BYTES/BINARY value, nested ones included, go to {@code values} when it is not null.
	 */
	static List<String> read(Table table, List<byte[]> values) {
		RowType type = table.rowType();
		ReadBuilder read = table.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(renderRow(row, type, values)));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		return rows;
	}

	/** The delta of one snapshot of an append table. */
	static Table delta(Table table, long snapshotId) {
		return table.copy(Map.of("incremental-between", (snapshotId - 1) + "," + snapshotId));
	}

	static String renderRow(InternalRow row, RowType type, List<byte[]> values) {
		StringBuilder text = new StringBuilder("(");
		List<DataField> fields = type.getFields();
		for (int i = 0; i < fields.size(); i++) {
			if (i > 0) {
				text.append(", ");
			}
			DataType fieldType = fields.get(i).type();
			text.append(row.isNullAt(i) ? "null" : render(InternalRow.createFieldGetter(fieldType,
					i).getFieldOrNull(row),
					fieldType, values));
		}
		return text.append(')').toString();
	}

	private static String render(Object value, DataType type, List<byte[]> values) {
		if (value == null) {
			return "null";
		}
		if (value instanceof BinaryString string) {
			if (values != null) {
				values.add(string.toBytes());
			}
			return '"' + string.toString() + '"';
		}
		if (value instanceof byte[] bytes) {
			if (values != null) {
				values.add(bytes);
			}
			return "0x" + HexFormat.of().formatHex(bytes);
		}
		if (value instanceof Decimal decimal) {
			return decimal.toBigDecimal().toPlainString();
		}
		if (value instanceof InternalArray array) {
			DataType element = ((ArrayType) type).getElementType();
			InternalArray.ElementGetter getter = InternalArray.createElementGetter(element);
			StringBuilder text = new StringBuilder("[");
			for (int i = 0; i < array.size(); i++) {
				text.append((i > 0) ? ", " : "").append(render(getter.getElementOrNull(array, i), element, values));
			}
			return text.append(']').toString();
		}
		if (value instanceof InternalMap map) {
			MapType mapType = (MapType) type;
			InternalArray.ElementGetter keys = InternalArray.createElementGetter(mapType.getKeyType());
			InternalArray.ElementGetter vals = InternalArray.createElementGetter(mapType.getValueType());
			StringBuilder text = new StringBuilder("{");
			for (int i = 0; i < map.size(); i++) {
				text.append((i > 0) ? ", " : "")
					.append(render(keys.getElementOrNull(map.keyArray(), i), mapType.getKeyType(), values))
					.append('=')
					.append(render(vals.getElementOrNull(map.valueArray(), i), mapType.getValueType(), values));
			}
			return text.append('}').toString();
		}
		if (value instanceof InternalRow nested) {
			return renderRow(nested, (RowType) type, values);
		}
		return String.valueOf(value);
	}

}
