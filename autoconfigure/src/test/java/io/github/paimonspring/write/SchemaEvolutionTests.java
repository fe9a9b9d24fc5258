package io.github.paimonspring.write;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.actuate.MicrometerSchemaChangeListener;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.support.WarehouseTestBase;
import io.github.paimonspring.write.schema.SchemaEvolution;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.DecimalType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Schema evolution on write against real tables in a temporary warehouse, read back with Paimon's
 * reader: columns added and widened under the policy, refused (nothing committed, schema unchanged)
 * otherwise, one schema change for two concurrent writers, and the group commit moving to the new
 * schema.
 */
class SchemaEvolutionTests extends WarehouseTestBase {

	private static final String TABLE = "default.events";

	private final MeterRegistry meters = new SimpleMeterRegistry();

	private PaimonWriter writer(TestWarehouse warehouse, SchemaEvolutionPolicy policy, MeterRegistry registry) {
		PaimonTables tables = new PaimonTables(warehouse.catalog(), Map.of());
		PaimonWriter writer = PaimonWriter.builder(tables)
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(1)
			.schemaEvolution(new SchemaEvolution(tables, policy, new MicrometerSchemaChangeListener(registry)))
			.build();
		return writer;
	}

	@Test
	void addColumnsAddsTheNewColumnAndOlderRowsReadItAsNull() {
		this.warehouse.simpleLogTable(TABLE);
		PaimonWriter writer = writer(this.warehouse, SchemaEvolutionPolicy.ADD_COLUMNS, this.meters);
		try (VectorSchemaRoot batch = batch(intField("id"), stringField("name"), bigintField("score"))) {
			fill(batch, 4, "dave", 40L);
			WriteResult result = writer.write(TABLE, batch);
			assertThat(result.committed()).isTrue();
		}
		assertThat(this.warehouse.table(TABLE).rowType().getFieldNames()).containsExactly("id", "name", "score");
		assertThat(this.warehouse.table(TABLE).rowType().getTypeAt(2)).isEqualTo(DataTypes.BIGINT());
		assertThat(schemaIds()).containsExactly(0L, 1L);
		assertThat(rows()).containsExactly("1:alice:null", "2:bob:null", "3:carol:null", "4:dave:40");
		assertThat(changes(this.meters, "add-column")).isEqualTo(1.0);
	}

