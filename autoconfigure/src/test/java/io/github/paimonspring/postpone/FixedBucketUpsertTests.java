package io.github.paimonspring.postpone;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.write.ArrowTableWrite;
import io.github.paimonspring.write.ArrowWriteBuilder;
import io.github.paimonspring.write.BucketPlan;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A second fixed-bucket write of overlapping keys upserts: sequence numbers continue from the
 * committed files of each bucket, so the newest values win and no key is duplicated.
 */
class FixedBucketUpsertTests {

	@TempDir
	Path dir;

	@ParameterizedTest(name = "{0} keys, then {1} keys from {2}, parallelism {3}")
	@CsvSource({ "10000, 10000, 5001, 1", "10000, 10000, 5001, 2", "60000, 60000, 30001, 2" })
	void secondWriteOfOverlappingKeysUpserts(int first, int second, int secondFrom, int parallelism) throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			String table = PostponeFixtures.postponeTable(warehouse, "default.upsert");
			PaimonWriter writer = PaimonWriter.builder(warehouse.writer().tables())
				.spillDirectory(this.dir.resolve("spill"))
				.parallelism(parallelism)
				.build();
			write(writer, table, allocator, 1, first, "v1");
			write(writer, table, allocator, secondFrom, secondFrom + second - 1, "v2");
			List<String> rows = warehouse.read(table, (r) -> r.getInt(0) + ":" + r.getString(1));
			int total = secondFrom + second - 1;
			assertThat(rows).hasSize(total).doesNotHaveDuplicates();
			assertThat(rows).contains("1:v1", (secondFrom - 1) + ":v1", secondFrom + ":v2", first + ":v2",
					total + ":v2")
				.doesNotContain(secondFrom + ":v1", first + ":v1");
			assertThat(warehouse.table(table).store().newScan().plan().files())
				.allSatisfy((e) -> assertThat(e.totalBuckets()).isEqualTo(4))
				.extracting((e) -> e.bucket()).containsOnly(0, 1, 2, 3);
		}
	}

	private static void write(PaimonWriter writer, String table, BufferAllocator allocator, int from, int to,
			String value) {
		ArrowWriteBuilder builder = writer.newWriteBuilder(table).withFixedBucketPlan(BucketPlan.unpartitioned(4));
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(
						new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
						new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null))), allocator)) {
			root.allocateNew();
			byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
			for (int i = from; i <= to; i++) {
				((IntVector) root.getVector(0)).setSafe(i - from, i);
				((VarCharVector) root.getVector(1)).setSafe(i - from, bytes);
			}
			root.setRowCount(to - from + 1);
			write.write(root);
			builder.newCommit().commit(write.prepareCommit());
		}
	}

}
