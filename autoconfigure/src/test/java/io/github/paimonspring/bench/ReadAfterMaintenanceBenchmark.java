package io.github.paimonspring.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.maintenance.CompactionResult;
import io.github.paimonspring.maintenance.TableMaintenance;
import io.github.paimonspring.support.Batches;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;

/**
 * Benchmark harness (not a test): the cost of a full scan of a table written by many small commits,
 * before and after {@link TableMaintenance} compacted it, in one run: an append table after N
 * 100-row commits, and a primary-key {@code bucket = 2} table after N upserting 100-row commits.
 * Run: {@code mvn -B -pl autoconfigure -am -Pbench verify -DskipTests
 * -Dbench.main=io.github.paimonspring.bench.ReadAfterMaintenanceBenchmark -Dbench.rows=1200}
 * (the rows argument is the number of commits; see docs/benchmarks.md).
 */
public final class ReadAfterMaintenanceBenchmark {

	private ReadAfterMaintenanceBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int commits = (args.length > 0) ? Integer.parseInt(args[0]) : 1200;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		Path out = (args.length > 2) ? Path.of(args[2]) : Path.of("target/read-benchmark-results.md");
		Path warehouse = Files.createTempDirectory("paimon-read-bench");
		Options options = new Options();
		options.set("warehouse", warehouse.toString());
		options.set("cache-enabled", "false");
		List<String> report = new ArrayList<>();
		report.add(String.format(Locale.ROOT, "Commits per table: %,d of 100 rows; scan rounds: %d; cores: %d", commits,
				rounds, Runtime.getRuntime().availableProcessors()));
		report.add("");
		report
				.add("| table | files before | files after | scan rows/s before | scan rows/s after | ratio "
						+ "after/before |");
		report.add("|---|---:|---:|---:|---:|---:|");
		try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
				BufferAllocator allocator = new RootAllocator()) {
			catalog.createDatabase("bench", true);
			PaimonTables tables = new PaimonTables(catalog, Map.of());
			PaimonWriter writer = PaimonWriter.builder(tables).spillDirectory(warehouse.resolve("spill")).build();
			TableMaintenance maintenance = new TableMaintenance(tables);
			for (boolean pk : new boolean[] { false, true }) {
				String table = pk ? "bench.upserts" : "bench.appends";
				Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT()).column("name",
						DataTypes.STRING())
					.option("write-only", "true");
				if (pk) {
					schema.primaryKey("id").option("bucket", "2");
				}
				catalog.createTable(Identifier.fromString(table), schema.build(), false);
				for (int commit = 0; commit < commits; commit++) {
					Object[] values = new Object[200];
					for (int i = 0; i < 100; i++) {
						int id = pk ? (commit * 100 + i) % 5_000 : commit * 100 + i;
						values[i * 2] = id;
						values[i * 2 + 1] = "v" + commit;
					}
					try (VectorSchemaRoot batch = Batches.idName(allocator, values)) {
						writer.write(table, batch);
					}
				}
				int filesBefore = maintenance.liveFiles(table);
				double before = scan(catalog, table, rounds);
				CompactionResult compaction = maintenance.compact(table, true);
				while (!pk && maintenance.compact(table, false).compacted()) {
					// append tables: merge the outputs until nothing is left to do
				}
				int filesAfter = maintenance.liveFiles(table);
				double after = scan(catalog, table, rounds);
				System.out.printf(Locale.ROOT, "%s: %d -> %d files (%s), %,.0f -> %,.0f rows/s%n", table, filesBefore,
						filesAfter, compaction, before, after);
				report.add(String.format(Locale.ROOT, "| %s | %,d | %,d | %,.0f | %,.0f | **%.1f** |",
						pk ? "primary key, bucket = 2, upserts over 5,000 keys" : "append", filesBefore, filesAfter,
								before,
						after, after / before));
			}
		}
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.write(out, report);
		report.forEach(System.out::println);
	}

	/** Median rows/s of full scans with Paimon's reader (one warm-up scan first). */
	private static double scan(Catalog catalog, String name, int rounds) throws Exception {
		Table table = catalog.getTable(Identifier.fromString(name));
		List<Double> rates = new ArrayList<>();
		for (int round = -1; round < rounds; round++) {
			long started = System.nanoTime();
			ReadBuilder read = table.newReadBuilder();
			long rows = 0;
			try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
				RecordReader.RecordIterator<InternalRow> batch;
				while ((batch = reader.readBatch()) != null) {
					while (batch.next() != null) {
						rows++;
					}
					batch.releaseBatch();
				}
			}
			double seconds = (System.nanoTime() - started) / 1e9;
			if (round >= 0) {
				rates.add(rows / seconds);
			}
		}
		rates.sort(Double::compare);
		return rates.get(rates.size() / 2);
	}

}
