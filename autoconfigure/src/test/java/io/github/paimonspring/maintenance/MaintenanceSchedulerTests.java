package io.github.paimonspring.maintenance;

import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.cluster.Instances;
import io.github.paimonspring.cluster.WarehouseStateStore;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.TableWriteListener;
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.TestWarehouse;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One scheduled round at a time ({@code runOnce}) on real tables: what triggers a compaction, per-table
 * policies, partition expiry, orphan cleanup after an instance died, and what the listener is told.
 */
class MaintenanceSchedulerTests extends WarehouseTestBase {

	private Instances instances;

	private final List<MaintenanceRun> heard = new ArrayList<>();

	private final List<TableState> states = new ArrayList<>();

	@BeforeEach
	void registerInstance() {
		this.instances = new Instances(new WarehouseStateStore(LocalFileIO.create(), this.dir.toString()),
				Duration.ofMinutes(5));
		this.instances.heartbeat();
	}

	private MaintenanceScheduler scheduler(Map<String, MaintenancePolicy> tables, Duration orphanInterval) {
		PaimonTables paimonTables = PaimonTables.builder(this.warehouse.catalog())
			.writerId(this.instances.id())
			.build();
		OrphanFiles orphans = new OrphanFiles(paimonTables, this.instances, Duration.ofDays(1), PendingFiles.NONE);
		return new MaintenanceScheduler(new TableMaintenance(paimonTables), orphans, tables, new LocalKeyClaims(),
				Duration.ofHours(1), orphanInterval, this::heard);
	}

	private void heard(MaintenanceRun run, @Nullable TableState state) {
		this.heard.add(run);
		this.states.add(state);
	}

