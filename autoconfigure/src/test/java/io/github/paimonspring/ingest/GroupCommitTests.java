package io.github.paimonspring.ingest;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.actuate.PaimonHealthIndicator;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.ingest.snapshot.SnapshotIndex;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.paimon.Snapshot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The group commit on real tables: many small requests become few snapshots, every row lands once,
 * idempotency keys are recorded with their rows and survive a restart, a bad request fails alone, and
 * a failed group leaves nothing visible and nothing behind.
 */
class GroupCommitTests extends WarehouseTestBase {

	private static final IngestSettings HOUR = new IngestSettings(Duration.ofHours(1), 1_000_000, 64L << 20,
			256L << 20, 8L << 20);

	/** A writer with its own group commit service, which closing the writer commits and stops. */
	private Ingester lastIngester;

	private PaimonWriter writer(IngestSettings settings) {
		Ingester ingester = new Ingester(settings, new LocalKeyClaims(), IngestListener.NONE, 0);
		this.lastIngester = ingester;
		return new PaimonWriter(PaimonWriter.builder(new PaimonTables(this.warehouse.catalog(), Map.of()))
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(2)
			.ingester(ingester)) {

			@Override
			public void close() {
				ingester.close();
			}

		};
	}

	private void appendTable(String name) {
		this.warehouse.create(name, Schema.newBuilder().column("id", DataTypes.INT().notNull())
			.column("name", DataTypes.STRING()).build());
	}

	@Test
	void concurrentRequestsShareCommitsAndLandOnce() throws Exception {
		appendTable("default.events");
		IngestSettings settings = new IngestSettings(Duration.ofMillis(200), 1_000_000, 64L << 20, 256L << 20,
				8L << 20);
		try (PaimonWriter writer = writer(settings)) {
			ExecutorService clients = Executors.newFixedThreadPool(16);
			List<CompletableFuture<WriteResult>> results = new ArrayList<>();
			try {
				List<Future<CompletableFuture<WriteResult>>> submitted = new ArrayList<>();
				for (int request = 0; request < 400; request++) {
					int id = request;
					submitted.add(clients.submit(() -> {
						try (VectorSchemaRoot batch = Batches.idName(this.allocator, id, "r" + id)) {
							return writer.ingest(WriteRequest.into("default.events"), List.of(batch));
						}
					}));
				}
				for (Future<CompletableFuture<WriteResult>> future : submitted) {
					results.add(future.get(60, TimeUnit.SECONDS));
				}
			}
			finally {
				clients.shutdown();
			}
			List<Long> snapshots = new ArrayList<>();
			for (CompletableFuture<WriteResult> result : results) {
				WriteResult written = result.get(60, TimeUnit.SECONDS);
				assertThat(written.committed()).isTrue();
				assertThat(written.rows()).isEqualTo(1);
				snapshots.add(written.snapshotId());
			}
			long commits = snapshots.stream().distinct().count();
			assertThat(commits).as("400 requests in %d commits", commits).isLessThan(400);
			assertThat(this.warehouse.snapshotCount("default.events")).isEqualTo(commits);
			List<String> rows = this.warehouse.idNames("default.events");
			assertThat(rows).hasSize(400).doesNotHaveDuplicates();
			// every acknowledged snapshot holds the request's row
			assertThat(this.warehouse.idNamesAt("default.events", snapshots.get(0))).contains("0:r0");
		}
	}

