package io.github.paimonspring.actuate;

import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code paimon} actuator endpoint on a real warehouse.
 */
class PaimonEndpointTests {

	@TempDir
	Path warehouse;

	@Test
	void listsTheConfiguredTablesWithKeysBucketAndLatestSnapshot() {
		new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues(ActuatorFixtures.TABLES)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse,
					"management.endpoints.web.exposure.include=paimon")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(PaimonEndpoint.class);
				PaimonEndpoint endpoint = context.getBean(PaimonEndpoint.class);
				PaimonEndpoint.PaimonDescriptor before = endpoint.paimon();
				assertThat(before.section("transactions")).as("no admin API, no transactions").isNull();
				assertThat(before.tables()).extracting(PaimonEndpoint.TableDescriptor::name).containsExactly("events",
						"orders");
				PaimonEndpoint.TableDescriptor orders = before.tables().get(1);
				assertThat(orders.identifier()).isEqualTo("test.orders");
				assertThat(orders.exists()).isTrue();
				assertThat(orders.primaryKeys()).containsExactly("id");
				assertThat(orders.partitionKeys()).isEmpty();
				assertThat(orders.bucket()).isEqualTo(2);
				assertThat(orders.latestSnapshotId()).isNull();
				assertThat(before.tables().get(0).bucket()).isEqualTo(-1);

				try (BufferAllocator allocator = new RootAllocator();
						VectorSchemaRoot batch = Batches.idName(allocator, 1, "a", 2, "b")) {
					context.getBean(PaimonWriter.class).write("events", batch);
				}
				PaimonEndpoint.TableDescriptor events = endpoint.paimon().tables().get(0);
				assertThat(events.identifier()).isEqualTo("test.events");
				assertThat(events.latestSnapshotId()).isEqualTo(1L);
			});
	}

	@Test
	void listsTheUndeclaredTablesTheScheduledMaintenanceMaintains() throws Exception {
		try (TestWarehouse tables = new TestWarehouse(
				this.warehouse)) {
			tables.simpleLogTable("raw.clicks");
			tables.simpleLogTable("analytics.daily");
		}
		new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues(ActuatorFixtures.TABLES)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse,
					"management.endpoints.web.exposure.include=paimon", "paimon.maintenance.exclude=analytics.*",
					"paimon.maintenance.tables.orders.enabled=false")
			.run((context) -> {
				PaimonEndpoint endpoint = context.getBean(PaimonEndpoint.class);
				try (BufferAllocator allocator = new RootAllocator();
						VectorSchemaRoot batch = Batches.idName(allocator, 7, "g")) {
					context.getBean(PaimonWriter.class).write("raw.clicks", batch);
					context.getBean(PaimonWriter.class).write("analytics.daily", batch);
				}
				context.getBean(MaintenanceScheduler.class).runOnce();
				List<PaimonEndpoint.TableDescriptor> tables = endpoint.paimon().tables();
				assertThat(tables).extracting(PaimonEndpoint.TableDescriptor::identifier).as("excluded: not listed")
					.containsExactly("test.events", "test.orders", "raw.clicks");
				assertThat(tables).extracting(PaimonEndpoint.TableDescriptor::maintained).containsExactly(true, false,
						true);
				PaimonEndpoint.TableDescriptor clicks = tables.get(2);
				assertThat(clicks.name()).as("not declared").isNull();
				assertThat(clicks.latestSnapshotId()).isEqualTo(2L);
				assertThat(clicks.state()).isNotNull().satisfies((state) -> assertThat(state.files()).isEqualTo(2));
				assertThat(clicks.lastMaintenance()).isNotNull()
					.satisfies((run) -> assertThat(run.error()).isNull());
			});
	}

	@Test
	void isOnlyCreatedWhenExposed() {
		new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaimonEndpoint.class));
		new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse,
					"management.endpoints.web.exposure.include=*", "management.endpoint.paimon.access=NONE")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaimonEndpoint.class));
	}

}
