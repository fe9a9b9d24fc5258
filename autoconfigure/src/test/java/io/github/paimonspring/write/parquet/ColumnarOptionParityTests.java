package io.github.paimonspring.write.parquet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The parity proof of the allow-list ({@link ColumnarOptions}): for every option the column-by-column
 * writers reproduce, a table setting it (to a value other than the default where one is allowed) is
 * written column by column through the starter's public API and by Paimon's own writer from the same
 * Arrow batches — three rounds of inserts, updates and deletes over five partitions — and both give the
 * same rows, row kinds and data-file metadata. {@code ColumnarOptionsTests} checks that every reproduced
 * option has a case here.
 */
class ColumnarOptionParityTests {

	/** Options every case covers: they are the schema's own. */
	static final List<String> STRUCTURAL = List.of("primary-key", "partition");

	@TempDir
	Path dir;

	/** A table shape and the options it sets. */
	record Case(String shape, Map<String, String> options) {

		@Override
		public String toString() {
			return this.shape + " " + this.options;
		}

	}

	static List<Case> cases() {
		List<Case> cases = new ArrayList<>();
		both(cases, "type", "table");
		both(cases, "file.format", "parquet");
		both(cases, "file.compression", "none");
		both(cases, "file.compression", "lz4");
		both(cases, "file.compression", "snappy");
		both(cases, "file.compression", "zstd", "file.compression.zstd-level", "3");
		both(cases, "file.compression.per.level", "", "file.format.per.level", "", "metadata.stats-mode.per.level", "");
		both(cases, "data-file.prefix", "part-", "data-file.path-directory", "files");
		both(cases, "file.suffix.include.compression", "true");
		both(cases, "data-file.external-paths", "${external}", "data-file.external-paths.strategy", "round-robin");
		both(cases, "data-file.external-paths", "${external},${external}2", "data-file.external-paths.strategy",
				"weight-robin", "data-file.external-paths.weights", "1,3");
		both(cases, "data-file.external-paths", "${external}", "data-file.external-paths.strategy", "entropy-inject");
		both(cases, "partition.default-name", "NO_DT", "partition.legacy-name", "false");
		both(cases, "partition.timestamp-format.strict", "false", "chain-table.enabled", "false");
		both(cases, "target-file-size", "16 kb");
		both(cases, "metadata.stats-mode", "none");
		both(cases, "metadata.stats-mode", "counts", "fields.name.stats-mode", "full");
		both(cases, "metadata.stats-mode", "full", "metadata.stats-dense-store", "false");
		both(cases, "metadata.stats-mode", "truncate(4)", "metadata.stats-keep-first-n-columns", "2");
		both(cases, "parquet.enable.dictionary", "false");
		both(cases, "parquet.enable.dictionary#name", "false", "parquet.dictionary.page.size", "512");
		both(cases, "parquet.page.size", "1024", "parquet.page.row.count.limit", "100");
		both(cases, "parquet.writer.version", "v2");
		both(cases, "parquet.block.size", "4096");
		both(cases, "file.block-size", "2 kb", "parquet.writer.version", "v2");
		both(cases, "parquet.bloom.filter.enabled#name", "true", "parquet.bloom.filter.expected.ndv#name", "500",
				"parquet.bloom.filter.fpp#name", "0.05");
		both(cases, "parquet.compression.codec.zstd.level", "5");
		both(cases, "variant.inferShreddingSchema", "false", "blob-as-descriptor", "false", "row-tracking.enabled",
				"false");
		both(cases, "data-evolution.enabled", "false", "clustering.incremental", "false",
				"clustering.incremental.optimize-write", "false");
		cases.add(new Case("append", options("write-max-writers-to-spill", "2", "write-buffer-for-append", "false")));
		cases.add(new Case("pk", options("bucket", "3", "bucket-key", "id")));
		cases.add(new Case("pk", options("bucket-function.type", "mod")));
		cases.add(new Case("pk", options("merge-engine", "deduplicate", "ignore-delete", "false",
				"ignore-update-before", "false", "changelog-producer", "none")));
		cases.add(new Case("pk", options("sort-engine", "loser-tree", "deletion-vectors.enabled", "false",
				"deletion-vectors.modifiable", "false", "delete.force-produce-changelog", "false")));
		cases.add(new Case("pk", options("force-lookup", "false", "data-file.thin-mode", "false",
				"pk-clustering-override", "false")));
		cases.add(new Case("pk", options("write-only", "true")));
		cases.add(new Case("pk", options("write-buffer-size", "64 kb", "page-size", "4 kb", "write-buffer-spillable",
				"true")));
		cases.add(new Case("pk", options("num-sorted-run.compaction-trigger", "2", "num-sorted-run.stop-trigger", "3",
				"num-levels", "3", "compaction.size-ratio", "2")));
		cases.add(new Case("pk", options("commit.force-compact", "true", "compaction.force-rewrite-all-files",
				"true")));
		cases.add(new Case("pk", options("compaction.max-size-amplification-percent", "10",
				"compaction.force-up-level-0", "true", "compaction.min.file-num", "2", "compaction.file-num-limit",
						"3")));
		cases.add(new Case("pk", options("compaction.offpeak.start.hour", "0", "compaction.offpeak.end.hour", "23",
				"compaction.offpeak-ratio", "20", "compaction.delete-ratio-threshold", "0.1")));
		cases.add(new Case("pk", options("compaction.optimization-interval", "1 s", "compaction.total-size-threshold",
				"1 kb", "compaction.incremental-size-threshold", "1 kb")));
		return cases;
	}

