package io.github.paimonspring.core;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.catalog.SchemaEvolutionPolicy;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import io.github.paimonspring.write.CommitUsers;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.paimon.Snapshot;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The one write request: every one-shot write goes through {@link PaimonOperations#execute(WriteRequest,
 * WriteCallback)} with the request's key, overwrite, policy and family, and {@code ingest} takes the same
 * request. Real tables, read back with Paimon's reader.
 */
class WriteRequestTests extends WarehouseTestBase {

	@Test
	void aKeyedWriteCommitsOnceAndAnswersARepeatWithTheKeysSnapshotWithoutRunningItsCallback() {
		String table = emptyLogTable("default.keyed");
		WriteRequest request = WriteRequest.into(table).withIdempotencyKey("batch-17");
		WriteResult first;
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a", 2, "b")) {
			first = this.writer.write(request, batch);
		}
		assertThat(first.committed()).isTrue();
		assertThat(first.rows()).isEqualTo(2);
		assertThat(first.table()).isEqualTo("default.keyed");
		Snapshot snapshot = this.warehouse.table(table).snapshotManager().snapshot(first.snapshotId());
		assertThat(snapshot.commitUser()).isEqualTo(CommitUsers.ofIdempotencyKey("default.keyed", "batch-17"));
		assertThat(snapshot.commitIdentifier()).isEqualTo(1);

