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
import io.github.paimonspring.ingest.LocalKeyClaims;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
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
		PaimonTables paimonTables = new PaimonTables(this.warehouse.catalog(), Map.of(), this.instances.id());
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
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
			.primaryKey("id").option("bucket", "-2").build());
		write(table, 1, "a");
		assertThat(this.warehouse.idNames(table)).as("invisible before").isEmpty();
		MaintenanceScheduler scheduler = scheduler(Map.of(table, new MaintenancePolicy(true, 1000)), Duration.ofHours(1));
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
		this.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING())
			.column("dt", DataTypes.STRING()).partitionKeys("dt").option("partition.expiration-time", "7 d")
			.option("partition.timestamp-formatter", "yyyy-MM-dd").build());
		String today = LocalDate.now().toString();
		try (VectorSchemaRoot batch = Batches.idNameDt(this.allocator, 1, "old", "2020-01-01", 2, "new", today)) {
			this.writer.write(table, batch);
		}
		MaintenanceScheduler scheduler = scheduler(Map.of(table, new MaintenancePolicy(true, 1000)), Duration.ofHours(1));
		scheduler.runOnce();
		assertThat(scheduler.runs(table)).singleElement().satisfies((run) -> {
			assertThat(run.error()).isNull();
			assertThat(run.expiredPartitions()).isEqualTo(1);
		});
		assertThat(this.warehouse.read(table, (row) -> row.getInt(0) + ":" + row.getString(2))).containsExactly("2:" + today);
	}

	@Test
	void orphanFilesAreRemovedInTheRoundAfterAnInstanceDied() {
		String table = "default.orphans";
		this.warehouse.simpleLogTable(table);
		MaintenanceScheduler scheduler = scheduler(Map.of(table, new MaintenancePolicy(true, 1000)), Duration.ofDays(1));
		scheduler.runOnce();
		assertThat(scheduler.runs(table).get(0).orphanFiles()).as("the first round cleans").isNotNull();
		scheduler.runOnce();
		assertThat(scheduler.runs(table).get(1).orphanFiles()).as("not again within the interval").isNull();

		// an instance that wrote files without committing, then died (its lease is in the past)
		Instances dead = new Instances(new WarehouseStateStore(LocalFileIO.create(), this.dir.toString()),
				Duration.ofMinutes(-1));
		dead.heartbeat();
		try (var writer = new io.github.paimonspring.core.PaimonWriter(
				new PaimonTables(this.warehouse.catalog(), Map.of(), dead.id()), null);
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

	private void write(String table, Object... idNamePairs) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, idNamePairs)) {
			this.writer.write(table, batch);
		}
	}

}
