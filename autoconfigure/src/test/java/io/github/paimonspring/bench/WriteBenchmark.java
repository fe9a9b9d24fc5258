package io.github.paimonspring.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

import io.github.paimonspring.arrow.ArrowBatchConverter;
import io.github.paimonspring.write.BucketPlan;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.write.ArrowTableCommit;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.options.Options;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;

/**
 * Benchmark harness (not a test): writes the same rows with the raw Paimon API from
 * {@code GenericRow}s (baseline) and through {@link PaimonWriter} from Arrow batches, into an append
 * table and a primary-key {@code bucket=4} table, in one JVM. Rounds alternate the order of the two
 * sides; the report gives the median rows/s and the median of the per-round ratios. The
 * {@code -ceiling} cases measure what the machine allows: two raw writers in parallel, each writing
 * half of the rows into its own table, against one raw writer (no Arrow, no conversion).
 * <p>
 * Run: {@code mvn -B -pl autoconfigure -am -Pbench verify -DskipTests} (see docs/benchmarks.md).
 */
public final class WriteBenchmark {

	private WriteBenchmark() {
	}

	/** One benchmark case: a baseline and a candidate writer of the same data. */
	record Case(String name, String baselineLabel, Side baseline, String candidateLabel, Side candidate) {
	}

	@FunctionalInterface
	interface Side {

		long run(String table) throws Exception;

	}

