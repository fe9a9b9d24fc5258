package io.github.paimonspring.write.parquet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bucket-unaware append tables whose writes meet more partitions than {@code write-max-writers-to-spill}:
 * Paimon's writer then forces its writers to buffer, renumbering the rows its writers wrote since their
 * last commit, and every later writer buffers. Written through the starter's public API with one lane and
 * by Paimon's own writer from the same Arrow batches, round by round, both give the same rows and the same
 * data files with the same sequence numbers.
 */
class ColumnarWriterSpillTests {

	@TempDir
	Path dir;

	/**
	 * One batch: {@code rows} rows over {@code partitions}, interleaved (row {@code i} in partition
	 * {@code i % n}) or in blocks (each partition's rows together, in the given order).
	 */
	record Batch(int rows, String partitions, boolean blocks) {
	}

	/** A table's options and its rounds, each a list of batches committed together. */
	record Case(String name, Map<String, String> options, List<List<Batch>> rounds) {

		@Override
		public String toString() {
			return this.name + " " + this.options;
		}

	}

	static Stream<Arguments> cases() {
		Batch abc = new Batch(3_000, "abc", false);
		return Stream.<Case>of(
				new Case("one writer, partitions interleaved", Map.of("write-max-writers-to-spill", "1"),
						List.of(List.of(abc), List.of(new Batch(2_000, "bc", false)), List.of(new Batch(1_000, "d",
								false)))),
				new Case("one writer, the second partition in a later batch", Map.of("write-max-writers-to-spill", "1"),
						List.of(List.of(new Batch(1_500, "a", false), new Batch(1_500, "ab", true)),
								List.of(new Batch(500, "a", false)), List.of(new Batch(500, "ba", true)))),
				new Case("two writers, partitions come and go", Map.of("write-max-writers-to-spill", "2"),
						List.of(List.of(new Batch(1_500, "ab", false)),
								List.of(new Batch(800, "c", false), new Batch(2_400, "ade", false)),
								List.of(new Batch(1_000, "b", false)), List.<Batch>of(),
								List.of(new Batch(3_500, "gabcdef", true)), List.of(new Batch(700, "fg", false)))),
				new Case("two writers, the spill in the second round", Map.of("write-max-writers-to-spill", "2"),
						List.of(List.of(new Batch(2_000, "ab", true)),
								List.of(new Batch(1_000, "a", false), new Batch(2_000, "bca", true)),
								List.of(new Batch(3_000, "abcd", false)))),
				new Case("three writers, rolled files before the spill",
						Map.of("write-max-writers-to-spill", "3", "target-file-size", "16 kb"),
						List.of(List.of(new Batch(12_000, "abcd", true)), List.of(new Batch(6_000, "cdab", true)),
								List.of(new Batch(4_000, "eabcd", false)))),
				new Case("three writers, many partitions per round", Map.of("write-max-writers-to-spill", "3"),
						List.of(List.of(new Batch(5_000, "abcdefghijklmnopqrstuvwxy", false)),
								List.of(new Batch(3_000, "acegikmoqs", true)),
								List.of(new Batch(2_000, "zyxwabc", false)))),
				new Case("buffered from the start", Map.of("write-max-writers-to-spill", "0"),
						List.of(List.of(abc), List.of(new Batch(2_000, "cd", true)))),
				new Case("the default, twelve partitions", Map.<String, String>of(),
						List.of(List.of(new Batch(6_000, "abcdefghijkl", true)),
								List.of(new Batch(6_000, "lkjihgfedcba", false)))))
			.map(Arguments::of);
	}

