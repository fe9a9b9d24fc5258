package io.github.paimonspring.write.parquet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.data.columnar.ColumnarRow;
import org.apache.paimon.data.columnar.VectorizedColumnBatch;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What spilling costs and saves (run with {@code -Dgroups=large -DexcludedGroups=none}): a round of
 * about three times {@code write-buffer-size} written column by column without spilling (a sorted run
 * per fill), column by column with spilling (one sorted run per bucket), and by Paimon's writer with
 * the same spill directory; then every row read back with Paimon's reader. Prints the median times and
 * the files per round; asserts only that every variant reads back the same rows.
 */
@Tag("large")
class ColumnarSpillCostTests {

	private static final int ROWS = 150_000;

	private static final int BATCH = 10_000;

	private static final int REPEATS = 3;

	@TempDir
	Path dir;

	@Test
	void measuresTheWriteAndReadCostOfSpilling() throws Exception {
		Map<String, List<long[]>> results = new LinkedHashMap<>();
		Path spill = Files.createDirectories(this.dir.resolve("spill"));
		try (BufferAllocator allocator = new RootAllocator(); IOManager ioManager = IOManager.create(spill
				.toString())) {
			List<VectorSchemaRoot> roots = new ArrayList<>();
			for (int first = 0; first < ROWS; first += BATCH) {
				roots.add(FlatBatches.batch(allocator, first, BATCH, true));
			}
			try {
				for (int repeat = 0; repeat < REPEATS; repeat++) {
					for (String variant : List.of("columnar-per-fill", "columnar-spill", "paimon-spill",
							"columnar-fits")) {
						Path warehouseDir = this.dir.resolve(variant + repeat);
						try (TestWarehouse warehouse = new TestWarehouse(warehouseDir)) {
							results.computeIfAbsent(variant, (v) -> new ArrayList<>())
								.add(round(warehouse, variant, roots, ioManager));
						}
					}
				}
			}
			finally {
				roots.forEach(VectorSchemaRoot::close);
			}
		}
		for (Map.Entry<String, List<long[]>> result : results.entrySet()) {
			long[] write = result.getValue().stream().mapToLong((r) -> r[0]).sorted().toArray();
			long[] read = result.getValue().stream().mapToLong((r) -> r[1]).sorted().toArray();
			System.out.printf("spill-cost %-18s write %5d ms  read %5d ms  files %d  rows %d  (writes %s, reads %s)%n",
					result.getKey(), write[REPEATS / 2], read[REPEATS / 2], result.getValue().get(0)[2],
					result.getValue().get(0)[3], Arrays.toString(write), Arrays.toString(read));
		}
		assertThat(results.values()).extracting((r) -> r.get(0)[3]).containsOnly((long) ROWS);
	}

	/** Writes and reads one round: {write ms, read ms, files, rows}. */
	private static long[] round(TestWarehouse warehouse, String variant, List<VectorSchemaRoot> roots,
			IOManager ioManager) throws Exception {
		String buffer = variant.equals("columnar-fits") ? "256 mb" : "16 mb";
		FileStoreTable table = ColumnarKeyValueWriterTests.create(warehouse, "default.t", List.of("id"),
				Map.of("write-buffer-size", buffer, "write-only", "true"));
		long start = System.nanoTime();
		List<CommitMessage> messages;
		if (variant.startsWith("paimon")) {
			try (BatchTableWrite write = table.newBatchWriteBuilder().newWrite()) {
				write.withIOManager(ioManager);
				for (VectorSchemaRoot root : roots) {
					VectorizedColumnBatch batch = ColumnarKeyValueWriterTests.convert(table, root);
					ColumnarRow row = new ColumnarRow(batch);
					for (int i = 0; i < batch.getNumRows(); i++) {
						row.setRowId(i);
						write.write(row);
					}
				}
				messages = write.prepareCommit();
			}
		}
		else {
			try (ColumnarKeyValueWriter writer = new ColumnarKeyValueWriter(table, false, false, (p, b, f) -> {
			}, variant.equals("columnar-per-fill") ? null : ioManager)) {
				RowKeyExtractor keys = table.createRowKeyExtractor();
				int[] rows = new int[BATCH];
				int[] buckets = new int[BATCH];
				for (VectorSchemaRoot root : roots) {
					VectorizedColumnBatch batch = ColumnarKeyValueWriterTests.convert(table, root);
					ColumnarRow row = new ColumnarRow(batch);
					for (int i = 0; i < BATCH; i++) {
						row.setRowId(i);
						keys.setRecord(row);
						buckets[i] = keys.bucket();
						rows[i] = i;
					}
					writer.write(batch, rows, BATCH, buckets, null);
				}
				messages = writer.prepareCommit();
			}
		}
		long written = System.nanoTime();
		long files = ColumnarKeyValueWriterTests.files(messages).size();
		ColumnarKeyValueWriterTests.commit(table, messages);
		long read = System.nanoTime();
		long rows = warehouse.read("default.t", (row) -> 1).size();
		long end = System.nanoTime();
		return new long[] { (written - start) / 1_000_000, (end - read) / 1_000_000, files, rows };
	}

}