	@Test
	void aKeyIsCommittedOnceAndRememberedAcrossRestarts() throws Exception {
		appendTable("default.keyed");
		long snapshot;
		try (PaimonWriter writer = writer(IngestSettings.DEFAULTS)) {
			WriteResult first = ingest(writer, "default.keyed", "key-1", 1, "one");
			assertThat(first.committed()).isTrue();
			snapshot = first.snapshotId();
			WriteResult again = ingest(writer, "default.keyed", "key-1", 1, "one");
			assertThat(again.committed()).isFalse();
			assertThat(again.snapshotId()).isEqualTo(snapshot);
			assertThat(again.rows()).isZero();
		}
		Snapshot recorded = this.warehouse.table("default.keyed").snapshotManager().snapshot(snapshot);
		assertThat(recorded.properties()).containsEntry(SnapshotIndex.PROPERTY, "key-1");
		// a new process builds its index from the retained snapshots
		try (PaimonWriter restarted = writer(IngestSettings.DEFAULTS)) {
			WriteResult retried = ingest(restarted, "default.keyed", "key-1", 1, "one");
			assertThat(retried.committed()).isFalse();
			assertThat(retried.snapshotId()).isEqualTo(snapshot);
			assertThat(ingest(restarted, "default.keyed", "key-2", 2, "two").committed()).isTrue();
		}
		assertThat(this.warehouse.idNames("default.keyed")).containsExactly("1:one", "2:two");
		assertThat(this.warehouse.snapshotCount("default.keyed")).isEqualTo(2);
	}

