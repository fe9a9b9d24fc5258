package io.github.paimonspring.write;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The write protocol beyond the Go scenarios: merge rules, provenance checks, identifiers,
 * truncation, abort safety, writer reuse, table kinds and failure atomicity.
 */
class WriteProtocolTests extends WarehouseTestBase {

	private WriteResult write(String table, Object... idNames) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, idNames)) {
			return this.writer.write(table, batch);
		}
	}

	private WriteResult overwrite(String table, Object... idNames) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, idNames)) {
			return this.writer.write(WriteRequest.into(table).withOverwrite(), batch);
		}
	}

	private ArrowCommitMessages prepare(ArrowWriteBuilder builder, Object... idNames) {
		try (ArrowTableWrite write = builder.newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, idNames)) {
			write.write(batch);
			return write.prepareCommit();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "", ".", "..", "job/1", "job\\1", " job", "job ", "job\n1", "job\u007f" })
	void rejectsUnsafeCommitUsers(String user) {
		String table = this.warehouse.simpleLogTable("default.t");
		assertThatThrownBy(() -> this.writer.newWriteBuilder(table).withCommitUser(user))
			.isInstanceOf(PaimonArgumentException.class)
			.hasMessageContaining("commit_user must be a safe file name segment");
	}

	@Test
	void customCommitUserIsRecordedInSnapshot() {
		String table = this.warehouse.simpleLogTable("default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("my-commit-user");
		try (ArrowTableCommit commit = builder.newCommit()) {
			CommitResult result = commit.commit(42, prepare(builder, 4, "dave"));
			assertThat(result.committed()).isTrue();
			var snapshot = this.warehouse.table(table).snapshotManager().snapshot(result.snapshotId());
			assertThat(snapshot.commitUser()).isEqualTo("my-commit-user");
			assertThat(snapshot.commitIdentifier()).isEqualTo(42);
		}
	}

	@Test
	void mergingTheSameMessagesTwiceDoesNotDuplicateFiles() {
		String table = this.warehouse.simpleLogTable("default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("merger");
		ArrowCommitMessages target = prepare(builder, 4, "dave");
		ArrowCommitMessages source = prepare(builder, 5, "eve");
		target.merge(source).merge(source);
		assertThat(target.messages()).hasSize(2);
		assertThat(target.rowCount()).isEqualTo(2);
		try (ArrowTableCommit commit = builder.newCommit()) {
			commit.commit(target);
		}
		assertThat(this.warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave", "5:eve");
	}

	@Test
	void mergeChecksTableUserAndMode() {
		String table = this.warehouse.simpleLogTable("default.t");
		String other = this.warehouse.simpleLogTable("default.other");
		ArrowCommitMessages messages = prepare(this.writer.newWriteBuilder(table).withCommitUser("u1"), 4, "dave");
		assertThatThrownBy(() -> messages.merge(null)).hasMessageContaining("source messages must not be nil");
		assertThatThrownBy(() -> messages.merge(messages)).hasMessageContaining("must be distinct handles");
		assertThatThrownBy(
				() -> messages.merge(prepare(this.writer.newWriteBuilder(table).withCommitUser("u2"), 5, "e")))
			.hasMessageContaining("only be merged when table and commit_user both match");
		assertThatThrownBy(
				() -> messages.merge(prepare(this.writer.newWriteBuilder(other).withCommitUser("u1"), 5, "e")))
			.hasMessageContaining("only be merged when table and commit_user both match");
		assertThatThrownBy(() -> messages
			.merge(prepare(this.writer.newWriteBuilder(table).withCommitUser("u1").withOverwrite(), 5, "e")))
			.hasMessageContaining("only be merged when overwrite modes match");
	}

	@Test
	void commitChecksProvenanceAndKeepsMessagesReusable() {
		String table = this.warehouse.simpleLogTable("default.t");
		String other = this.warehouse.simpleLogTable("default.other");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("owner");
		ArrowCommitMessages messages = prepare(builder, 4, "dave");
		long before = this.warehouse.snapshotCount(table);
		assertThatThrownBy(() -> this.writer.newWriteBuilder(other).withCommitUser("owner")
			.newCommit().commit(messages))
			.isInstanceOf(PaimonArgumentException.class)
			.hasMessageContaining("commit messages were prepared for a different table");
		assertThatThrownBy(() -> this.writer.newWriteBuilder(table).withCommitUser("intruder")
			.newCommit().commit(messages))
			.hasMessageContaining("commit messages were prepared with a different commit_user");
		assertThatThrownBy(() -> this.writer.newWriteBuilder(table).withCommitUser("owner").withOverwrite()
			.newCommit().commit(messages))
			.hasMessageContaining("commit messages were prepared with a different overwrite mode");
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(before);
		assertThat(builder.newCommit().commit(messages).committed()).isTrue();
		assertThat(this.warehouse.idNames(table)).contains("4:dave");
	}

	@Test
	void identifiersMinusOneAndMaxAreReserved() {
		String table = this.warehouse.simpleLogTable("default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("ids");
		ArrowCommitMessages messages = prepare(builder, 4, "dave");
		ArrowTableCommit commit = builder.newCommit();
		assertThatThrownBy(() -> commit.commit(-1, messages)).hasMessageContaining("commit identifier");
		assertThatThrownBy(() -> commit.commit(Long.MAX_VALUE, messages))
			.hasMessageContaining("reserved");
		assertThatThrownBy(() -> commit.truncateTable(-1)).hasMessageContaining("commit identifier");
	}

	@Test
	void emptyCommitIsANoOp() {
		String table = this.warehouse.simpleLogTable("default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table);
		long before = this.warehouse.snapshotCount(table);
		try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit()) {
			ArrowCommitMessages messages = write.prepareCommit();
			assertThat(messages.isEmpty()).isTrue();
			assertThat(commit.commit(messages).committed()).isFalse();
		}
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(before);
	}

	@Test
	void writerIsReusableAndSequenceNumbersContinueAcrossRounds() {
		String table = this.warehouse.simplePkTable("default.pk");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("rounds");
		try (ArrowTableWrite write = builder.newWrite(); ArrowTableCommit commit = builder.newCommit()) {
			try (VectorSchemaRoot first = Batches.idName(this.allocator, 1, "first")) {
				write.write(first);
			}
			ArrowCommitMessages round1 = write.prepareCommit();
			try (VectorSchemaRoot second = Batches.idName(this.allocator, 1, "second")) {
				write.write(second);
			}
			ArrowCommitMessages round2 = write.prepareCommit();
			// commit both rounds together: the newer round must win because its sequence numbers are higher
			round1.merge(round2);
			commit.commit(1, round1);
			try (VectorSchemaRoot third = Batches.idName(this.allocator, 2, "third")) {
				write.write(third);
			}
			commit.commit(2, write.prepareCommit());
		}
		assertThat(this.warehouse.idNames(table)).containsExactly("1:second", "2:third", "3:carol");
	}

	@Test
	void truncateTableAndTruncateWithIdentifier() {
		String table = this.warehouse.simpleLogTable("default.t");
		WriteResult truncated = this.writer.truncate(table);
		assertThat(truncated.committed()).isTrue();
		assertThat(this.warehouse.idNames(table)).isEmpty();
		assertThat(this.writer.truncate(table).committed()).isFalse();

		write(table, 9, "x");
		try (ArrowTableCommit commit = this.writer.newWriteBuilder(table).withCommitUser("truncator").newCommit()) {
			assertThat(commit.truncateTable(5).committed()).isTrue();
			assertThat(this.warehouse.idNames(table)).isEmpty();
			write(table, 10, "y");
			long snapshots = this.warehouse.snapshotCount(table);
			// the retry must not delete the row written in between
			assertThat(commit.truncateTable(5).committed()).isFalse();
			assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
			assertThat(this.warehouse.idNames(table)).containsExactly("10:y");
		}
	}

	@Test
	void truncatePartitionsAndStaticPartitionOverwrite() {
		this.warehouse.create("default.parts", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).column("dt", DataTypes.STRING())
			.partitionKeys("dt").build());
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 1, "a", "d1", 2, "b", "d2", 3, "c", "d3")) {
			this.writer.write("default.parts", batch);
		}
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 4, "d", "d1")) {
			this.writer.write(WriteRequest.into("default.parts").withOverwrite(Map.of("dt", "d1")), batch);
		}
		try (ArrowTableCommit commit = this.writer.newWriteBuilder("default.parts").newCommit()) {
			commit.truncatePartitions(List.of(Map.of("dt", "d2")));
			assertThatThrownBy(() -> commit.truncatePartitions(List.of(Map.of("nope", "x"))))
				.hasMessageContaining("'nope' is not a partition key of table 'default.parts'");
		}
		assertThat(this.warehouse.read("default.parts", (r) -> r.getInt(0) + ":" + r.getString(2)))
			.containsExactlyInAnyOrder("4:d1", "3:d3");
		// dynamic overwrite replaces only the partitions that receive data
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 5, "e", "d3")) {
			this.writer.write(WriteRequest.into("default.parts").withOverwrite(), batch);
		}
		assertThat(this.warehouse.read("default.parts", (r) -> r.getInt(0) + ":" + r.getString(2)))
			.containsExactlyInAnyOrder("4:d1", "5:d3");
	}

	@Test
	void aPartitionTruncateWithAnIdentifierIsRepeatable() {
		this.warehouse.create("default.daily", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).column("dt", DataTypes.STRING())
			.partitionKeys("dt").build());
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 1, "a", "d1", 2, "b", "d2")) {
			this.writer.write("default.daily", batch);
		}
		try (ArrowTableCommit commit = this.writer.newWriteBuilder("default.daily")
			.withCommitUser("partition-truncator")
			.newCommit()) {
			assertThat(commit.truncatePartitions(7, List.of(Map.of("dt", "d1"))).committed()).isTrue();
			try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 3, "c", "d1")) {
				this.writer.write("default.daily", batch);
			}
			long snapshots = this.warehouse.snapshotCount("default.daily");
			// the retry after an uncertain outcome must not delete the row written in between
			assertThat(commit.truncatePartitions(7, List.of(Map.of("dt", "d1"))).committed()).isFalse();
			assertThat(this.warehouse.snapshotCount("default.daily")).isEqualTo(snapshots);
			assertThatThrownBy(() -> commit.truncatePartitions(-1, List.of(Map.of("dt", "d1"))))
				.hasMessageContaining("commit identifier");
		}
		assertThat(this.warehouse.read("default.daily", (r) -> r.getInt(0) + ":" + r.getString(2)))
			.containsExactlyInAnyOrder("2:d2", "3:d1");
	}

	@Test
	void abortAfterCommitDeletesNothingTheTableReads() {
		String table = this.warehouse.simplePkTable("default.pk");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table).withCommitUser("aborter");
		ArrowCommitMessages messages = prepare(builder, 4, "dave");
		try (ArrowTableCommit commit = builder.newCommit()) {
			commit.commit(messages);
			assertThat(commit.abort(messages)).isZero();
		}
		assertThat(this.warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave");
		// still safe after the rows were overwritten: the older snapshot references the files
		overwrite(table, 7, "gus");
		try (ArrowTableCommit commit = builder.newCommit()) {
			assertThat(commit.abort(messages)).isZero();
		}
		long previous = this.warehouse.table(table).snapshotManager().latestSnapshotId() - 1;
		assertThat(this.warehouse.idNamesAt(table, previous)).containsExactly("1:alice", "2:bob", "3:carol", "4:dave");
	}

	@Test
	void abortOfUncommittedMessagesLeavesNoDataFiles() {
		String table = this.warehouse.simpleLogTable("default.t");
		List<String> before = this.warehouse.dataFiles(table);
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table);
		ArrowCommitMessages messages = prepare(builder, 4, "dave");
		assertThat(this.warehouse.dataFiles(table)).hasSizeGreaterThan(before.size());
		try (ArrowTableCommit commit = builder.newCommit()) {
			assertThat(commit.abort(messages)).isPositive();
		}
		assertThat(this.warehouse.dataFiles(table)).isEqualTo(before);
		assertThat(this.warehouse.idNames(table)).containsExactly("1:alice", "2:bob", "3:carol");
	}

	@Test
	void schemaMismatchNamesTheColumnAndCreatesNoSnapshot() {
		this.warehouse.create("default.typed", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.BIGINT()).build());
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			assertThatThrownBy(() -> this.writer.write("default.typed", batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("default.typed")
				.hasMessageContaining("name")
				.satisfies((ex) -> assertThat(((ArrowDataException) ex).getColumn()).isEqualTo("name"));
		}
		assertThat(this.warehouse.snapshotCount("default.typed")).isZero();
		assertThat(this.warehouse.dataFiles("default.typed")).isEmpty();
	}

	@Test
	void nullInNotNullColumnNamesColumnAndRowAndCreatesNoSnapshot() {
		String table = this.warehouse.simplePkTable("default.pk");
		long snapshots = this.warehouse.snapshotCount(table);
		List<String> files = this.warehouse.dataFiles(table);
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 8, "ok", null, "bad")) {
			assertThatThrownBy(() -> this.writer.write(table, batch)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("'id'")
				.hasMessageContaining("row 1")
				.satisfies((ex) -> assertThat(((ArrowDataException) ex).getRow()).isEqualTo(1));
		}
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(this.warehouse.dataFiles(table)).isEqualTo(files);
	}

	@Test
	void executeCommitsOnReturnAndDiscardsOnThrow() {
		String table = this.warehouse.simpleLogTable("default.t");
		List<String> files = this.warehouse.dataFiles(table);
		long snapshots = this.warehouse.snapshotCount(table);
		assertThatThrownBy(() -> this.writer.execute(table, (session) -> {
			try (VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave")) {
				session.write(batch);
			}
			throw new IOException("upstream failed");
		})).isInstanceOf(PaimonWriteException.class).hasMessageContaining("upstream failed");
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(this.warehouse.dataFiles(table)).isEqualTo(files);

		WriteResult result = this.writer.execute(table, (session) -> {
			try (VectorSchemaRoot a = Batches.idName(this.allocator, 4, "dave");
					VectorSchemaRoot b = Batches.idName(this.allocator, 5, "eve")) {
				session.write(a);
				session.write(b);
			}
		});
		assertThat(result.rows()).isEqualTo(2);
		assertThat(result.committed()).isTrue();
		assertThat(result.snapshotId()).isEqualTo(snapshots + 1);
		assertThat(this.warehouse.idNames(table)).hasSize(5);
	}

	@Test
	void dynamicBucketPrimaryKeyTableUpsertsWithPaimonsHashIndex() {
		this.warehouse.create("default.dyn", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).primaryKey("id")
			.option("bucket", "-1").build());
		write("default.dyn", 1, "alice", 2, "bob", 3, "carol");
		write("default.dyn", 2, "bob-v2", 3, "carol-v2", 4, "dave");
		assertThat(this.warehouse.idNames("default.dyn")).containsExactly("1:alice", "2:bob-v2", "3:carol-v2",
				"4:dave");
		assertThat(this.warehouse.dataFiles("default.dyn")).isNotEmpty();
		assertThat(Files.isDirectory(this.warehouse.tableDir("default.dyn").resolve("index"))).isTrue();
	}

	@Test
	void appendTableWithFixedBucketsAndBucketKey() {
		this.warehouse.create("default.fixed_log", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).option("bucket", "3")
			.option("bucket-key", "id").build());
		write("default.fixed_log", 1, "a", 2, "b", 3, "c", 4, "d", 5, "e");
		assertThat(this.warehouse.idNames("default.fixed_log")).hasSize(5);
		assertThat(this.warehouse.dataFiles("default.fixed_log").stream().map((f) -> f.substring(0,
				f.indexOf('/'))).distinct())
			.hasSizeGreaterThan(1);
	}

	@Test
	void postponeTableStandardPathWritesPostponeFiles() {
		this.warehouse.create("default.postpone", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).primaryKey("id")
			.option("bucket", "-2").build());
		ArrowWriteBuilder standard = this.writer.newWriteBuilder("default.postpone");
		assertThat(standard.invisibleUntilCompaction()).contains("default.postpone").contains("bucket-postpone")
			.contains("withTableFamily()");
		WriteResult result;
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			result = this.writer.execute(standard, (session) -> session.write(batch));
		}
		assertThat(result.committed()).isTrue();
		assertThat(this.warehouse.dataFiles("default.postpone")).allMatch((f) -> f.startsWith("bucket-postpone/"));
		assertThat(this.warehouse.idNames("default.postpone")).isEmpty();
	}

	@Test
	void writeOverwriteAndExecuteByNameWriteAPostponeTableAsIngestDoesIntoRealBuckets() {
		this.warehouse.create("default.postpone", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).primaryKey("id")
			.option("bucket", "-2").build());
		assertThat(this.writer.newWriteBuilder("default.postpone").withTableFamily().invisibleUntilCompaction())
			.isNull();
		assertThat(write("default.postpone", 1, "a", 2, "b").committed()).isTrue();
		assertThat(this.warehouse.idNames("default.postpone")).as("readable once committed")
			.containsExactlyInAnyOrder("1:a", "2:b");
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 3, "c")) {
			this.writer.execute("default.postpone", (session) -> session.write(batch));
		}
		assertThat(this.warehouse.idNames("default.postpone")).containsExactlyInAnyOrder("1:a", "2:b", "3:c");
		assertThat(overwrite("default.postpone", 4, "d").committed()).isTrue();
		assertThat(this.warehouse.idNames("default.postpone")).containsExactly("4:d");
		assertThat(this.warehouse.dataFiles("default.postpone")).isNotEmpty()
			.noneMatch((f) -> f.startsWith("bucket-postpone/"));
		// an append table keeps the standard path
		String log = this.warehouse.simpleLogTable("default.log");
		assertThat(this.writer.newWriteBuilder(log).withTableFamily().isFixedBucket()).isFalse();
	}

	@Test
	void crossPartitionDynamicBucketTableIsRejected() {
		this.warehouse.create("default.cross", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT()).column("name", DataTypes.STRING()).column("dt", DataTypes.STRING())
			.primaryKey("id").partitionKeys("dt").option("bucket", "-1").build());
		assertThatThrownBy(() -> this.writer.newWriteBuilder("default.cross").newWrite())
			.isInstanceOf(UnsupportedTableException.class)
			.hasMessageContaining("default.cross")
			.hasMessageContaining("cross-partition");
	}

	@Test
	void unknownTableIsReported() {
		assertThatThrownBy(() -> this.writer.newWriteBuilder("default.missing"))
			.hasMessageContaining("Table 'default.missing' does not exist");
		assertThatThrownBy(() -> this.writer.newWriteBuilder("nodots"))
			.hasMessageContaining("Unknown table 'nodots'");
	}

	@Test
	void closedHandlesRejectCalls() {
		String table = this.warehouse.simpleLogTable("default.t");
		ArrowWriteBuilder builder = this.writer.newWriteBuilder(table);
		ArrowTableWrite write = builder.newWrite();
		write.close();
		write.close();
		assertThatThrownBy(write::prepareCommit).isInstanceOf(PaimonStateException.class)
				.hasMessageContaining("closed");
		ArrowCommitMessages messages = prepare(builder, 1, "x");
		messages.close();
		assertThatThrownBy(messages::rowCount).isInstanceOf(PaimonStateException.class);
	}

	@Test
	void aTableWriteRejectsASecondThread() throws Exception {
		String table = this.warehouse.simpleLogTable("default.t");
		CountDownLatch inside = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		ExecutorService executor = Executors.newSingleThreadExecutor();
		try (ArrowTableWrite write = this.writer.newWriteBuilder(table).newWrite();
				VectorSchemaRoot root = Batches.idName(this.allocator, 1, "a");
				BlockingReader reader = new BlockingReader(this.allocator, root, inside, release)) {
			Future<Long> first = executor.submit(() -> write.write(reader));
			assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();
			assertThatThrownBy(() -> write.write(root)).isInstanceOf(PaimonStateException.class)
				.hasMessageContaining("another thread");
			release.countDown();
			assertThat(first.get(30, TimeUnit.SECONDS)).isEqualTo(1);
		}
		finally {
			executor.shutdownNow();
		}
	}

	/** An ArrowReader that serves one batch and blocks inside the write until released. */
	static final class BlockingReader extends ArrowReader {

		private final VectorSchemaRoot source;

		private final CountDownLatch inside;

		private final CountDownLatch release;

		private int served;

		BlockingReader(BufferAllocator allocator, VectorSchemaRoot source, CountDownLatch inside,
				CountDownLatch release) {
			super(allocator);
			this.source = source;
			this.inside = inside;
			this.release = release;
		}

		@Override
		public boolean loadNextBatch() throws IOException {
			if (this.served++ > 0) {
				return false;
			}
			this.inside.countDown();
			try {
				this.release.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			new VectorUnloader(this.source).getRecordBatch().close();
			try (var batch = new VectorUnloader(this.source).getRecordBatch()) {
				loadRecordBatch(batch);
			}
			return true;
		}

		@Override
		public long bytesRead() {
			return 0;
		}

		@Override
		protected void closeReadSource() {
		}

		@Override
		protected Schema readSchema() {
			return this.source.getSchema();
		}

	}

}
