package io.github.paimonspring.write;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Change data from Arrow on real tables read back with Paimon's reader: row kinds from the
 * {@code _row_kind} column on the standard and the fixed-bucket path, refusals that name the row and
 * the value and commit nothing, and batches that omit columns.
 */
class ChangeDataTests extends WarehouseTestBase {

	private static final String INSERT = "+I";

	@Test
	void deletesAndUpdatesFromTheRowKindColumnOnTheStandardPath() {
		String table = "default.changes";
		this.warehouse.create(table, org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "2").build());
		try (VectorSchemaRoot inserts = inserts(1000)) {
			this.writer.write(table, inserts);
		}
		try (VectorSchemaRoot changes = changes(1000)) {
			this.writer.write(table, changes);
		}
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrderElementsOf(expected(1000));
	}

	@Test
	void deletesAndUpdatesOnTheFixedBucketPath() {
		String table = "default.postponed_changes";
		this.warehouse.create(table, org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "-2")
			.option("postpone.default-bucket-num", "3").build());
		try (VectorSchemaRoot inserts = inserts(1000)) {
			this.writer.execute(this.writer.newWriteBuilder(table).withFixedBucketPlan(),
					(session) -> session.write(inserts));
		}
		try (VectorSchemaRoot changes = changes(1000)) {
			this.writer.execute(this.writer.newWriteBuilder(table).withFixedBucketPlan(),
					(session) -> session.write(changes));
		}
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrderElementsOf(expected(1000));
	}

	@Test
	void kindsATableCannotTakeAreRefusedByRowAndNothingIsCommitted() {
		String append = "default.append_only";
		this.warehouse.simpleLogTable(append);
		long snapshots = this.warehouse.snapshotCount(append);
		try (VectorSchemaRoot batch = batch(new String[] { INSERT, "-D" }, new Integer[] { 7, 1 }, new String[] { "x",
				null })) {
			assertThatThrownBy(() -> this.writer.write(append, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("Row 1 has row kind '-D'").hasMessageContaining("append table")
				.satisfies((ex) -> assertThat(((ArrowDataException) ex).getRow()).isEqualTo(1));
		}
		assertThat(this.warehouse.snapshotCount(append)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(append)).hasSize(3);

		String keyed = "default.keyed";
		this.warehouse.simplePkTable(keyed);
		long keyedSnapshots = this.warehouse.snapshotCount(keyed);
		try (VectorSchemaRoot batch = batch(new String[] { INSERT, "+X" }, new Integer[] { 7, 8 }, new String[] { "a",
				"b" })) {
			assertThatThrownBy(() -> this.writer.write(keyed, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("Row 1").hasMessageContaining("unknown row kind '+X'");
		}
		try (VectorSchemaRoot batch = batch(new String[] { INSERT, null }, new Integer[] { 7, 8 }, new String[] { "a",
				"b" })) {
			assertThatThrownBy(() -> this.writer.write(keyed, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("Row 1").hasMessageContaining("'_row_kind' is null");
		}
		assertThat(this.warehouse.snapshotCount(keyed)).isEqualTo(keyedSnapshots);
		assertThat(this.warehouse.dataFiles(keyed)).hasSize(1);

		String ignoring = "default.ignore_delete";
		this.warehouse.create(ignoring, org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "1").option("ignore-delete", "true")
			.build());
		try (VectorSchemaRoot batch = batch(new String[] { "-U", "+U", "-D" }, new Integer[] { 1, 1, 2 },
				new String[] { "a", "b", null })) {
			assertThatThrownBy(() -> this.writer.write(ignoring, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("Row 2 has row kind '-D'").hasMessageContaining("ignore-delete=true");
		}
		String derived = "default.derived_kinds";
		this.warehouse.create(derived, org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).column("op", DataTypes.STRING()).primaryKey("id").option("bucket", "1")
			.option("rowkind.field", "op").build());
		try (VectorSchemaRoot batch = batch(new String[] { INSERT }, new Integer[] { 1 }, new String[] { "a" })) {
			assertThatThrownBy(() -> this.writer.write(derived, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("rowkind.field");
		}
	}

	@Test
	void omittedColumnsKeepStoredValuesInAPartialUpdateTableAndAreNullOtherwise() {
		String table = "default.profiles";
		this.warehouse.create(table, org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).column("email", DataTypes.STRING()).primaryKey("id")
			.option("bucket", "1").option("merge-engine", "partial-update").build());
		try (VectorSchemaRoot names = columns(Map.of("id", new Object[] { 1, 2 }, "name", new Object[] { "ann",
				"bob" }))) {
			this.writer.write(table, names);
		}
		try (VectorSchemaRoot emails = columns(Map.of("email", new Object[] { "a@x", "c@x" }, "id", new Object[] { 1,
				3 }))) {
			this.writer.write(table, emails);
		}
		assertThat(this.warehouse.read(table, (row) -> row.getInt(0) + ":" + text(row, 1) + ":" + text(row, 2)))
			.containsExactlyInAnyOrder("1:ann:a@x", "2:bob:null", "3:null:c@x");

		String plain = "default.plain";
		this.warehouse.create(plain, org.apache.paimon.schema.Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).column("email", DataTypes.STRING().notNull()).primaryKey("id")
			.option("bucket", "1").build());
		try (VectorSchemaRoot full = columns(Map.of("id", new Object[] { 1 }, "name", new Object[] { "ann" }, "email",
				new Object[] { "a@x" }))) {
			this.writer.write(plain, full);
		}
		try (VectorSchemaRoot withoutName = columns(Map.of("id", new Object[] { 1 }, "email",
				new Object[] { "b@x" }))) {
			this.writer.write(plain, withoutName);
		}
		assertThat(this.warehouse.read(plain, (row) -> row.getInt(0) + ":" + text(row, 1) + ":" + text(row, 2)))
			.containsExactly("1:null:b@x");
		long snapshots = this.warehouse.snapshotCount(plain);
		try (VectorSchemaRoot withoutEmail = columns(Map.of("id", new Object[] { 2 }, "name", new Object[] { "cy" }))) {
			assertThatThrownBy(() -> this.writer.write(plain, withoutEmail)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("column 'email' is NOT NULL").hasMessageContaining("omits it");
		}
		assertThat(this.warehouse.snapshotCount(plain)).isEqualTo(snapshots);
	}

	private static String text(InternalRow row, int column) {
		return row.isNullAt(column) ? "null" : row.getString(column).toString();
	}

	/** Rows 1..n, named v&lt;id&gt;. */
	private VectorSchemaRoot inserts(int n) {
		String[] kinds = new String[n];
		Integer[] ids = new Integer[n];
		String[] names = new String[n];
		for (int i = 0; i < n; i++) {
			kinds[i] = INSERT;
			ids[i] = i + 1;
			names[i] = "v" + (i + 1);
		}
		return batch(kinds, ids, names);
	}

	/** -D for the even ids, +U (renamed u&lt;id&gt;) for the odd multiples of 5. */
	private VectorSchemaRoot changes(int n) {
		List<String> kinds = new ArrayList<>();
		List<Integer> ids = new ArrayList<>();
		List<String> names = new ArrayList<>();
		for (int id = 1; id <= n; id++) {
			if (id % 2 == 0) {
				kinds.add("-D");
				ids.add(id);
				names.add(null);
			}
			else if (id % 5 == 0) {
				kinds.add("+U");
				ids.add(id);
				names.add("u" + id);
			}
		}
		return batch(kinds.toArray(String[]::new), ids.toArray(Integer[]::new), names.toArray(String[]::new));
	}

	private static List<String> expected(int n) {
		List<String> rows = new ArrayList<>();
		for (int id = 1; id <= n; id += 2) {
			rows.add(id + ":" + ((id % 5 == 0) ? "u" : "v") + id);
		}
		return rows;
	}

	private VectorSchemaRoot batch(String[] kinds, Integer[] ids, String[] names) {
		Map<String, Object[]> columns = new LinkedHashMap<>();
		columns.put("_row_kind", kinds);
		columns.put("id", ids);
		columns.put("name", names);
		return columns(columns);
	}

	/** A batch of Int32 and Utf8 columns, in the map's order. */
	private VectorSchemaRoot columns(Map<String, Object[]> values) {
		Map<String, Object[]> ordered = (values instanceof LinkedHashMap) ? values : new TreeMap<>(values);
		List<Field> fields = new ArrayList<>();
		int rows = 0;
		for (Map.Entry<String, Object[]> column : ordered.entrySet()) {
			boolean ints = Arrays.stream(column.getValue()).anyMatch(Integer.class::isInstance);
			fields.add(new Field(column.getKey(),
					FieldType.nullable(ints ? new ArrowType.Int(32, true) : ArrowType.Utf8.INSTANCE), null));
			rows = column.getValue().length;
		}
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), this.allocator);
		int c = 0;
		for (Object[] column : ordered.values()) {
			FieldVector vector = root.getFieldVectors().get(c++);
			vector.allocateNew();
			for (int i = 0; i < column.length; i++) {
				if (column[i] == null) {
					vector.setNull(i);
				}
				else if (vector instanceof IntVector ints) {
					ints.setSafe(i, (Integer) column[i]);
				}
				else {
					((VarCharVector) vector).setSafe(i, column[i].toString().getBytes(StandardCharsets.UTF_8));
				}
			}
			vector.setValueCount(column.length);
		}
		root.setRowCount(rows);
		return root;
	}

}