	@Test
	void badRequestsFailAloneAndTheRestCommit() throws Exception {
		appendTable("default.mixed");
		try (PaimonWriter writer = writer(HOUR)) {
			// the first request finds the table idle and commits at once; the next ones wait for the interval
			assertThat(ingest(writer, "default.mixed", null, 1, "first").committed()).isTrue();
			CompletableFuture<WriteResult> good;
			try (VectorSchemaRoot batch = Batches.idName(this.allocator, 2, "good")) {
				good = writer.ingest(WriteRequest.into("default.mixed"), List.of(batch));
			}
			try (VectorSchemaRoot nullId = Batches.idName(this.allocator, null, "null-id")) {
				assertThatThrownBy(() -> writer.ingest(WriteRequest.into("default.mixed"), List.of(nullId)))
					.isInstanceOf(ArrowDataException.class)
					.hasMessageContaining("id");
			}
			try (VectorSchemaRoot wrongSchema = Batches.idNameDt(this.allocator, 3, "x", "2026-01-01")) {
				assertThatThrownBy(() -> writer.ingest(WriteRequest.into("default.mixed"), List.of(wrongSchema)))
					.isInstanceOf(ArrowDataException.class);
			}
			CompletableFuture<WriteResult> alsoGood;
			try (VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "also-good")) {
				alsoGood = writer.ingest(WriteRequest.into("default.mixed"), List.of(batch));
			}
			assertThat(good).isNotDone();
			writer.close(); // commits what waits
			assertThat(good.get(60, TimeUnit.SECONDS).snapshotId()).isEqualTo(alsoGood.get(60,
					TimeUnit.SECONDS).snapshotId());
		}
		assertThat(this.warehouse.idNames("default.mixed")).containsExactlyInAnyOrder("1:first", "2:good",
				"4:also-good");
	}

	@Test
	void aRequestAfterTheShutdownIsRefusedAsUnavailableAndWritesNothing() throws Exception {
		appendTable("default.late");
		PaimonWriter writer = writer(HOUR);
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "before")) {
			CompletableFuture<WriteResult> before = writer
				.ingest(WriteRequest.into("default.late").withIdempotencyKey("k-before"), List.of(batch));
			writer.close(); // commits what waits, then refuses
			assertThat(before.get(60, TimeUnit.SECONDS).committed()).isTrue();
		}
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 2, "late")) {
			assertThatThrownBy(
					() -> writer.ingest(WriteRequest.into("default.late").withIdempotencyKey("k-late"), List.of(batch)))
				.isInstanceOf(IngestShutDownException.class)
				.isInstanceOf(PaimonUnavailableException.class)
				.hasMessageContaining("shutting down")
				.hasMessageContaining("'default.late'");
		}
		assertThat(this.warehouse.snapshotCount("default.late")).isEqualTo(1);
		assertThat(this.warehouse.idNames("default.late")).containsExactly("1:before");
	}

	@Test
	void aDecimalThatDoesNotFitFailsItsRequestAlone() throws Exception {
		String table = "default.amounts";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT().notNull())
			.column("amount", DataTypes.DECIMAL(5, 2)).build());
		try (PaimonWriter writer = writer(HOUR)) {
			assertThat(ingestAmount(writer, table, 1, "1.00").get(60, TimeUnit.SECONDS).committed()).isTrue();
			CompletableFuture<WriteResult> good = ingestAmount(writer, table, 2, "999.99");
			assertThatThrownBy(() -> ingestAmount(writer, table, 3, "12345.67")).isInstanceOf(ArrowDataException.class)
				.hasMessageContaining("does not fit");
			writer.close();
			assertThat(good.get(60, TimeUnit.SECONDS).committed()).isTrue();
		}
		assertThat(this.warehouse.read(table, (row) -> row.getInt(0) + "=" + row.getDecimal(1, 5, 2)))
			.containsExactlyInAnyOrder("1=1.00", "2=999.99");
	}

	private CompletableFuture<WriteResult> ingestAmount(PaimonWriter writer, String table, int id, String amount) {
		org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(List.of(
				new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null),
				new Field("amount", FieldType.nullable(new ArrowType.Decimal(10, 2, 128)), null)));
		try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, this.allocator)) {
			root.allocateNew();
			((IntVector) root.getVector(0)).setSafe(0, id);
			((DecimalVector) root.getVector(1)).setSafe(0, new BigDecimal(amount));
			root.setRowCount(1);
			return writer.ingest(WriteRequest.into(table), List.of(root));
		}
	}

	@Test
	void aFailedGroupLeavesNothingAndTheRetrySucceeds() throws Exception {
		String table = "default.postponed";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").option("postpone.default-bucket-num", "1").build());
		CompletableFuture<WriteResult> first;
		CompletableFuture<WriteResult> second;
		List<String> filesBefore;
		try (PaimonWriter writer = writer(HOUR)) {
			assertThat(ingest(writer, table, "k0", 0, "zero").committed()).isTrue();
			try (VectorSchemaRoot a = Batches.idName(this.allocator, 1, "one");
					VectorSchemaRoot b = Batches.idName(this.allocator, 2, "two")) {
				first = writer.ingest(WriteRequest.into(table).withIdempotencyKey("k1"), List.of(a));
				second = writer.ingest(WriteRequest.into(table).withIdempotencyKey("k2"), List.of(b));
			}
			// another writer commits into the same bucket while the group waits: the group's commit must fail
			try (VectorSchemaRoot other = Batches.idName(this.allocator, 9, "other")) {
				this.writer.execute(this.writer.newWriteBuilder(table).withFixedBucketPlan(),
						(session) -> session.write(other));
			}
			filesBefore = this.warehouse.dataFiles(table);
		}
		for (CompletableFuture<WriteResult> member : List.of(first, second)) {
			assertThatThrownBy(() -> member.get(60, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
				.hasCauseInstanceOf(IngestGroupException.class);
		}
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrder("0:zero", "9:other");
		assertThat(this.warehouse.dataFiles(table)).as("the group's files were deleted").isEqualTo(filesBefore);
		assertThat(this.lastIngester.failingTables()).containsExactly(Map.entry(table, 1));
		Health health = new PaimonHealthIndicator(this.warehouse.catalog(), this.lastIngester).health();
		assertThat(health.getDetails()).containsEntry("groupCommitFailures", Map.of(table, 1));
		try (PaimonWriter writer = writer(IngestSettings.DEFAULTS)) {
			assertThat(ingest(writer, table, "k1", 1, "one").committed()).isTrue();
			assertThat(ingest(writer, table, "k2", 2, "two").committed()).isTrue();
			assertThat(ingest(writer, table, "k0", 0, "zero").committed()).as("k0 is remembered").isFalse();
		}
		assertThat(this.warehouse.idNames(table)).containsExactlyInAnyOrder("0:zero", "1:one", "2:two", "9:other");
	}

	private WriteResult ingest(PaimonWriter writer, String table, @Nullable String key, int id, String name)
			throws Exception {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, id, name)) {
			WriteRequest request = WriteRequest.into(table);
			CompletableFuture<WriteResult> result = writer
				.ingest((key != null) ? request.withIdempotencyKey(key) : request, List.of(batch));
			return result.get(60, TimeUnit.SECONDS);
		}
	}

}
