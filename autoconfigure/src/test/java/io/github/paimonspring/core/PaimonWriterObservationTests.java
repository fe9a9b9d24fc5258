package io.github.paimonspring.core;

import java.io.IOException;
import java.util.List;

import io.github.paimonspring.PaimonWriteException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link PaimonWriter}'s {@code paimon.writer} observations, on real tables in a temporary warehouse.
 */
class PaimonWriterObservationTests extends WarehouseTestBase {

	private final TestObservationRegistry registry = TestObservationRegistry.create();

	private WriteResult write(String table, Object... idNames) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, idNames)) {
			return this.writer.write(table, batch);
		}
	}

	/** Replaces the writer with one observed with a registry and a convention. */
	private void observeWith(ObservationRegistry observations, @Nullable PaimonWriterObservationConvention convention) {
		PaimonTables tables = this.writer.tables();
		this.writer.close();
		this.writer = PaimonWriter.builder(tables)
			.spillDirectory(this.dir.resolve("spill"))
			.observationRegistry(observations)
			.observationConvention(convention)
			.build();
	}

	private long latestSnapshotId(String table) {
		return this.warehouse.table(table).snapshotManager().latestSnapshotId();
	}

	@Test
	void aWriteIsOneObservationWithTheTableOperationRowsAndSnapshot() {
		String table = this.warehouse.simpleLogTable("default.t");
		observeWith(this.registry, null);
		WriteResult result = write(table, 4, "dave", 5, "eve");
		assertThat(result.committed()).isTrue();
		assertThat(result.snapshotId()).isEqualTo(latestSnapshotId(table));
		assertThat(this.registry).doesNotHaveAnyRemainingCurrentObservation()
			.doesNotHaveAnyRemainingCurrentScope()
			.hasNumberOfObservationsEqualTo(1)
			.hasSingleObservationThat()
			.hasNameEqualTo("paimon.writer")
			.hasContextualNameEqualTo("write default.t")
			.hasBeenStarted()
			.hasBeenStopped()
			.doesNotHaveError()
			.hasLowCardinalityKeyValue("paimon.table", "default.t")
			.hasLowCardinalityKeyValue("paimon.operation", "write")
			.hasLowCardinalityKeyValue("paimon.result", "committed")
			.hasHighCardinalityKeyValue("paimon.rows", "2")
			.hasHighCardinalityKeyValue("paimon.snapshot.id", String.valueOf(latestSnapshotId(table)));
	}

	@Test
	void aFailingWriteRecordsTheErrorAndTheCallerGetsTheSameException() {
		String table = this.warehouse.simpleLogTable("default.t");
		long snapshots = this.warehouse.snapshotCount(table);
		observeWith(this.registry, null);
		Throwable thrown;
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 4, "dave", "2024-01-01")) {
			// the table has no column 'dt'
			thrown = catchThrowable(() -> this.writer.write(table, batch));
		}
		assertThat(thrown).isInstanceOf(ArrowDataException.class).hasMessageContaining("column 'dt'")
				.hasMessageContaining("paimon.write.schema-evolution");
		assertThat(this.warehouse.snapshotCount(table)).isEqualTo(snapshots);
		assertThat(this.registry).hasSingleObservationThat()
			.hasBeenStopped()
			.hasError(thrown)
			.hasLowCardinalityKeyValue("paimon.table", "default.t")
			.hasLowCardinalityKeyValue("paimon.operation", "write")
			.hasLowCardinalityKeyValue("paimon.result", "failed")
			.doesNotHaveHighCardinalityKeyValueWithKey("paimon.rows")
			.doesNotHaveHighCardinalityKeyValueWithKey("paimon.snapshot.id");
	}

	@Test
	void executeRecordsTheCallbackFailureTheCallerGets() {
		String table = this.warehouse.simpleLogTable("default.t");
		observeWith(this.registry, null);
		Throwable thrown = catchThrowable(() -> this.writer.execute(table, (session) -> {
			throw new IOException("upstream failed");
		}));
		assertThat(thrown).isInstanceOf(PaimonWriteException.class).hasRootCauseInstanceOf(IOException.class);
		assertThat(this.registry).hasSingleObservationThat()
			.hasError(thrown)
			.hasLowCardinalityKeyValue("paimon.operation", "execute")
			.hasLowCardinalityKeyValue("paimon.result", "failed");
	}

	@Test
	void anUnknownTableIsObservedUnderTheNameAsGiven() {
		observeWith(this.registry, null);
		Throwable thrown = catchThrowable(() -> write("default.missing", 1, "a"));
		assertThat(thrown).isNotNull();
		assertThat(this.registry).hasSingleObservationThat()
			.hasError(thrown)
			.hasLowCardinalityKeyValue("paimon.table", "default.missing");
	}

	@Test
	void truncateAndAnEmptyWriteAreObservedWithTheirOutcome() {
		String table = this.warehouse.simpleLogTable("default.t");
		observeWith(this.registry, null);
		assertThat(write(table).committed()).isFalse();
		assertThat(this.writer.truncate(table).committed()).isTrue();
		assertThat(this.registry).hasNumberOfObservationsEqualTo(2)
			.hasAnObservation((observation) -> observation.hasLowCardinalityKeyValue("paimon.operation", "write")
				.hasLowCardinalityKeyValue("paimon.result", "skipped")
				.hasHighCardinalityKeyValue("paimon.rows", "0")
				.doesNotHaveHighCardinalityKeyValueWithKey("paimon.snapshot.id"))
			.hasAnObservation((observation) -> observation.hasLowCardinalityKeyValue("paimon.operation", "truncate")
				.hasLowCardinalityKeyValue("paimon.result", "committed")
				.hasHighCardinalityKeyValue("paimon.snapshot.id", String.valueOf(latestSnapshotId(table))));
		assertThat(this.warehouse.idNames(table)).isEmpty();
	}

	@Test
	void writeFixedBucketsIsObserved() {
		this.warehouse.create("default.postponed", Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.primaryKey("id")
			.option("bucket", "-2")
			.build());
		observeWith(this.registry, null);
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a", 2, "b", 3, "c")) {
			this.writer.execute(this.writer.newWriteBuilder("default.postponed").withFixedBucketPlan(),
					(session) -> session.write(batch));
		}
		assertThat(this.registry).hasSingleObservationThat()
			.hasLowCardinalityKeyValue("paimon.table", "default.postponed")
			.hasLowCardinalityKeyValue("paimon.operation", "write-fixed-buckets")
			.hasLowCardinalityKeyValue("paimon.result", "committed")
			.hasHighCardinalityKeyValue("paimon.rows", "3");
	}

	@Test
	void ingestIsObservedUntilItsGroupCommitCompletedTheFuture() {
		String table = this.warehouse.simpleLogTable("default.t");
		observeWith(this.registry, null);
		WriteResult result;
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 4, "dave")) {
			result = this.writer.ingest(WriteRequest.into(table), List.of(batch)).join();
		}
		assertThat(result.committed()).isTrue();
		// stopped before join() returned
		assertThat(this.registry).hasSingleObservationThat()
			.hasBeenStopped()
			.doesNotHaveError()
			.hasLowCardinalityKeyValue("paimon.operation", "ingest")
			.hasLowCardinalityKeyValue("paimon.result", "committed")
			.hasHighCardinalityKeyValue("paimon.rows", "1")
			.hasHighCardinalityKeyValue("paimon.snapshot.id", String.valueOf(result.snapshotId()));
	}

	@Test
	void withoutARegistryNothingIsObservedAndACustomConventionRenamesTheObservation() {
		String table = this.warehouse.simpleLogTable("default.t");
		write(table, 4, "dave");
		observeWith(this.registry, new DefaultPaimonWriterObservationConvention() {

			@Override
			public String getName() {
				return "lake.writes";
			}

		});
		write(table, 5, "eve");
		observeWith(ObservationRegistry.NOOP, null);
		write(table, 6, "frank");
		assertThat(this.registry).hasSingleObservationThat()
			.hasNameEqualTo("lake.writes")
			.hasHighCardinalityKeyValue("paimon.rows", "1")
			.hasHighCardinalityKeyValue("paimon.snapshot.id", String.valueOf(latestSnapshotId(table) - 1));
		assertThat(this.warehouse.idNames(table)).contains("4:dave", "5:eve", "6:frank");
	}

	@Test
	void aMeterObservationHandlerMakesATimerTaggedWithTheTable() {
		String table = this.warehouse.simpleLogTable("default.t");
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		ObservationRegistry observations = ObservationRegistry.create();
		observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
		observeWith(observations, null);
		write(table, 4, "dave");
		write(table, 5, "eve");
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 6, "frank", "2024-01-01")) {
			assertThat(catchThrowable(() -> this.writer.write(table, batch))).isInstanceOf(ArrowDataException.class);
		}
		Timer committed = meters.get("paimon.writer")
			.tag("paimon.table", "default.t")
			.tag("paimon.operation", "write")
			.tag("paimon.result", "committed")
			.timer();
		assertThat(committed.count()).isEqualTo(2);
		Timer failed = meters.get("paimon.writer")
			.tag("paimon.table", "default.t")
			.tag("paimon.result", "failed")
			.tag("error", "ArrowDataException")
			.timer();
		assertThat(failed.count()).isEqualTo(1);
		assertThat(meters.get("paimon.writer.active").longTaskTimer().activeTasks()).isZero();
	}

}
