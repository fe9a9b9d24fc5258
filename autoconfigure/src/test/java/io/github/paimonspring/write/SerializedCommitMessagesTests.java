package io.github.paimonspring.write;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.core.PaimonWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.JavaProcess;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Commit messages serialized in this JVM are committed by a second JVM process.
 */
class SerializedCommitMessagesTests {

	@TempDir
	Path dir;

	@Test
	void messagesPreparedHereAreCommittedByAnotherProcess() throws Exception {
		try (TestWarehouse warehouse = new TestWarehouse(this.dir.resolve("wh"));
				BufferAllocator allocator = new RootAllocator()) {
			String table = warehouse.simplePkTable("default.simple_pk_table");
			PaimonWriter writer = warehouse.writer();
			byte[] bytes;
			try (ArrowTableWrite write = writer.newWriteBuilder(table).withCommitUser("doris-load-job-42").newWrite();
					VectorSchemaRoot batch = Batches.idName(allocator, 4, "dave", 5, "eve")) {
				write.write(batch);
				bytes = write.prepareCommit().serialize();
			}
			Path file = this.dir.resolve("messages.bin");
			Files.write(file, bytes);
			long before = warehouse.snapshotCount(table);

			JavaProcess.Result first = JavaProcess.run(List.of(), CommitInAnotherProcess.class,
					warehouse.root().toString(), table, "doris-load-job-42", "42", file.toString());
			assertThat(first.exitCode()).as(first.output()).isZero();
			assertThat(first.output()).contains("RESULT committed=true").doesNotContain("pid=" + ProcessHandle.current()
					.pid());
			assertThat(warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave", "5:eve");
			assertThat(warehouse.snapshotCount(table)).isEqualTo(before + 1);
			var snapshot = warehouse.table(table).snapshotManager().latestSnapshot();
			assertThat(snapshot.commitUser()).isEqualTo("doris-load-job-42");
			assertThat(snapshot.commitIdentifier()).isEqualTo(42);

			// the lost-ACK retry from a third process commits nothing
			JavaProcess.Result retry = JavaProcess.run(List.of(), CommitInAnotherProcess.class,
					warehouse.root().toString(), table, "doris-load-job-42", "42", file.toString());
			assertThat(retry.output()).contains("RESULT committed=false");
			assertThat(warehouse.snapshotCount(table)).isEqualTo(before + 1);

			// bytes for one table are refused by another
			String other = warehouse.simpleLogTable("default.other");
			assertThatThrownBy(() -> writer.newWriteBuilder(other).deserializeCommitMessages(bytes))
				.isInstanceOf(PaimonArgumentException.class)
				.hasMessageContaining("prepared for a different table")
				.hasMessageContaining("'" + table + "'")
				.hasMessageNotContaining(warehouse.root().toString())
				.hasMessageNotContaining("file:");
			assertThatThrownBy(() -> writer.newWriteBuilder(table).deserializeCommitMessages(new byte[] { 1, 2, 3 }))
				.isInstanceOf(PaimonArgumentException.class);
		}
	}

}