	@Test
	void aPendingPostponeFileTriggersACompactionWhateverMinFilesSays() {
		String table = "default.scheduled";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").build());
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, 1, "a")) {
			// the standard path, into bucket-postpone files (write() would write real buckets)
			this.writer.execute(this.writer.newWriteBuilder(table), (session) -> session.write(batch));
		}
		assertThat(this.warehouse.idNames(table)).as("invisible before").isEmpty();
		MaintenanceScheduler scheduler = scheduler(Map.of(table, new MaintenancePolicy(true, 1000)),
				Duration.ofHours(1));
		scheduler.runOnce();
		assertThat(scheduler.runs(table)).singleElement()
			.satisfies((run) -> assertThat(run.compaction()).isNotNull().matches(CompactionResult::compacted));
		assertThat(this.warehouse.idNames(table)).containsExactly("1:a");
		assertThat(scheduler.lastState(table)).isNotNull().satisfies((state) -> {
			assertThat(state.pendingPostponeFiles()).isZero();
			assertThat(state.files()).isPositive();
		});
	}

	@Test
	void policiesDecideWhichTablesAreCompactedAndWhen() {
		Map<String, MaintenancePolicy> policies = new LinkedHashMap<>();
		policies.put("default.few", new MaintenancePolicy(true, 8));
		policies.put("default.many", new MaintenancePolicy(true, 3));
		policies.put("default.off", new MaintenancePolicy(false, 1));
		for (String table : policies.keySet()) {
			this.warehouse.simpleLogTable(table);
			for (int commit = 0; commit < 6; commit++) {
				write(table, 10 + commit, "x");
			}
		}
		MaintenanceScheduler scheduler = scheduler(policies, Duration.ofHours(1));
		scheduler.runOnce();
		assertThat(scheduler.runs("default.off")).as("a table switched off is not maintained").isEmpty();
		assertThat(scheduler.runs("default.few")).singleElement()
			.satisfies((run) -> assertThat(run.compaction()).as("7 files < 8").isNull());
		assertThat(scheduler.runs("default.many")).singleElement()
			.satisfies((run) -> assertThat(run.compaction()).as("7 files >= 3").isNotNull());
		assertThat(this.heard).extracting(MaintenanceRun::table).containsExactly("default.few", "default.many");
		assertThat(this.states).allSatisfy((state) -> assertThat(state).isNotNull());
		assertThat(this.states.get(0).files()).isEqualTo(7);
		assertThat(this.states.get(1).files()).isEqualTo(1);
		assertThat(this.states.get(1).bytes()).isPositive();
	}

	@Test
	void partitionsWhoseTimeRanOutAreDropped() {
		String table = "default.daily";
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.column("dt", DataTypes.STRING()).partitionKeys("dt").option("partition.expiration-time", "7 d")
			.option("partition.timestamp-formatter", "yyyy-MM-dd").build());
		String today = LocalDate.now().toString();
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 1, "old", "2020-01-01", 2, "new", today)) {
			this.writer.write(table, batch);
		}
		MaintenanceScheduler scheduler = scheduler(Map.of(table, new MaintenancePolicy(true, 1000)),
				Duration.ofHours(1));
		scheduler.runOnce();
		assertThat(scheduler.runs(table)).singleElement().satisfies((run) -> {
			assertThat(run.error()).isNull();
			assertThat(run.expiredPartitions()).isEqualTo(1);
		});
		assertThat(this.warehouse.read(table, (row) -> row.getInt(0)
				+ ":" + row.getString(2))).containsExactly("2:" + today);
	}

	@Test
	void orphanFilesAreRemovedInTheRoundAfterAnInstanceDied() {
		String table = "default.orphans";
		this.warehouse.simpleLogTable(table);
		MaintenanceScheduler scheduler = scheduler(Map.of(table, new MaintenancePolicy(true, 1000)),
				Duration.ofDays(1));
		scheduler.runOnce();
		assertThat(scheduler.runs(table).get(0).orphanFiles()).as("the first round cleans").isNotNull();
		scheduler.runOnce();
		assertThat(scheduler.runs(table).get(1).orphanFiles()).as("not again within the interval").isNull();

		// an instance that wrote files without committing, then died (its lease is in the past)
		Instances dead = new Instances(new WarehouseStateStore(LocalFileIO.create(), this.dir.toString()),
				Duration.ofMinutes(-1));
		dead.heartbeat();
		try (var writer = PaimonWriter
			.builder(PaimonTables.builder(this.warehouse.catalog()).writerId(dead.id()).build())
			.build();
				var write = writer.newWriteBuilder(table).newWrite();
				VectorSchemaRoot batch = Batches.idName(this.allocator, 99, "lost")) {
			write.write(batch);
			write.prepareCommit();
		}
		scheduler.runOnce();
		OrphanFilesResult removed = scheduler.runs(table).get(2).orphanFiles();
		assertThat(removed).as("a new dead instance triggers a cleanup").isNotNull();
		assertThat(removed.deadInstanceFiles()).isPositive();
		assertThat(this.warehouse.dataFiles(table)).noneMatch((file) -> file.contains("data-" + dead.id() + "-"));
		assertThat(this.heard.get(2).orphanFiles()).isEqualTo(removed);
	}

	@Test
	void everyTableTheServiceWritesIsMaintainedAlsoAfterARestartUnlessExcluded() throws Exception {
		String undeclared = "default.undeclared";
		String excluded = "analytics.flink_owned";
		this.warehouse.create(undeclared, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.option("write-only", "true").option("snapshot.num-retained.min", "1").option("snapshot.num-retained.max",
					"2")
			.build());
		this.warehouse.create(excluded, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.option("write-only", "true").build());
		WarehouseStateStore store = new WarehouseStateStore(LocalFileIO.create(), this.dir.toString());
		WrittenTables written = new WrittenTables(store, this.instances.id());
		listenTo(written);
		MaintenanceScheduler scheduler = scheduler(scope(written), Duration.ofHours(1));
		scheduler.runOnce();
		assertThat(this.heard).as("nothing written yet, nothing declared").isEmpty();
		for (int commit = 0; commit < 6; commit++) {
			write(undeclared, commit, "u" + commit);
			write(excluded, commit, "x" + commit);
		}
		assertThat(scheduler.tables()).as("known at once, before the round").containsOnlyKeys(undeclared);
		scheduler.runOnce();
		assertThat(scheduler.runs(undeclared)).singleElement().satisfies((run) -> {
			assertThat(run.error()).isNull();
			assertThat(run.compaction()).isNotNull().matches(CompactionResult::compacted);
		});
		assertThat(scheduler.runs(excluded)).isEmpty();
		assertThat(this.warehouse.liveFileCount(excluded)).as("an excluded table is never compacted").isEqualTo(6);
		assertThat(this.warehouse.snapshotCount(undeclared)).isLessThanOrEqualTo(2);
		assertThat(this.warehouse.idNames(undeclared)).containsExactlyInAnyOrder("0:u0", "1:u1", "2:u2", "3:u3", "4:u4",
				"5:u5");
		written.close();

		// a restarted instance (new registry, new scheduler) that has not written the table keeps maintaining it
		for (int commit = 6; commit < 12; commit++) {
			this.warehouse.insert(undeclared, TestWarehouse.row(commit, "p" + commit));
		}
		WrittenTables restarted = new WrittenTables(store, "restarted");
		MaintenanceScheduler next = scheduler(scope(restarted), Duration.ofHours(1));
		next.runOnce();
		assertThat(next.runs(undeclared)).singleElement()
			.satisfies((run) -> assertThat(run.compaction()).isNotNull().matches(CompactionResult::compacted));
		assertThat(this.warehouse.liveFileCount(undeclared)).isLessThan(3);
		assertThat(this.warehouse.idNames(undeclared)).hasSize(12).doesNotHaveDuplicates();
		restarted.close();
	}

	@Test
	void aWrittenTableThatNoLongerExistsIsForgotten() throws Exception {
		String table = "default.dropped";
		this.warehouse.simpleLogTable(table);
		WarehouseStateStore store = new WarehouseStateStore(LocalFileIO.create(), this.dir.toString());
		WrittenTables written = new WrittenTables(store, this.instances.id());
		listenTo(written);
		write(table, 9, "z");
		MaintenanceScheduler scheduler = scheduler(scope(written), Duration.ofHours(1));
		scheduler.runOnce();
		assertThat(scheduler.runs(table)).singleElement().satisfies((run) -> assertThat(run.error()).isNull());
		this.warehouse.catalog().dropTable(Identifier.fromString(table), false);
		scheduler.runOnce();
		assertThat(scheduler.runs(table)).hasSize(2).last()
			.satisfies((run) -> assertThat(run.error()).contains(table));
		assertThat(scheduler.tables()).doesNotContainKey(table);
		assertThat(scheduler.lastState(table)).isNull();
		assertThat(store.list(WrittenTables.KIND)).isEmpty();
		scheduler.runOnce();
		assertThat(scheduler.runs(table)).as("not tried again").hasSize(2);
		written.close();
	}

	private static MaintenanceScope scope(WrittenTables written) {
		return new MaintenanceScope(Map.of(), Map.of(), new MaintenancePolicy(true, 3), List.of("analytics.*"),
				written);
	}

	private MaintenanceScheduler scheduler(MaintenanceScope scope, Duration orphanInterval) {
		PaimonTables paimonTables = PaimonTables.builder(this.warehouse.catalog())
			.writerId(this.instances.id())
			.build();
		OrphanFiles orphans = new OrphanFiles(paimonTables, this.instances, Duration.ofDays(1), PendingFiles.NONE);
		return new MaintenanceScheduler(new TableMaintenance(paimonTables), orphans, scope, new LocalKeyClaims(),
				Duration.ofHours(1), orphanInterval, this::heard);
	}

	private void write(String table, Object... idNamePairs) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, idNamePairs)) {
			this.writer.write(table, batch);
		}
	}

	/** Replaces the writer with one that tells a listener about every table it writes. */
	private void listenTo(TableWriteListener listener) {
		PaimonTables tables = this.writer.tables();
		this.writer.close();
		this.writer = PaimonWriter.builder(tables)
			.spillDirectory(this.dir.resolve("spill"))
			.tableWriteListener(listener)
			.build();
	}

}
