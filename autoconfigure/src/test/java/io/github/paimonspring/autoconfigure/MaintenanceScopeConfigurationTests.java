package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.cluster.ClusterMembership;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.maintenance.MaintenancePolicy;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.maintenance.WrittenTables;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scope of the scheduled maintenance as configured: the tables written through
 * {@link PaimonOperations} join it and are remembered in the shared state, per-table settings by
 * identifier apply to undeclared tables, exclusions leave tables out, and bad keys or patterns fail the
 * start naming the property.
 */
class MaintenanceScopeConfigurationTests {

	private static final String[] ORDERS = { "paimon.tables.orders.identifier=shop.orders",
			"paimon.tables.orders.create-if-missing=true", "paimon.tables.orders.schema.columns[0].name=id",
			"paimon.tables.orders.schema.columns[0].type=INT", "paimon.tables.orders.schema.columns[1].name=name",
			"paimon.tables.orders.schema.columns[1].type=STRING" };

	@TempDir
	Path warehouse;

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse);
	}

	@Test
	void tablesWrittenThroughTheOperationsAreMaintainedWithTheirSettingsUnlessExcluded() throws Exception {
		try (TestWarehouse tables = new TestWarehouse(this.warehouse)) {
			for (String table : new String[] { "raw.events", "raw.other", "analytics.daily" }) {
				tables.create(table, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
						DataTypes.STRING())
					.build());
			}
		}
		String[] settings = { "paimon.maintenance.min-files=7", "paimon.maintenance.tables[raw.events].min-files=3",
				"paimon.maintenance.tables[shop.orders].enabled=false", "paimon.maintenance.exclude=analytics.*" };
		runner().withPropertyValues(ORDERS).withPropertyValues(settings).run((context) -> {
			assertThat(context).hasNotFailed();
			MaintenanceScheduler scheduler = context.getBean(MaintenanceScheduler.class);
			assertThat(scheduler.tables()).as("by identifier, also for a declared table")
				.containsExactly(Map.entry("shop.orders", new MaintenancePolicy(false, 7)));
			PaimonOperations operations = context.getBean(PaimonOperations.class);
			try (BufferAllocator allocator = new RootAllocator();
					VectorSchemaRoot batch = Batches.idName(allocator, 1, "a")) {
				operations.write("raw.events", batch);
				operations.ingest(WriteRequest.into("raw.other"), List.of(batch)).join();
				operations.write("analytics.daily", batch);
			}
			scheduler.runOnce();
			assertThat(scheduler.tables()).containsOnlyKeys("shop.orders", "raw.events", "raw.other")
				.containsEntry("raw.events", new MaintenancePolicy(true, 3))
				.containsEntry("raw.other", new MaintenancePolicy(true, 7));
			assertThat(scheduler.runs("raw.events")).singleElement().satisfies((run) -> assertThat(run.error())
					.isNull());
			assertThat(scheduler.runs("analytics.daily")).isEmpty();
			assertThat(scheduler.maintains("shop.orders")).as("switched off").isFalse();
			assertThat(scheduler.maintains("raw.other")).isTrue();
			assertThat(context.getBean(ClusterMembership.class).store().list(WrittenTables.KIND))
				.as("every written table is remembered")
				.containsOnlyKeys("raw.events", "raw.other", "analytics.daily");
		});
		// a restart: nothing written yet, the tables are known from the shared state after the first round
		runner().withPropertyValues(ORDERS).withPropertyValues(settings).run((context) -> {
			MaintenanceScheduler scheduler = context.getBean(MaintenanceScheduler.class);
			scheduler.runOnce();
			assertThat(scheduler.tables()).containsOnlyKeys("shop.orders", "raw.events", "raw.other");
			assertThat(scheduler.runs("raw.other")).hasSize(1);
		});
	}

	@Test
	void withoutScheduledMaintenanceNothingIsRecorded() throws Exception {
		try (TestWarehouse tables = new TestWarehouse(this.warehouse)) {
			tables.simpleLogTable("raw.events");
		}
		runner().withPropertyValues("paimon.maintenance.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed().doesNotHaveBean(WrittenTables.class);
			try (BufferAllocator allocator = new RootAllocator();
					VectorSchemaRoot batch = Batches.idName(allocator, 1, "a")) {
				context.getBean(PaimonOperations.class).write("raw.events", batch);
			}
			assertThat(context.getBean(ClusterMembership.class).store().list(WrittenTables.KIND)).isEmpty();
		});
	}

	@Test
	void aPerTableKeyThatIsNeitherANameNorAnIdentifierFailsTheStart() {
		runner().withPropertyValues(ORDERS).withPropertyValues("paimon.maintenance.tables.raw.min-files=3")
			.run((context) -> assertThat(context).hasFailed().getFailure().rootCause()
				.hasMessageContaining("paimon.maintenance.tables.raw names no table of paimon.tables [orders]")
				.hasMessageContaining("paimon.maintenance.tables[raw.events].min-files"));
		// without brackets, Spring would bind this to nothing (a key "raw" without a property "events")
		runner().withPropertyValues(ORDERS).withPropertyValues("paimon.maintenance.tables.raw.events.min-files=3")
			.run((context) -> assertThat(context).hasFailed().getFailure().rootCause()
				.hasMessageContaining("paimon.maintenance.tables.raw.events.* is no per-table setting (enabled, "
						+ "min-files)")
				.hasMessageContaining("paimon.maintenance.tables[raw.events].min-files"));
	}

	@Test
	void oneTableNamedTwiceFailsTheStart() {
		runner().withPropertyValues(ORDERS)
			.withPropertyValues("paimon.maintenance.tables.orders.min-files=3",
					"paimon.maintenance.tables[shop.orders].min-files=4")
			.run((context) -> assertThat(context).hasFailed().getFailure().rootCause()
				.hasMessageContaining("paimon.maintenance.tables names table 'orders' twice"));
	}

	@Test
	void anExclusionThatIsNoIdentifierPatternFailsTheStart() {
		runner().withPropertyValues("paimon.maintenance.exclude=raw.*,analytics")
			.run((context) -> assertThat(context).hasFailed().getFailure().rootCause()
				.hasMessageContaining("paimon.maintenance.exclude[1]: 'analytics' is no database.table pattern"));
	}

}
