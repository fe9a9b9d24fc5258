package io.github.paimonspring.write;

import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Go binding's standard-path integration tests ({@code bindings/go/tests/paimon_test.go}, #658)
 * in Java form, on tables created like the upstream Spark fixtures.
 */
class GoBindingScenariosTests extends WarehouseTestBase {

	@Test
	void writeCommitReadRoundTrip() {
		String table = this.warehouse.simplePkTable("default.simple_pk_table");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table);
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave");
				ArrowTableCommit commit = builder.newCommit()) {
			write.write(batch);
			try (ArrowCommitMessages messages = write.prepareCommit()) {
				CommitResult result = commit.commit(messages);
				assertThat(result.committed()).isTrue();
				assertThat(result.rows()).isEqualTo(1);
			}
		}
		assertThat(this.warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave");
	}

	@Test
	void writeOverwriteUsesBuilderMode() {
		String table = this.warehouse.simplePkTable("default.simple_pk_table");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withOverwrite();
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave");
				ArrowTableCommit commit = builder.newCommit()) {
			write.write(batch);
			commit.commit(write.prepareCommit());
		}
		assertThat(this.warehouse.idNames(table)).containsExactly("4:dave");
		assertThat(this.warehouse.table(table).snapshotManager().latestSnapshot().commitKind().name())
			.isEqualTo("OVERWRITE");
	}

	@Test
	void overwriteRetrySameIdentifierIsIdempotent() {
		String table = this.warehouse.simplePkTable("default.simple_pk_table");
		String user = "go-binding-overwrite-retry";
		ArrowCommitMessages messages;
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser(user).withOverwrite();
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave");
				ArrowTableCommit commit = builder.newCommit()) {
			write.write(batch);
			messages = write.prepareCommit();
			assertThat(commit.commit(7, messages).committed()).isTrue();
		}
		// an interleaved append by another (random) commit user
		try (VectorSchemaRoot eve = Batches.idName(this.allocator, 5, "eve")) {
			assertThat(this.writer.write(table, eve).committed()).isTrue();
		}
		long snapshots = this.warehouse.snapshotCount(table);

		ArrowWriteBuilder retryBuilder = this.writer.newWriteBuilder(table).withCommitUser(user).withOverwrite();
		try (ArrowTableCommit retry = retryBuilder.newCommit()) {
			CommitResult result = retry.filterAndCommit(7, messages);
			assertThat(result.committed()).isFalse();
		}
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(table)).containsExactly("4:dave", "5:eve");
	}

	@Test
	void appendOnlyWriteMergeAndIdempotentCommit() {
		String table = this.warehouse.simpleLogTable("default.simple_log_table");
		String user = "go-binding-multiple-writers";
		ArrowWriteBuilder builder1 = this.writer.newWriteBuilder(table).withCommitUser(user);
		ArrowWriteBuilder builder2 = this.writer.newWriteBuilder(table).withCommitUser(user);
		ArrowCommitMessages messages1;
		ArrowCommitMessages messages2;
		try (ArrowTableWrite write1 = builder1.newWrite(); ArrowTableWrite write2 = builder2.newWrite();
				VectorSchemaRoot four = Batches.idName(this.allocator, 4, "dave");
				VectorSchemaRoot five = Batches.idName(this.allocator, 5, "eve")) {
			write1.write(four);
			write2.write(five);
			messages1 = write1.prepareCommit();
			messages2 = write2.prepareCommit();
		}
		messages1.merge(messages2);
		try (ArrowTableCommit commit = builder1.newCommit()) {
			assertThat(commit.commit(7, messages1).committed()).isTrue();
		}
		long snapshots = this.warehouse.snapshotCount(table);
		try (ArrowTableCommit retry = this.writer.newWriteBuilder(table).withCommitUser(user).newCommit()) {
			CommitResult result = retry.filterAndCommit(7, messages1);
			assertThat(result.committed()).isFalse();
			assertThat(result.snapshotId()).isEqualTo(snapshots);
		}
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave", "5:eve");
	}

}
