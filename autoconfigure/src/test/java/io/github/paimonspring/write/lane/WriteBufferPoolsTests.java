package io.github.paimonspring.write.lane;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.memory.MemorySegment;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Write buffers kept from one write to the next: a pool is kept only when every page came back and the
 * idle pools stay within the budget; writes that reuse pages other writes filled (other tables, many
 * flushes of a small buffer) still write exactly their rows.
 */
class WriteBufferPoolsTests {

	private static final int PAGE = 16 * 1024;

	@TempDir
	Path dir;

	@Test
	void aPoolIsKeptOnlyWhenEveryPageCameBackAndTheIdlePoolsStayWithinTheBudget() {
		WriteBufferPools pools = new WriteBufferPools(3L * PAGE);
		WriteBufferPools.Pool pool = pools.take(8L * PAGE, PAGE);
		List<MemorySegment> pages = new ArrayList<>();
		pages.add(pool.nextSegment());
		pages.add(pool.nextSegment());
		assertThat(pools.giveBack(pool)).as("two pages still out").isFalse();
		pool.returnAll(pages);
		assertThat(pools.giveBack(pool)).isTrue();
		assertThat(pools.idleBytes()).isEqualTo(2L * PAGE);
		assertThat(pools.take(4L * PAGE, PAGE)).as("another size").isNotSameAs(pool);
		WriteBufferPools.Pool again = pools.take(8L * PAGE, PAGE);
		assertThat(again).isSameAs(pool);
		assertThat(pools.idleBytes()).isZero();
		assertThat(again.freePages()).isEqualTo(8);
		// a pool that would take the idle pools over the budget is dropped
		pools.giveBack(again);
		WriteBufferPools.Pool large = pools.take(8L * PAGE, PAGE);
		assertThat(large).isSameAs(pool);
		WriteBufferPools.Pool second = pools.take(8L * PAGE, PAGE);
		List<MemorySegment> two = List.of(second.nextSegment(), second.nextSegment());
		second.returnAll(two);
		assertThat(pools.giveBack(large)).isTrue();
		assertThat(pools.giveBack(second)).as("2 + 2 pages over a budget of 3").isFalse();
		assertThat(pools.idleBytes()).isEqualTo(2L * PAGE);
		assertThat(pools.giveBack(pools.take(2L * PAGE, PAGE))).as("a pool that allocated nothing").isFalse();
	}

	@Test
	void writesThatReusePagesOtherWritesFilledWriteExactlyTheirRows() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir); BufferAllocator allocator = new RootAllocator()) {
			for (String name : List.of("default.first", "default.second")) {
				// a small buffer: every write fills and flushes it many times, and reuses pages from earlier writes
				warehouse.create(name, Schema.newBuilder()
					.column("id", DataTypes.INT())
					.column("name", DataTypes.STRING())
					.primaryKey("id")
					.option("bucket", "4")
					.option("write-buffer-size", (32 * PAGE) + " b")
					.option("page-size", PAGE + " b")
					.option("write-buffer-spillable", "false")
					.build());
			}
			PaimonWriter writer = PaimonWriter.builder(new PaimonTables(warehouse.catalog(), Map.of()))
				.spillDirectory(this.dir.resolve("s"))
				.parallelism(2)
				.build();
			Map<String, Map<Integer, String>> expected = Map.of("default.first", new HashMap<>(), "default.second",
					new HashMap<>());
			for (int round = 0; round < 4; round++) {
				for (String table : List.of("default.first", "default.second")) {
					int from = round * 20_000;
					String value = table.substring(8) + "-r" + round;
					try (VectorSchemaRoot batch = Batches.idNameRange(allocator, from, from + 50_000,
							(id) -> value + "-" + id)) {
						assertThat(writer.write(table, batch).rows()).isEqualTo(50_000);
					}
					for (int id = from; id < from + 50_000; id++) {
						expected.get(table).put(id, value + "-" + id);
					}
					assertThat(WriteBufferPools.SHARED.idleBytes()).as("the lanes gave their buffers back")
							.isPositive();
				}
			}
			for (String table : expected.keySet()) {
				Map<Integer, String> rows = new HashMap<>();
				warehouse.read(table, (row) -> rows.put(row.getInt(0), row.getString(1).toString()));
				assertThat(rows).as(table).isEqualTo(expected.get(table));
				assertThat(warehouse.read(table, (row) -> row.getInt(0))).as(table).hasSize(110_000);
			}
		}
	}

}
