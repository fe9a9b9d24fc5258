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
		WriteBuilder builder = this.writer.newWriteBuilder(table);
		try (TableWrite write = builder.newWrite(); VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave");
				TableCommit commit = builder.newCommit()) {
			write.write(batch);
			try (CommitMessages messages = write.prepareCommit()) {
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
		WriteBuilder builder = this.writer.newWriteBuilder(table).withOverwrite();
		try (TableWrite write = builder.newWrite(); VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave");
				TableCommit commit = builder.newCommit()) {
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
		CommitMessages messages;
		WriteBuilder builder = this.writer.newWriteBuilder(table, user).withOverwrite();
		try (TableWrite write = builder.newWrite(); VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave");
				TableCommit commit = builder.newCommit()) {
			write.write(batch);
			messages = write.prepareCommit();
			assertThat(commit.commitWithIdentifier(messages, 7).committed()).isTrue();
		}
		// an interleaved append by another (random) commit user
		try (VectorSchemaRoot eve = Batches.idName(this.allocator, 5, "eve")) {
			assertThat(this.writer.write(table, eve).committed()).isTrue();
		}
		long snapshots = this.warehouse.snapshotCount(table);

		WriteBuilder retryBuilder = this.writer.newWriteBuilder(table, user).withOverwrite();
		try (TableCommit retry = retryBuilder.newCommit()) {
			CommitResult result = retry.filterAndCommitWithIdentifier(messages, 7);
			assertThat(result.committed()).isFalse();
		}
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(table)).containsExactly("4:dave", "5:eve");
	}

	@Test
	void appendOnlyWriteMergeAndIdempotentCommit() {
		String table = this.warehouse.simpleLogTable("default.simple_log_table");
		String user = "go-binding-multiple-writers";
		WriteBuilder builder1 = this.writer.newWriteBuilder(table, user);
		WriteBuilder builder2 = this.writer.newWriteBuilder(table, user);
		CommitMessages messages1;
		CommitMessages messages2;
		try (TableWrite write1 = builder1.newWrite(); TableWrite write2 = builder2.newWrite();
				VectorSchemaRoot four = Batches.idName(this.allocator, 4, "dave");
				VectorSchemaRoot five = Batches.idName(this.allocator, 5, "eve")) {
			write1.write(four);
			write2.write(five);
			messages1 = write1.prepareCommit();
			messages2 = write2.prepareCommit();
		}
		messages1.merge(messages2);
		try (TableCommit commit = builder1.newCommit()) {
			assertThat(commit.commitWithIdentifier(messages1, 7).committed()).isTrue();
		}
		long snapshots = this.warehouse.snapshotCount(table);
		try (TableCommit retry = this.writer.newWriteBuilder(table, user).newCommit()) {
			CommitResult result = retry.filterAndCommitWithIdentifier(messages1, 7);
			assertThat(result.committed()).isFalse();
			assertThat(result.snapshotId()).isEqualTo(snapshots);
		}
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave", "5:eve");
	}

}
