package io.github.paimonspring.arrow;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteResult;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;

/**
 * Real Paimon tables in a filesystem warehouse for round-trip tests: Arrow batches are written through
 * {@code PaimonWriter} and read back with Paimon's reader as plain Java values.
 */
final class PaimonTestTables implements AutoCloseable {

	static final String DATABASE = "db";

	private final Catalog catalog;

	private final PaimonWriter writer;

	private int tableCounter;

	PaimonTestTables(Path warehouse) throws Exception {
		Options options = new Options();
		options.set("warehouse", warehouse.toUri().toString());
		this.catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
		this.catalog.createDatabase(DATABASE, true);
		this.writer = PaimonWriter.builder(new PaimonTables(this.catalog, Map.of()))
			.spillDirectory(warehouse.resolve("spill"))
			.build();
	}

	/**
	 * Converts the root, writes every row into a new table and reads the table back, one list of
	 * Java values per row, sorted by the first column.
	 */
	List<List<Object>> roundTrip(RowType rowType, VectorSchemaRoot root, DictionaryProvider dictionaries)
			throws Exception {
		String name = "t" + (++this.tableCounter);
		Table table = createTable(name, rowType);
		// written through the starter's PaimonWriter (adapter + write protocol), read back with Paimon's reader
		WriteResult result = this.writer.execute(DATABASE + "." + name,
				(session) -> session.write(root, dictionaries));
		if (result.rows() != root.getRowCount()) {
			throw new IllegalStateException("wrote " + result.rows() + " of " + root.getRowCount() + " rows");
		}
		return read(this.catalog.getTable(Identifier.create(DATABASE, name)), rowType);
	}

	Table createTable(String name, RowType rowType) throws Exception {
		Schema.Builder schema = Schema.newBuilder();
		for (DataField field : rowType.getFields()) {
			schema.column(field.name(), field.type());
		}
		Identifier identifier = Identifier.create(DATABASE, name);
		this.catalog.createTable(identifier, schema.build(), false);
		return this.catalog.getTable(identifier);
	}

	static List<List<Object>> read(Table table, RowType rowType) throws Exception {
		ReadBuilder readBuilder = table.newReadBuilder();
		List<List<Object>> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = readBuilder.newRead()
			.createReader(readBuilder.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(toJava(row, rowType)));
		}
		rows.sort(Comparator.comparing((row) -> (Comparable) row.get(0)));
		return rows;
	}

	/** Copies a Paimon row into plain Java values (see {@link #toJava(Object, DataType)}). */
	static List<Object> toJava(InternalRow row, RowType rowType) {
		List<Object> values = new ArrayList<>();
		for (int i = 0; i < rowType.getFieldCount(); i++) {
			DataType type = rowType.getTypeAt(i);
			values.add(toJava(InternalRow.createFieldGetter(type, i).getFieldOrNull(row), type));
		}
		return values;
	}

	/**
	 * Converts a Paimon internal value into a comparable Java value: strings, {@link java.math.BigDecimal},
	 * hex strings for binary, {@link LocalDate}, {@link LocalTime}, {@link java.time.LocalDateTime} for
	 * TIMESTAMP, {@link java.time.Instant} for TIMESTAMP_LTZ, lists for arrays and rows, maps for maps.
	 */
	static Object toJava(Object value, DataType type) {
		if (value == null) {
			return null;
		}
		switch (type.getTypeRoot()) {
			case CHAR:
			case VARCHAR:
				return ((BinaryString) value).toString();
			case BINARY:
			case VARBINARY:
				return HexFormat.of().formatHex((byte[]) value);
			case DECIMAL:
				return ((Decimal) value).toBigDecimal();
			case DATE:
				return LocalDate.ofEpochDay((Integer) value);
			case TIME_WITHOUT_TIME_ZONE:
				return LocalTime.ofNanoOfDay((Integer) value * 1_000_000L);
			case TIMESTAMP_WITHOUT_TIME_ZONE:
				return ((Timestamp) value).toLocalDateTime();
			case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
				return ((Timestamp) value).toInstant();
			case ARRAY: {
				DataType elementType = ((ArrayType) type).getElementType();
				return arrayToJava((InternalArray) value, elementType);
			}
			case MAP: {
				MapType mapType = (MapType) type;
				InternalMap map = (InternalMap) value;
				List<Object> keys = arrayToJava(map.keyArray(), mapType.getKeyType());
				List<Object> values = arrayToJava(map.valueArray(), mapType.getValueType());
				Map<Object, Object> result = new LinkedHashMap<>();
				for (int i = 0; i < keys.size(); i++) {
					result.put(keys.get(i), values.get(i));
				}
				return result;
			}
			case ROW:
				return toJava((InternalRow) value, (RowType) type);
			default:
				return value;
		}
	}

	private static List<Object> arrayToJava(InternalArray array, DataType elementType) {
		InternalArray.ElementGetter getter = InternalArray.createElementGetter(elementType);
		List<Object> result = new ArrayList<>();
		for (int i = 0; i < array.size(); i++) {
			result.add(toJava(getter.getElementOrNull(array, i), elementType));
		}
		return result;
	}

	/** Shorthand for a row of expected values that may contain nulls. */
	static List<Object> row(Object... values) {
		return Arrays.asList(values);
	}

	@Override
	public void close() throws Exception {
		this.catalog.close();
	}

}
