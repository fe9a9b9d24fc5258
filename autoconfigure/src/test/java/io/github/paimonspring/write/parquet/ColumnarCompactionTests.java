package io.github.paimonspring.write.parquet;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.Snapshot;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.Split;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Primary-key tables written column by column are compacted as Paimon's writer compacts its own:
 * the new level-0 files reach Paimon's writer of their bucket, which compacts when the bucket has too
 * many sorted runs, in the same commit. Written through the lanes of {@link PaimonWriter}, against the
 * same writes through Paimon's writer ({@code paimon.write.columnar=false}).
 */
class ColumnarCompactionTests {

	@TempDir
	Path dir;

	@Test
	void bucketsWrittenColumnByColumnAreCompactedAsPaimonsWriterCompactsThem() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			Map<String, String> options = Map.of("num-sorted-run.compaction-trigger", "3");
			ColumnarKeyValueWriterTests.create(warehouse, "default.ours", List.of("id"), options);
			ColumnarKeyValueWriterTests.create(warehouse, "default.paimon", List.of("id"), options);
			PaimonWriter.Builder writers = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
				.spillDirectory(this.dir.resolve("s"))
				.parallelism(2);
			PaimonWriter columnar = writers.build();
			PaimonWriter rowByRow = writers.columnarWrites(false).build();
			for (int round = 0; round < 8; round++) {
				try (VectorSchemaRoot batch = FlatBatches.batch(allocator, round * 500, 3_000, round % 2 == 1)) {
					columnar.write("default.ours", batch);
					rowByRow.write("default.paimon", batch);
				}
				for (String table : List.of("default.ours", "default.paimon")) {
					assertThat(sortedRuns(warehouse.table(table)).values())
						.as("sorted runs per bucket of %s after write %d", table, round)
						.allSatisfy((runs) -> assertThat(runs).isLessThanOrEqualTo(3));
				}
			}
			assertThat(compactions(warehouse.table("default.ours"))).isPositive();
			assertThat(ColumnarKeyValueWriterTests.rows(warehouse, "default.ours")).hasSize(6_500)
				.containsExactlyInAnyOrderElementsOf(ColumnarKeyValueWriterTests.rows(warehouse, "default.paimon"));
		}
	}

	/** The sorted runs of each bucket: its level-0 files and its other non-empty levels. */
	private static Map<Integer, Integer> sortedRuns(FileStoreTable table) {
		Map<Integer, Integer> runs = new HashMap<>();
		Map<Integer, Set<Integer>> levels = new HashMap<>();
		for (Split split : table.newReadBuilder().newScan().plan().splits()) {
			DataSplit data = (DataSplit) split;
			for (DataFileMeta file : data.dataFiles()) {
				if (file.level() == 0) {
					runs.merge(data.bucket(), 1, Integer::sum);
				}
				else if (levels.computeIfAbsent(data.bucket(), (b) -> new HashSet<>()).add(file.level())) {
					runs.merge(data.bucket(), 1, Integer::sum);
				}
			}
		}
		return runs;
	}

	private static long compactions(FileStoreTable table) {
		long count = 0;
		Long latest = table.snapshotManager().latestSnapshotId();
		for (long id = 1; latest != null && id <= latest; id++) {
			if (table.snapshotManager().snapshot(id).commitKind() == Snapshot.CommitKind.COMPACT) {
				count++;
			}
		}
		return count;
	}

}
