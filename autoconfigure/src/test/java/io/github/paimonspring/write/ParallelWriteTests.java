package io.github.paimonspring.write;

import io.github.paimonspring.core.PaimonWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Large batches are written by several Paimon writers in parallel; the result must be exactly what
 * one writer produces: same rows, same buckets, newest values win.
 */
class ParallelWriteTests {

	@TempDir
	Path dir;

	@Test
	void parallelLanesOnAFixedBucketTableKeepPaimonsBucketsAndUpsertSemantics() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			for (String name : List.of("default.par", "default.twin")) {
				warehouse.create(name, Schema.newBuilder()
					.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).primaryKey("id")
					.option("bucket", "4").build());
			}
			PaimonWriter writer = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
				.spillDirectory(this.dir.resolve("s"))
				.parallelism(3)
				.build();
			ArrowWriteBuilder builder = writer.newWriteBuilder("default.par").withCommitUser("lanes");
			try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit()) {
				try (VectorSchemaRoot first = Batches.idNameRange(allocator, 0, 100_000, (id) -> "v1")) {
					write.write(first);
				}
				ArrowCommitMessages round1 = write.prepareCommit();
				try (VectorSchemaRoot second = Batches.idNameRange(allocator, 50_000, 150_000, (id) -> "v2")) {
					write.write(second);
				}
				// both rounds in one commit: sequence numbers must still make round 2 win
				commit.commit(1, round1.merge(write.prepareCommit()));
			}
			List<String> rows = warehouse.read("default.par", (r) -> r.getInt(0) + ":" + r.getString(1));
			assertThat(rows).hasSize(150_000).contains("0:v1", "49999:v1", "50000:v2", "149999:v2");

			// the same keys written by Paimon's own single writer land in the same buckets
			BatchWriteBuilder native_ = warehouse.table("default.twin").newBatchWriteBuilder();
			try (BatchTableWrite write = native_.newWrite(); BatchTableCommit commit = native_.newCommit()) {
				for (int i = 0; i < 150_000; i++) {
					write.write(TestWarehouse.row(i, "x"));
				}
				commit.commit(write.prepareCommit());
			}
			assertThat(keyBuckets(warehouse, "default.par")).isEqualTo(keyBuckets(warehouse, "default.twin"));
		}
	}

	@Test
	void parallelLanesOnAnAppendTableWriteEveryRowOnce() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			warehouse.create("default.log", Schema.newBuilder()
				.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).build());
			PaimonWriter writer = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
				.spillDirectory(this.dir.resolve("s"))
				.parallelism(2)
				.build();
			try (VectorSchemaRoot batch = Batches.idNameRange(allocator, 0, 100_000, (id) -> "a")) {
				assertThat(writer.write("default.log", batch).rows()).isEqualTo(100_000);
			}
			List<Integer> ids = warehouse.read("default.log", (r) -> r.getInt(0));
			assertThat(ids).hasSize(100_000).doesNotHaveDuplicates();
			assertThat(warehouse.dataFiles("default.log")).hasSize(2);
		}
	}

	private static Map<Integer, Integer> keyBuckets(TestWarehouse warehouse, String table) {
		FileStoreTable t = warehouse.table(table);
		// compare which rows are in which bucket by reading with a bucket filter
		Map<Integer, Integer> keyToBucket = new HashMap<>();
		for (int bucket = 0; bucket < 4; bucket++) {
			int b = bucket;
			var read = t.newReadBuilder().withBucket(b);
			try (var reader = read.newRead().createReader(read.newScan().plan())) {
				reader.forEachRemaining((row) -> keyToBucket.put(row.getInt(0), b));
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		return keyToBucket;
	}

}
