package io.github.paimonspring.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.IngestChannel;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.ingest.IngestListener;
import io.github.paimonspring.ingest.IngestSettings;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.support.Batches;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.utils.SnapshotManager;

/**
 * Benchmark harness (not a test): one table with N channels (1,000 by default), every channel
 * appended to in rounds (one row per append, 64 appends in flight, group commit every 20 ms): the size
 * of the snapshot properties the group commits write, and the latency of an append (submit to commit).
 * Uses only the public API, so the same file measures an earlier build. Run:
 * {@code mvn -B -pl autoconfigure -am -Pbench verify -DskipTests
 * -Dbench.main=io.github.paimonspring.bench.ManyChannelsBenchmark -Dbench.rows=1000 -Dbench.rounds=5}
 * (see docs/benchmarks.md).
 */
public final class ManyChannelsBenchmark {

	private static final String TABLE = "bench.channels";

	private static final int IN_FLIGHT = 64;

	private ManyChannelsBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int channels = (args.length > 0) ? Integer.parseInt(args[0]) : 1000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		Path out = (args.length > 2) ? Path.of(args[2]) : Path.of("target/many-channels-results.md");
		Path warehouse = Files.createTempDirectory("paimon-channels-bench");
		Options options = new Options();
		options.set("warehouse", warehouse.toString());
		try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
				BufferAllocator allocator = new RootAllocator()) {
			catalog.createDatabase("bench", true);
			catalog.createTable(Identifier.fromString(TABLE), Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build(), false);
			Ingester ingester = new Ingester(new IngestSettings(Duration.ofMillis(20), 1_000_000, 64L << 20, 256L << 20,
					8L << 20), new LocalKeyClaims(), IngestListener.NONE, 0);
			PaimonWriter writer = PaimonWriter.builder(new PaimonTables(catalog, Map.of()))
				.spillDirectory(warehouse.resolve("spill"))
				.parallelism(2)
				.ingester(ingester)
				.build();
			IngestChannel[] opened = new IngestChannel[channels];
			for (int c = 0; c < channels; c++) {
				opened[c] = writer.openChannel(WriteRequest.into(TABLE), "partition-" + c);
			}
			FileStoreTable table = (FileStoreTable) catalog.getTable(Identifier.fromString(TABLE));
			SnapshotManager snapshots = table.snapshotManager();
			long firstMeasured = snapshots.latestSnapshotId() + 1;
			long[] latencies = new long[channels * rounds];
			Semaphore inFlight = new Semaphore(IN_FLIGHT);
			List<CompletableFuture<?>> pending = new ArrayList<>();
			long started = System.nanoTime();
			for (int round = 1; round <= rounds; round++) {
				for (int c = 0; c < channels; c++) {
					inFlight.acquire();
					int slot = (round - 1) * channels + c;
					long submitted = System.nanoTime();
					String after = (round == 1) ? "" : String.valueOf(round - 1);
					try (VectorSchemaRoot batch = Batches.idName(allocator, slot, "r" + round)) {
						pending.add(opened[c].append(after, String.valueOf(round), List.of(batch))
							.whenComplete((result, failure) -> {
								latencies[slot] = System.nanoTime() - submitted;
								inFlight.release();
							}));
					}
				}
			}
			CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(10, TimeUnit.MINUTES);
			double seconds = (System.nanoTime() - started) / 1e9;
			long lastMeasured = snapshots.latestSnapshotId();
			long total = 0;
			long largest = 0;
			int commits = 0;
			for (long id = firstMeasured; id <= lastMeasured; id++) {
				Snapshot snapshot = snapshots.snapshot(id);
				long size = 0;
				for (Map.Entry<String, String> property : snapshot.properties().entrySet()) {
					size += property.getKey().length() + property.getValue().length();
				}
				total += size;
				largest = Math.max(largest, size);
				commits++;
			}
			long appends = (long) channels * rounds;
			Arrays.sort(latencies);
			String report = String.format(Locale.ROOT,
					"Channels: %,d; rounds: %d (%,d appends of one row, %d in flight, "
					+ "group commit every 20 ms); cores: %d%n%n"
					+ "| group commits | properties per commit (mean) | largest | properties per append | "
					+ "append p50 | append p99 | appends/s |%n|---:|---:|---:|---:|---:|---:|---:|%n"
					+ "| %,d | %,d B | %,d B | %,d B | %.1f ms | %.1f ms | %,.0f |%n",
					channels, rounds, appends, IN_FLIGHT, Runtime.getRuntime().availableProcessors(), commits,
					total / Math.max(1, commits), largest, total / appends, latencies[(int) (appends * 0.5)] / 1e6,
					latencies[(int) (appends * 0.99)] / 1e6, appends / seconds);
			System.out.println(report);
			Files.createDirectories(out.toAbsolutePath().getParent());
			Files.writeString(out, report);
			writer.close();
			ingester.close();
		}
	}

}