	static Stream<Arguments> parityCases() {
		return cases().stream().map(Arguments::of);
	}

	@ParameterizedTest
	@MethodSource("parityCases")
	void theColumnarPathWritesWhatPaimonsWriterWrites(Case parity) throws Exception {
		String external = this.dir.resolve("external").toUri().toString();
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("warehouse"));
				BufferAllocator allocator = new RootAllocator()) {
			for (String name : List.of("default.ours", "default.paimon")) {
				Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT().notNull())
					.column("dt", parity.shape().equals("pk") ? DataTypes.STRING().notNull() : DataTypes.STRING())
					.column("name", DataTypes.STRING()).column("amount", DataTypes.DOUBLE()).partitionKeys("dt");
				if (parity.shape().equals("pk")) {
					schema.primaryKey("dt", "id").option("bucket", "2");
				}
				parity.options().forEach((key, value) -> schema.option(key, value.replace("${external}", external)));
				warehouse.create(name, schema.build());
			}
			assertThat(ColumnarWrites.unsupportedReason(warehouse.table("default.ours"))).as("routing").isNull();
			List<List<VectorSchemaRoot>> rounds = new ArrayList<>();
			for (int round = 0; round < 3; round++) {
				rounds.add(List.of(batch(allocator, round, parity.shape().equals("pk"))));
			}
			ParityTables.writeBoth(warehouse.writer(), warehouse, "default.ours", "default.paimon", rounds);
			assertThat(ParityTables.rows(warehouse, "default.ours")).isNotEmpty();
			ParityTables.assertSameTables(warehouse, "default.ours", "default.paimon");
		}
	}

	/**
	 * Round 0 inserts ids 0..1999; round 1 updates 1000..2999 (new for 2000..); round 2 deletes every
	 * third of 0..1499 and inserts the rest again. Five partitions (append tables: null ones too), names
	 * with multi-byte text, amounts with nulls.
	 */
	private static VectorSchemaRoot batch(BufferAllocator allocator, int round, boolean keyed) {
		ArrowRows columns = ArrowRows.columns().intColumn("id").stringColumn("dt").stringColumn("name")
			.column("amount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
		if (keyed) {
			columns.rowKinds();
		}
		int first = (round == 1) ? 1_000 : 0;
		int count = (round == 2) ? 1_500 : 2_000;
		Object[][] rows = new Object[count][];
		for (int i = 0; i < count; i++) {
			int id = first + i;
			String dt = (!keyed && id % 7 == 0) ? null : "2026-12-0" + (1 + id % 5);
			String name = (id % 10 == 0) ? "" : ((id % 3 == 0) ? "zürich-" : "n-") + (id * 7919 % 1000) + "-r" + round;
			Double amount = (id % 11 == 0) ? null : id * 1.5 + round;
			byte kind = (byte) ((round == 0) ? 0 : (round == 1) ? 2 : (id % 3 == 0) ? 3 : 0);
			rows[i] = keyed ? new Object[] { id, dt, name, amount, kind } : new Object[] { id, dt, name, amount };
		}
		return columns.rows(allocator, rows);
	}

	private static void both(List<Case> cases, String... keyValues) {
		cases.add(new Case("append", options(keyValues)));
		cases.add(new Case("pk", options(keyValues)));
	}

	private static Map<String, String> options(String... keyValues) {
		Map<String, String> options = new LinkedHashMap<>();
		for (int i = 0; i < keyValues.length; i += 2) {
			options.put(keyValues[i], keyValues[i + 1]);
		}
		return options;
	}

}
