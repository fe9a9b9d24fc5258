package io.github.paimonspring.write;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Writing a batch while the caller loads the next into the same root ({@code transferAndWrite}): the
 * root is left empty at once, every row is written once, the buffers are released when the batch is
 * written (the allocator has nothing left), a bad batch is refused before anything of it is written,
 * and closing with a batch in flight waits for it.
 */
class TransferAndWriteTests extends WarehouseTestBase {

	private static final String TABLE = "default.ahead";

	@Test
	void batchesLoadedIntoOneRootAreWrittenOnceEach() {
		this.warehouse.simpleLogTable(TABLE);
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(TABLE).withCommitUser("ahead");
		List<String> expected = new ArrayList<>(List.of("1:alice", "2:bob", "3:carol"));
		try (BufferAllocator uploads = this.allocator.newChildAllocator("uploads", 0, Long.MAX_VALUE);
				ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot root = VectorSchemaRoot.create(schema(), uploads)) {
			for (int batch = 0; batch < 5; batch++) {
				// like an Arrow reader: the next batch is loaded into the same root
				load(root, batch * 40_000, 40_000);
				assertThat(write.transferAndWrite(root)).isEqualTo(40_000);
				assertThat(root.getRowCount()).as("the root is free for the next batch").isZero();
			}
			write.awaitTransferred();
			try (ArrowTableCommit commit = builder.newCommit()) {
				commit.commit(write.prepareCommit());
			}
			for (int i = 0; i < 200_000; i++) {
				expected.add((i + 10) + ":n" + i);
			}
			root.close();
			assertThat(uploads.getAllocatedMemory()).as("every batch's buffers released").isZero();
		}
		List<String> written = this.warehouse.idNames(TABLE);
		assertThat(written).hasSameSizeAs(expected);
		assertThat(new HashSet<>(written)).isEqualTo(new HashSet<>(expected));
	}

	@Test
	void aBatchThatDoesNotMatchIsRefusedAndTheOneInFlightIsStillWritten() {
		this.warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.build());
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(TABLE).withCommitUser("ahead");
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot good = Batches.idName(this.allocator, 1, "a", 2, "b");
				VectorSchemaRoot bad = Batches.idNameDt(this.allocator, 3, "c", "2026-12-01")) {
			write.transferAndWrite(good);
			assertThatThrownBy(() -> write.transferAndWrite(bad)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("dt");
			try (ArrowTableCommit commit = builder.newCommit()) {
				commit.commit(write.prepareCommit());
			}
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("1:a", "2:b");
	}

	@Test
	void closingWithABatchInFlightWaitsForItAndLeavesNothing() {
		this.warehouse.simpleLogTable(TABLE);
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(TABLE).withCommitUser("ahead");
		try (BufferAllocator uploads = this.allocator.newChildAllocator("uploads", 0, Long.MAX_VALUE)) {
			try (ArrowTableWrite write = builder.newWrite();
					VectorSchemaRoot root = VectorSchemaRoot.create(schema(), uploads)) {
				load(root, 0, 100_000);
				write.transferAndWrite(root);
			}
			assertThat(uploads.getAllocatedMemory()).isZero();
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("1:alice", "2:bob", "3:carol");
	}

	private org.apache.arrow.vector.types.pojo.Schema schema() {
		try (VectorSchemaRoot sample = Batches.idName(this.allocator, 0, "x")) {
			return sample.getSchema();
		}
	}

	private static void load(VectorSchemaRoot root, int from, int rows) {
		root.allocateNew();
		IntVector ids = (IntVector) root.getVector(0);
		VarCharVector names = (VarCharVector) root.getVector(1);
		for (int i = 0; i < rows; i++) {
			ids.setSafe(i, from + i + 10);
			names.setSafe(i, ("n" + (from + i)).getBytes(StandardCharsets.UTF_8));
		}
		root.setRowCount(rows);
	}

}