	@ParameterizedTest
	@MethodSource("cases")
	void oneLaneWritesWhatPaimonsWriterWrites(Case spill) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("warehouse"));
				BufferAllocator allocator = new RootAllocator();
				PaimonWriter writer = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
					.spillDirectory(this.dir.resolve("spill"))
					.parallelism(1)
					.build()) {
			writeBoth(warehouse, writer, allocator, spill);
			ParityTables.assertSameTables(warehouse, "default.ours", "default.paimon");
		}
	}

	/**
	 * Two lanes split a batch of at least 32,768 rows into chunks: each lane keeps its own writers, as
	 * two Paimon writers would, so the files differ from one Paimon writer's while the rows are the same.
	 */
	@Test
	void twoLanesWriteTheSameRowsInTheirOwnFiles() throws Exception {
		Case spill = new Case("two lanes", Map.of("write-max-writers-to-spill", "2"),
				List.of(List.of(new Batch(40_000, "abcd", false)), List.of(new Batch(40_000, "dcba", false))));
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("warehouse"));
				BufferAllocator allocator = new RootAllocator();
				PaimonWriter writer = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
					.spillDirectory(this.dir.resolve("spill"))
					.parallelism(2)
					.build()) {
			writeBoth(warehouse, writer, allocator, spill);
			assertThat(sorted(ParityTables.rows(warehouse, "default.ours$audit_log")))
				.isEqualTo(sorted(ParityTables.rows(warehouse, "default.paimon$audit_log")));
			Map<String, List<String>> ours = ParityTables.files(warehouse.table("default.ours"));
			Map<String, List<String>> paimons = ParityTables.files(warehouse.table("default.paimon"));
			assertThat(ours.keySet()).isEqualTo(paimons.keySet());
			// one Paimon writer: one file per partition and round; two lanes: one per lane that took rows of it
			// (which chunks a lane takes depends on timing)
			paimons.values().forEach((files) -> assertThat(files).hasSize(2));
			ours.values().forEach((files) -> assertThat(files).hasSizeBetween(2, 4));
		}
	}

	private void writeBoth(TestWarehouse warehouse, PaimonWriter writer, BufferAllocator allocator, Case spill)
			throws Exception {
		for (String name : List.of("default.ours", "default.paimon")) {
			Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT().notNull())
				.column("dt", DataTypes.STRING()).column("name", DataTypes.STRING())
				.column("amount", DataTypes.DOUBLE()).partitionKeys("dt");
			spill.options().forEach(schema::option);
			warehouse.create(name, schema.build());
		}
		assertThat(ColumnarWrites.unsupportedReason(warehouse.table("default.ours"))).as("routing").isNull();
		List<List<VectorSchemaRoot>> rounds = new ArrayList<>();
		try {
			int id = 0;
			for (List<Batch> round : spill.rounds()) {
				List<VectorSchemaRoot> batches = new ArrayList<>();
				for (Batch batch : round) {
					batches.add(batch(allocator, id, batch));
					id += batch.rows();
				}
				rounds.add(batches);
			}
		}
		catch (RuntimeException ex) {
			rounds.forEach((round) -> round.forEach(VectorSchemaRoot::close));
			throw ex;
		}
		ParityTables.writeBoth(writer, warehouse, "default.ours", "default.paimon", rounds);
	}

	private static List<String> sorted(List<String> rows) {
		return rows.stream().sorted().toList();
	}

	private static VectorSchemaRoot batch(BufferAllocator allocator, int firstId, Batch batch) {
		ArrowRows columns = ArrowRows.columns().intColumn("id").stringColumn("dt").stringColumn("name")
			.column("amount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
		int partitions = batch.partitions().length();
		Object[][] rows = new Object[batch.rows()][];
		for (int i = 0; i < batch.rows(); i++) {
			int id = firstId + i;
			int partition = batch.blocks() ? (int) ((long) i * partitions / batch.rows()) : i % partitions;
			String dt = "p-" + batch.partitions().charAt(partition);
			String name = (id % 10 == 0) ? null : "n-" + (id * 7919 % 100_000);
			Double amount = (id % 11 == 0) ? null : id * 1.5;
			rows[i] = new Object[] { id, dt, name, amount };
		}
		return columns.rows(allocator, rows);
	}

}