	@Test
	void noneRefusesANewColumnNamingThePolicyAndCommitsNothing() {
		this.warehouse.simpleLogTable(TABLE);
		long snapshots = this.warehouse.snapshotCount(TABLE);
		try (VectorSchemaRoot batch = batch(intField("id"), stringField("name"), bigintField("score"))) {
			fill(batch, 4, "dave", 40L);
			assertThatThrownBy(() -> this.writer.write(TABLE, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("'" + TABLE + "'")
				.hasMessageContaining("column 'score'")
				.hasMessageContaining("paimon.write.schema-evolution=add-columns")
				.satisfies((ex) -> assertThat(((ArrowDataException) ex).getColumn()).isEqualTo("score"));
		}
		assertThat(this.warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
		assertThat(schemaIds()).containsExactly(0L);
		assertThat(this.warehouse.table(TABLE).rowType().getFieldNames()).containsExactly("id", "name");
	}

	@Test
	void twoWritersAddingTheSameColumnAtOnceMakeOneSchemaChange() throws Exception {
		this.warehouse.simpleLogTable(TABLE);
		MeterRegistry otherMeters = new SimpleMeterRegistry();
		ExecutorService threads = Executors.newFixedThreadPool(2);
		// two instances: each with its own catalog and schema evolution, so only the catalog serializes them
		try (TestWarehouse other = new TestWarehouse(this.dir)) {
			PaimonWriter first = writer(this.warehouse, SchemaEvolutionPolicy.ADD_COLUMNS, this.meters);
			PaimonWriter second = writer(other, SchemaEvolutionPolicy.ADD_COLUMNS, otherMeters);
			CyclicBarrier start = new CyclicBarrier(2);
			Future<WriteResult> a = threads.submit(() -> writeScore(first, start, 10));
			Future<WriteResult> b = threads.submit(() -> writeScore(second, start, 20));
			assertThat(a.get(60, TimeUnit.SECONDS).committed()).isTrue();
			assertThat(b.get(60, TimeUnit.SECONDS).committed()).isTrue();
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(schemaIds()).containsExactly(0L, 1L);
		assertThat(changes(this.meters, "add-column") + changes(otherMeters, "add-column")).isEqualTo(1.0);
		assertThat(rows()).containsExactly("10:w:10", "1:alice:null", "20:w:20", "2:bob:null", "3:carol:null");
	}

	private WriteResult writeScore(PaimonWriter writer, CyclicBarrier start, int id) throws Exception {
		try (VectorSchemaRoot batch = batch(intField("id"), stringField("name"), bigintField("score"))) {
			fill(batch, id, "w", (long) id);
			start.await(30, TimeUnit.SECONDS);
			return writer.write(TABLE, batch);
		}
	}

	@Test
	void widenWidensIntToBigintAndDecimalPrecisionWithTheSameScale() {
		createAmounts();
		PaimonWriter writer = writer(this.warehouse, SchemaEvolutionPolicy.ADD_COLUMNS_AND_WIDEN, this.meters);
		try (VectorSchemaRoot batch = batch(bigintField("id"), decimalField("amount", 12, 2))) {
			((BigIntVector) batch.getVector("id")).setSafe(0, 5_000_000_000L);
			((DecimalVector) batch.getVector("amount")).setSafe(0, new BigDecimal("1234567890.12"));
			batch.setRowCount(1);
			assertThat(writer.write(TABLE, batch).committed()).isTrue();
		}
		assertThat(this.warehouse.table(TABLE).rowType().getTypeAt(0)).isEqualTo(DataTypes.BIGINT());
		assertThat(this.warehouse.table(TABLE).rowType().getTypeAt(1)).isEqualTo(DataTypes.DECIMAL(12, 2));
		assertThat(schemaIds()).containsExactly(0L, 1L);
		assertThat(changes(this.meters, "widen-column")).isEqualTo(2.0);
		assertThat(amounts()).containsExactly("1:1.50", "5000000000:1234567890.12");
	}

	@Test
	void widenRefusesADecimalWithAnotherScaleAndChangesNothing() {
		createAmounts();
		PaimonWriter writer = writer(this.warehouse, SchemaEvolutionPolicy.ADD_COLUMNS_AND_WIDEN, this.meters);
		try (VectorSchemaRoot batch = batch(intField("id"), decimalField("amount", 8, 3))) {
			((IntVector) batch.getVector("id")).setSafe(0, 2);
			((DecimalVector) batch.getVector("amount")).setSafe(0, new BigDecimal("1.125"));
			batch.setRowCount(1);
			assertThatThrownBy(() -> writer.write(TABLE, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("'" + TABLE + "'")
				.hasMessageContaining("column 'amount' is DECIMAL(10, 2)")
				.hasMessageContaining("same scale");
		}
		assertThat(schemaIds()).containsExactly(0L);
		assertThat(this.warehouse.snapshotCount(TABLE)).isEqualTo(1);
		assertThat(amounts()).containsExactly("1:1.50");
	}

	@Test
	void addColumnsRefusesAWiderColumnNamingTheWideningPolicy() {
		createAmounts();
		PaimonWriter writer = writer(this.warehouse, SchemaEvolutionPolicy.ADD_COLUMNS, this.meters);
		try (VectorSchemaRoot batch = batch(bigintField("id"), decimalField("amount", 10, 2))) {
			((BigIntVector) batch.getVector("id")).setSafe(0, 2);
			((DecimalVector) batch.getVector("amount")).setSafe(0, new BigDecimal("2.00"));
			batch.setRowCount(1);
			assertThatThrownBy(() -> writer.write(TABLE, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("column 'id'")
				.hasMessageContaining("paimon.write.schema-evolution=add-columns-and-widen");
		}
		assertThat(schemaIds()).containsExactly(0L);
	}

	@Test
	void theGroupCommitMovesToTheNewSchema() {
		this.warehouse.simpleLogTable(TABLE);
		Ingester ingester = new Ingester(IngestSettings.DEFAULTS, new LocalKeyClaims(), IngestListener.NONE, 0);
		PaimonTables tables = new PaimonTables(this.warehouse.catalog(), Map.of());
		PaimonWriter writer = PaimonWriter.builder(tables)
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(1)
			.ingester(ingester)
			.schemaEvolution(new SchemaEvolution(tables, SchemaEvolutionPolicy.ADD_COLUMNS,
					SchemaChangeListener.NONE))
			.build();
		List<CompletableFuture<WriteResult>> results = new ArrayList<>();
		try (VectorSchemaRoot before = batch(intField("id"), stringField("name"));
				VectorSchemaRoot after = batch(intField("id"), stringField("name"), bigintField("score"))) {
			fill(before, 4, "dave", null);
			results.add(writer.ingest(WriteRequest.into(TABLE), List.of(before)));
			fill(after, 5, "erin", 50L);
			results.add(writer.ingest(WriteRequest.into(TABLE), List.of(after)));
			for (CompletableFuture<WriteResult> result : results) {
				assertThat(result.join().committed()).isTrue();
			}
		}
		finally {
			ingester.close();
		}
		assertThat(schemaIds()).containsExactly(0L, 1L);
		assertThat(rows()).containsExactly("1:alice:null", "2:bob:null", "3:carol:null", "4:dave:null", "5:erin:50");
	}

	private void createAmounts() {
		this.warehouse.create(TABLE, Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("amount", DataTypes.DECIMAL(10, 2))
			.build());
		this.warehouse.insert(TABLE, TestWarehouse.row(1,
				Decimal.fromBigDecimal(new BigDecimal("1.50"), 10, 2)));
	}

	private List<Long> schemaIds() {
		return this.warehouse.table(TABLE).schemaManager().listAllIds().stream().sorted().toList();
	}

	private List<String> rows() {
		return this.warehouse.read(TABLE, (row) -> row.getInt(0) + ":" + row.getString(1) + ":" + score(row))
			.stream()
			.sorted()
			.toList();
	}

	private static String score(InternalRow row) {
		return (row.getFieldCount() < 3 || row.isNullAt(2)) ? "null" : String.valueOf(row.getLong(2));
	}

	private List<String> amounts() {
		int precision = ((DecimalType) this.warehouse.table(TABLE).rowType().getTypeAt(1))
			.getPrecision();
		boolean wide = this.warehouse.table(TABLE).rowType().getTypeAt(0).equals(DataTypes.BIGINT());
		return this.warehouse
			.read(TABLE, (row) -> (wide ? row.getLong(0) : row.getInt(0)) + ":"
					+ row.getDecimal(1, precision, 2).toBigDecimal().toPlainString())
			.stream()
			.sorted()
			.toList();
	}

	private static double changes(MeterRegistry registry, String kind) {
		var counter = registry.find(MicrometerSchemaChangeListener.SCHEMA_CHANGES).tag("table", TABLE).tag("kind", kind)
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

	@Test
	void aNewColumnPaimonCannotTypeIsRefusedByNameAndChangesNothing() {
		this.warehouse.simpleLogTable(TABLE);
		// a struct whose child has no name: no Paimon ROW type exists for it (found by MutationFuzzTests)
		Field nameless = new Field("details", FieldType
			.nullable(ArrowType.Struct.INSTANCE), List.of(stringField(" ")));
		for (SchemaEvolutionPolicy policy : List.of(SchemaEvolutionPolicy.NONE, SchemaEvolutionPolicy.ADD_COLUMNS)) {
			PaimonWriter writer = writer(this.warehouse, policy, this.meters);
			try (VectorSchemaRoot batch = batch(intField("id"), stringField("name"), nameless)) {
				fill(batch, 4, "dave", null);
				assertThatThrownBy(() -> writer.write(TABLE, batch)).as("policy %s", policy)
					.isInstanceOf(ArrowDataException.class)
					.hasMessageContaining("'details'")
					.hasMessageContaining(TABLE);
			}
		}
		assertThat(schemaIds()).containsExactly(0L);
		assertThat(rows()).containsExactly("1:alice:null", "2:bob:null", "3:carol:null");
	}

	private VectorSchemaRoot batch(Field... fields) {
		return VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(List.of(fields)), this.allocator);
	}

	private static void fill(VectorSchemaRoot batch, int id, String name, Long score) {
		((IntVector) batch.getVector("id")).setSafe(0, id);
		((VarCharVector) batch.getVector("name")).setSafe(0, name.getBytes(StandardCharsets.UTF_8));
		FieldVector scores = batch.getVector("score");
		if (scores != null) {
			if (score != null) {
				((BigIntVector) scores).setSafe(0, score);
			}
			else {
				((BigIntVector) scores).setNull(0);
			}
		}
		batch.setRowCount(1);
	}

	private static Field intField(String name) {
		return new Field(name, FieldType.nullable(new ArrowType.Int(32, true)), null);
	}

	private static Field bigintField(String name) {
		return new Field(name, FieldType.nullable(new ArrowType.Int(64, true)), null);
	}

	private static Field stringField(String name) {
		return new Field(name, FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
	}

	private static Field decimalField(String name, int precision, int scale) {
		return new Field(name, FieldType.nullable(new ArrowType.Decimal(precision, scale, 128)), null);
	}

}