		AtomicInteger callbacks = new AtomicInteger();
		WriteResult repeat = this.writer.execute(request, (session) -> callbacks.incrementAndGet());
		assertThat(repeat).isEqualTo(new WriteResult("default.keyed", 0, false, first.snapshotId()));
		assertThat(callbacks).as("the repeat's body is not read").hasValue(0);
		try (VectorSchemaRoot other = Batches.idName(this.allocator, 3, "c")) {
			assertThat(this.writer.write(request, other).committed()).isFalse();
		}
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrder("1:a", "2:b");
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(1);
		// another key, or none, writes again
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "d")) {
			assertThat(this.writer.write(WriteRequest.into(table).withIdempotencyKey("batch-18"), batch).committed())
				.isTrue();
			assertThat(this.writer.write(table, batch).committed()).isTrue();
		}
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrder("1:a", "2:b", "4:d", "4:d");
	}

	@Test
	void requestsWithOneKeySentAtOnceCommitOnce() throws Exception {
		String table = emptyLogTable("default.racing");
		int senders = 4;
		ExecutorService pool = Executors.newFixedThreadPool(senders);
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<Future<WriteResult>> results = new ArrayList<>();
			for (int i = 0; i < senders; i++) {
				int sender = i;
				results.add(pool.submit(() -> {
					start.await();
					try (VectorSchemaRoot batch = Batches.idName(this.allocator, sender, "s" + sender)) {
						return this.writer.write(WriteRequest.into(table).withIdempotencyKey("once"), batch);
					}
				}));
			}
			start.countDown();
			List<WriteResult> answers = new ArrayList<>();
			for (Future<WriteResult> result : results) {
				answers.add(result.get(60, TimeUnit.SECONDS));
			}
			assertThat(answers).filteredOn(WriteResult::committed).hasSize(1);
			long snapshot = answers.stream().filter(WriteResult::committed).findFirst().orElseThrow().snapshotId();
			assertThat(answers).filteredOn((answer) -> !answer.committed())
				.allSatisfy((answer) -> assertThat(answer.snapshotId()).isEqualTo(snapshot));
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(this.warehouse.idNames(table)).hasSize(1);
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(1);
	}

	@Test
	void theRequestsPolicyEvolvesATableWhoseOwnPolicyRefuses() {
		String table = emptyLogTable("default.evolving");
		try (VectorSchemaRoot wider = idNameScore(7, "g", 70)) {
			assertThatThrownBy(() -> this.writer.write(table, wider)).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("score")
				.hasMessageContaining("none");
			assertThat(this.warehouse.snapshotCount(table)).isZero();
			WriteResult result = this.writer
				.write(WriteRequest.into(table).withSchemaEvolution(SchemaEvolutionPolicy.ADD_COLUMNS), wider);
			assertThat(result.committed()).isTrue();
		}
		assertThat(this.warehouse.table(table).rowType().getFieldNames()).containsExactly("id", "name", "score");
		assertThat(this.warehouse.read(table, (row) -> row.getInt(0) + ":" + row.getInt(2))).containsExactly("7:70");
		try (VectorSchemaRoot wider = idNameScore(8, "h", 80)) {
			WriteResult ingested = this.writer
				.ingest(WriteRequest.into(table).withSchemaEvolution(SchemaEvolutionPolicy.ADD_COLUMNS), List.of(wider))
				.join();
			assertThat(ingested.committed()).isTrue();
		}
		assertThat(this.warehouse.read(table, (row) -> row.getInt(0) + ":" + row.getInt(2)))
			.containsExactlyInAnyOrder("7:70", "8:80");
	}

	@Test
	void aPostponeTableIsWrittenIntoRealBucketsUnlessTheRequestAsksForTheStandardFamily() {
		this.warehouse.create("default.postpone", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "-2")
			.build());
		this.warehouse.create("default.standard", org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "-2")
			.build());
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			assertThat(this.writer.write(WriteRequest.into("default.standard").withStandardFamily(), batch).committed())
				.isTrue();
			assertThat(this.writer.write("default.postpone", batch).committed()).isTrue();
		}
		assertThat(this.warehouse.dataFiles("default.standard")).isNotEmpty()
			.allMatch((file) -> file.startsWith("bucket-postpone/"));
		assertThat(this.warehouse.idNames("default.standard")).as("invisible until a compaction").isEmpty();
		assertThat(this.warehouse.dataFiles("default.postpone")).isNotEmpty()
			.noneMatch((file) -> file.startsWith("bucket-postpone/"));
		assertThat(this.warehouse.idNames("default.postpone")).as("readable once committed").containsExactly("1:a");
	}

	@Test
	void ingestRefusesWhatOnlyAOneShotWriteDoesBeforeBufferingAnything() {
		String table = emptyLogTable("default.grouped");
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			assertThatThrownBy(() -> this.writer.ingest(WriteRequest.into(table).withOverwrite(), List.of(batch)))
				.isInstanceOf(PaimonArgumentException.class)
				.hasMessageContaining("'" + table + "'")
				.hasMessageContaining("does not overwrite")
				.hasMessageContaining("write(");
			assertThatThrownBy(() -> this.writer.ingest(WriteRequest.into(table).withStandardFamily(), List.of(batch)))
				.isInstanceOf(PaimonArgumentException.class)
				.hasMessageContaining("standard family");
		}
		assertThat(this.warehouse.snapshotCount(table)).isZero();
		assertThat(this.warehouse.dataFiles(table)).isEmpty();
	}

	@Test
	void aChannelOpenedWithARequestAppendsUnderItsPolicyAndRefusesWhatOnlyOneShotWritesDo() {
		String table = emptyLogTable("default.channelled");
		IngestChannel channel = this.writer
			.openChannel(WriteRequest.into(table).withSchemaEvolution(SchemaEvolutionPolicy.ADD_COLUMNS), "device-1");
		try (VectorSchemaRoot wider = idNameScore(1, "a", 10)) {
			WriteResult appended = channel.append("", "1", List.of(wider)).join();
			assertThat(appended.committed()).isTrue();
			assertThat(appended.rows()).isEqualTo(1);
		}
		assertThat(this.warehouse.table(table).rowType().getFieldNames()).containsExactly("id", "name", "score");
		assertThat(channel.state().orElseThrow().offsetToken()).isEqualTo("1");
		for (WriteRequest refused : List.of(WriteRequest.into(table).withIdempotencyKey("k"),
				WriteRequest.into(table).withOverwrite(), WriteRequest.into(table).withStandardFamily())) {
			assertThatThrownBy(() -> this.writer.openChannel(refused, "device-2")).as("%s", refused)
				.isInstanceOf(PaimonArgumentException.class)
				.hasMessageContaining("offset tokens");
		}
		assertThat(this.writer.channels(table).state("device-2")).as("nothing opened").isEmpty();
	}

	@Test
	void aFailingCallbackCommitsNothingAndLeavesNoFiles() {
		String table = emptyLogTable("default.failing");
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			WriteRequest keyed = WriteRequest.into(table).withIdempotencyKey("k");
			assertThatThrownBy(() -> this.writer.execute(keyed, (session) -> {
				session.write(batch);
				throw new IllegalStateException("the producer gave up");
			})).hasMessage("the producer gave up");
			assertThat(this.warehouse.snapshotCount(table)).isZero();
			assertThat(this.warehouse.dataFiles(table)).isEmpty();
			// the key was not committed: a retry writes
			assertThat(this.writer.write(WriteRequest.into(table).withIdempotencyKey("k"), batch).committed())
				.isTrue();
		}
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a");
	}

	@Test
	void overwriteAndTruncateAnswerWithTheOneResultType() {
		String table = emptyLogTable("default.replaced");
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a", 2, "b")) {
			this.writer.write(table, batch);
		}
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 3, "c")) {
			WriteResult replaced = this.writer.write(WriteRequest.into(table).withOverwrite(), batch);
			assertThat(replaced.rows()).isEqualTo(1);
		}
		assertThat(this.warehouse.idNames(table)).containsExactly("3:c");
		WriteResult truncated = this.writer.truncate(table);
		assertThat(truncated.table()).isEqualTo("default.replaced");
		assertThat(truncated.committed()).isTrue();
		assertThat(truncated.rows()).isZero();
		assertThat(this.warehouse.idNames(table)).isEmpty();
	}

	@Test
	void aRequestIsAValue() {
		WriteRequest request = WriteRequest.into("orders").withOverwrite(Map.of("dt", "2026-12-07"));
		assertThat(request).isEqualTo(WriteRequest.into("orders").withOverwrite(Map.of("dt", "2026-12-07")))
			.isNotEqualTo(WriteRequest.into("orders").withOverwrite());
		assertThat(request.staticPartition()).containsExactly(Map.entry("dt", "2026-12-07"));
		assertThat(request.withIdempotencyKey("k").idempotencyKey()).isEqualTo("k");
		assertThat(request.idempotencyKey()).as("each with returns a new request").isNull();
		assertThat(request.toString()).contains("orders").contains("overwrite");
		assertThatThrownBy(() -> WriteRequest.into(" ")).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("table name");
	}

	/** An append table of {@code id INT, name STRING} without rows. */
	private String emptyLogTable(String name) {
		this.warehouse.create(name, org.apache.paimon.schema.Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		return name;
	}

	private VectorSchemaRoot idNameScore(int id, String name, int score) {
		VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(
				new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
				new Field("score", FieldType.nullable(new ArrowType.Int(32, true)), null))), this.allocator);
		root.allocateNew();
		((IntVector) root.getVector(0)).setSafe(0, id);
		((VarCharVector) root.getVector(1)).setSafe(0, name.getBytes(StandardCharsets.UTF_8));
		((IntVector) root.getVector(2)).setSafe(0, score);
		root.setRowCount(1);
		return root;
	}

}