	public static void main(String[] args) throws Exception {
		int rows = (args.length > 0) ? Integer.parseInt(args[0]) : 2_000_000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 3;
		Path out = (args.length > 2) ? Path.of(args[2]) : Path.of("target/benchmark-results.md");
		Path warehouse = Files.createTempDirectory("paimon-bench");
		Options options = new Options();
		options.set("warehouse", warehouse.toString());
		options.set("cache-enabled", "false");
		ExecutorService twoWriters = Executors.newFixedThreadPool(2);
		try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
				BufferAllocator allocator = new RootAllocator()) {
			catalog.createDatabase("bench", true);
			PaimonWriter writer = PaimonWriter.builder(new PaimonTables(catalog, Map.of()))
				.spillDirectory(warehouse.resolve("spill"))
				.build();
			PaimonWriter singleLane = PaimonWriter.builder(new PaimonTables(catalog, Map.of()))
				.spillDirectory(warehouse.resolve("spill"))
				.parallelism(1)
				.build();
			System.out.printf("Preparing %,d rows...%n", rows);
			List<InternalRow> genericRows = BenchmarkData.rows(rows);
			List<VectorSchemaRoot> batches = BenchmarkData.batches(allocator, rows, 65_536);
			List<Case> cases = new ArrayList<>();
			for (boolean pk : new boolean[] { false, true }) {
				String kind = pk ? "pk-bucket4" : "append";
				String bucket = pk ? "4" : "-1";
				Function<String, String> create = (name) -> {
					try {
						catalog.createTable(Identifier.create("bench", name), BenchmarkData.schema(pk, bucket), false);
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
					return "bench." + name;
				};
				cases.add(new Case(kind, "raw Paimon API, GenericRow",
						(t) -> rawWrite(catalog, create.apply(kind + "_raw_" + t), genericRows),
						"PaimonWriter, Arrow 64k batches (parallelism " + PaimonWriter.defaultParallelism() + ")",
						(t) -> arrowWrite(writer, create.apply(kind + "_arrow_" + t), batches)));
				cases.add(new Case(kind, "raw Paimon API, GenericRow",
						(t) -> rawWrite(catalog, create.apply(kind + "_raw1_" + t), genericRows),
						"PaimonWriter, Arrow 64k batches (parallelism 1)",
						(t) -> arrowWrite(singleLane, create.apply(kind + "_arrow1_" + t), batches)));
				cases.add(new Case(kind + "-ceiling", "raw Paimon API, one writer",
						(t) -> rawWrite(catalog, create.apply(kind + "_ceil1_" + t), genericRows),
						"raw Paimon API, two writers in parallel (half the rows each, two tables)",
						(t) -> rawWriteInParallel(twoWriters, catalog, create.apply(kind + "_ceil2a_" + t),
								create.apply(kind + "_ceil2b_" + t), genericRows)));
			}
			// issue 3: fixed-bucket writes into a bucket=-2 table vs the standard path into a twin bucket=4 table
			Function<String, String> createPostpone = (name) -> {
				try {
					catalog.createTable(Identifier.create("bench", name), BenchmarkData.schema(true, "-2"), false);
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
				return "bench." + name;
			};
			Function<String, String> createTwin = (name) -> {
				try {
					catalog.createTable(Identifier.create("bench", name), BenchmarkData.schema(true, "4"), false);
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
				return "bench." + name;
			};
			cases.add(new Case("postpone-fixed-bucket4", "PaimonWriter standard path, bucket=4 twin",
					(t) -> arrowWrite(writer, createTwin.apply("twin_" + t), batches),
					"PaimonWriter fixed-bucket path, bucket=-2, plan 4",
					(t) -> fixedBucketWrite(writer, createPostpone.apply("postpone_" + t), batches)));
			// issue 8: the cost of checking every Arrow buffer (plus the NOT NULL checks) before reading it
			ArrowBatchConverter converter = new ArrowBatchConverter("bench.validation",
					BenchmarkData.schema(false, "-1").rowType());
			cases.add(new Case("buffer-validation", "reconvert: column vectors only, no checks",
					(t) -> convertAll(batches, (root) -> converter.reconvert(root, null)),
					"convert: buffer checks + NOT NULL checks + column vectors",
					(t) -> convertAll(batches, (root) -> converter.convert(root, null))));
			if (args.length > 3) {
				cases.removeIf((c) -> !c.name().startsWith(args[3]));
			}
			StringBuilder report = new StringBuilder();
			report.append(String.format(Locale.ROOT, "Rows: %,d; rounds: %d; JVM: %s %s; cores: %d%n%n", rows, rounds,
					System.getProperty("java.vm.name"), System.getProperty("java.version"),
					Runtime.getRuntime().availableProcessors()));
			report
					.append("| table | baseline | candidate | baseline rows/s | candidate rows/s | ratio (median of "
							+ "rounds) |\n");
			report.append("|---|---|---|---:|---:|---:|\n");
			for (Case c : cases) {
				// warm-up, not measured
				c.baseline().run("warm");
				c.candidate().run("warm");
				List<Double> baseline = new ArrayList<>();
				List<Double> candidate = new ArrayList<>();
				List<Double> ratios = new ArrayList<>();
				for (int round = 0; round < rounds; round++) {
					double b;
					double a;
					if (round % 2 == 0) {
						b = measure(c.baseline(), "b" + round, rows);
						a = measure(c.candidate(), "c" + round, rows);
					}
					else {
						a = measure(c.candidate(), "c" + round, rows);
						b = measure(c.baseline(), "b" + round, rows);
					}
					baseline.add(b);
					candidate.add(a);
					ratios.add(a / b);
					System.out.printf(Locale.ROOT,
							"%s round %d: baseline %,.0f rows/s, candidate %,.0f rows/s, ratio %.2f%n",
							c.name(), round, b, a, a / b);
				}
				report.append(String.format(Locale.ROOT, "| %s | %s | %s | %,.0f | %,.0f | %.2f |%n", c.name(),
						c.baselineLabel(), c.candidateLabel(), median(baseline), median(candidate), median(ratios)));
			}
			batches.forEach(VectorSchemaRoot::close);
			System.out.println();
			System.out.println(report);
			Files.createDirectories(out.toAbsolutePath().getParent());
			Files.writeString(out, report.toString());
		}
		finally {
			twoWriters.shutdownNow();
		}
	}

	private static double measure(Side side, String tag, int rows) throws Exception {
		System.gc();
		long start = System.nanoTime();
		long written = side.run(tag);
		long nanos = System.nanoTime() - start;
		if (written != rows) {
			throw new IllegalStateException("wrote " + written + " rows, expected " + rows);
		}
		return rows / (nanos / 1e9);
	}

	static long rawWrite(Catalog catalog, String table, List<InternalRow> rows) throws Exception {
		Table t = catalog.getTable(Identifier.fromString(table));
		BatchWriteBuilder builder = t.newBatchWriteBuilder();
		try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
			for (InternalRow row : rows) {
				write.write(row);
			}
			commit.commit(write.prepareCommit());
		}
		return rows.size();
	}

	/** Writes the first half of the rows into one table and the second half into another, at once. */
	static long rawWriteInParallel(ExecutorService twoWriters, Catalog catalog, String first, String second,
			List<InternalRow> rows) throws Exception {
		int half = rows.size() / 2;
		Future<Long> a = twoWriters.submit(() -> rawWrite(catalog, first, rows.subList(0, half)));
		Future<Long> b = twoWriters.submit(() -> rawWrite(catalog, second, rows.subList(half, rows.size())));
		return a.get() + b.get();
	}

	/** Converts every batch and touches one value per column, so that nothing is optimised away. */
	static long convertAll(List<VectorSchemaRoot> batches,
			Function<VectorSchemaRoot, VectorizedColumnBatch> convert) {
		long rows = 0;
		for (VectorSchemaRoot batch : batches) {
			VectorizedColumnBatch converted = convert.apply(batch);
			if (converted.getString(0, 2) == null) {
				throw new IllegalStateException("no value");
			}
			rows += converted.getNumRows();
		}
		return rows;
	}

	static long arrowWrite(PaimonWriter writer, String table, List<VectorSchemaRoot> batches) {
		WriteResult result = writer.execute(table, (session) -> {
			for (VectorSchemaRoot batch : batches) {
				session.write(batch);
			}
		});
		return result.rows();
	}

	static long fixedBucketWrite(PaimonWriter writer, String table, List<VectorSchemaRoot> batches) {
		ArrowWriteBuilder builder = writer.newWriteBuilder(table).withFixedBucketPlan(BucketPlan.unpartitioned(4));
		try (ArrowTableWrite write = builder.newWrite();
				ArrowTableCommit commit = builder.newCommit()) {
			for (VectorSchemaRoot batch : batches) {
				write.write(batch);
			}
			long rows = write.totalRows();
			commit.commit(write.prepareCommit());
			return rows;
		}
	}

	static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		sorted.sort(Comparator.naturalOrder());
		int n = sorted.size();
		return (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
	}

}
