package io.github.paimonspring.write.parquet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.BucketPlan;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Postpone ({@code bucket = -2}) tables written into planned fixed buckets are written column by column
 * too: each bucket gets the file Paimon's writer gives it (rows, key range, statistics, sequence numbers
 * continuing the bucket's), compared with the same writes through Paimon's writer.
 */
class ColumnarPostponeTests {

	@TempDir
	Path dir;

	@Test
	void fixedBucketWritesOfAPostponeTableGetPaimonsFiles() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			for (String name : List.of("default.ours", "default.paimon")) {
				warehouse.create(name, FlatBatches.schema().primaryKey("id").option("bucket", "-2").build());
			}
			PaimonWriter.Builder writers = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
				.spillDirectory(this.dir.resolve("s"))
				.parallelism(2);
			PaimonWriter columnar = writers.build();
			PaimonWriter rowByRow = writers.columnarWrites(false).build();
			for (int round = 0; round < 2; round++) {
				try (VectorSchemaRoot batch = FlatBatches.batch(allocator, round * 5_000, 10_000, round == 1)) {
					write(columnar, "default.ours", batch);
					write(rowByRow, "default.paimon", batch);
				}
			}
			List<ManifestEntry> ours = files(warehouse, "default.ours");
			List<ManifestEntry> theirs = files(warehouse, "default.paimon");
			assertThat(ours).hasSize(8).hasSameSizeAs(theirs);
			for (int i = 0; i < ours.size(); i++) {
				DataFileMeta our = ours.get(i).file();
				DataFileMeta their = theirs.get(i).file();
				assertThat(ours.get(i).bucket()).isEqualTo(theirs.get(i).bucket());
				assertThat(ours.get(i).totalBuckets()).isEqualTo(4);
				assertThat(our.rowCount()).isEqualTo(their.rowCount());
				assertThat(our.minKey()).isEqualTo(their.minKey());
				assertThat(our.maxKey()).isEqualTo(their.maxKey());
				assertThat(our.keyStats()).isEqualTo(their.keyStats());
				assertThat(our.valueStats()).isEqualTo(their.valueStats());
				assertThat(our.minSequenceNumber()).isEqualTo(their.minSequenceNumber());
				assertThat(our.maxSequenceNumber()).isEqualTo(their.maxSequenceNumber());
				assertThat(our.level()).isEqualTo(their.level());
			}
			assertThat(ColumnarKeyValueWriterTests.rows(warehouse, "default.ours")).hasSize(15_000)
				.containsExactlyInAnyOrderElementsOf(ColumnarKeyValueWriterTests.rows(warehouse, "default.paimon"));
		}
	}

	private static void write(PaimonWriter writer, String table, VectorSchemaRoot batch) {
		ArrowWriteBuilder builder = writer.newWriteBuilder(table).withFixedBucketPlan(BucketPlan.unpartitioned(4));
		try (ArrowTableWrite write = builder.newWrite()) {
			write.write(batch);
			builder.newCommit().commit(write.prepareCommit());
		}
	}

	/** The table's files, by bucket, then sequence numbers. */
	private static List<ManifestEntry> files(TestWarehouse warehouse, String table) {
		List<ManifestEntry> files = new ArrayList<>(warehouse.table(table).store().newScan().plan().files());
		files.sort(Comparator.comparingInt(ManifestEntry::bucket)
			.thenComparingLong((ManifestEntry e) -> e.file().minSequenceNumber()));
		return files;
	}

}
