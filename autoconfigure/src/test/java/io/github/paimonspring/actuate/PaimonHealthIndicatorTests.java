package io.github.paimonspring.actuate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.maintenance.CompactionResult;
import io.github.paimonspring.maintenance.MaintenanceRun;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.maintenance.TableState;
import io.github.paimonspring.support.Batches;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code paimon} health indicator on a writable and on an unwritable warehouse.
 */
class PaimonHealthIndicatorTests {

	@TempDir
	Path temp;

	private ApplicationContextRunner runner(Path warehouse) {
		return new ApplicationContextRunner().withConfiguration(ActuatorFixtures.PAIMON)
			.withPropertyValues("paimon.catalog.warehouse=" + warehouse);
	}

	@Test
	void upWhenTheCatalogIsReachableAndTheWarehouseWritable() {
		Path warehouse = this.temp.resolve("warehouse");
		runner(warehouse).withPropertyValues(ActuatorFixtures.TABLES).run((context) -> {
			assertThat(context).hasNotFailed().hasBean("paimonHealthIndicator");
			Health health = context.getBean(PaimonHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("metastore", "filesystem")
				.doesNotContainKey("warehouse")
				.containsEntry("warehouseKind", "local")
				.containsEntry("databases", 1)
				.containsEntry("warehouseWritable", true);
			assertThat(health.getDetails().toString()).as("no local path in the details")
				.doesNotContain(this.temp.toString());
			try (Stream<Path> files = Files.list(warehouse)) {
				// besides the database, only the instances' shared state (no probe file)
				assertThat(files.map((p) -> p.getFileName().toString())).as("the probe file is deleted")
					.containsExactlyInAnyOrder("test.db", "_paimon-spring");
			}
		});
	}

	@Test
	void downWhenTheWarehouseCannotBeWritten() {
		Path warehouse = this.temp.resolve("warehouse");
		runner(warehouse).run((context) -> {
			assertThat(context).hasNotFailed();
			PaimonHealthIndicator indicator = context.getBean(PaimonHealthIndicator.class);
			assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
			// tests run as root, so a read-only directory would still be writable: the warehouse
			// directory is replaced by a regular file, so creating the probe file under it fails
			FileSystemUtils.deleteRecursively(warehouse);
			Files.writeString(warehouse, "not a directory");
			Health health = indicator.health();
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails()).containsEntry("metastore", "filesystem")
				.containsEntry("warehouseKind", "local")
				.doesNotContainKey("warehouse")
				.doesNotContainKey("warehouseWritable");
			assertThat((String) health.getDetails().get("error"))
				.contains("The Paimon warehouse '<warehouse>' is not writable")
				.doesNotContain(this.temp.toString());
		});
	}

	@Test
	void canBeDisabled() {
		runner(this.temp).withPropertyValues("management.health.paimon.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaimonHealthIndicator.class));
		runner(this.temp).withPropertyValues("management.health.defaults.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaimonHealthIndicator.class));
	}

	@Test
	void remoteWarehousesAreShownWithoutUserInfoQueryOrFragment() {
		assertThat(PaimonHealthIndicator.location("s3://lake/wh")).isEqualTo("s3://lake/wh");
		assertThat(PaimonHealthIndicator.location("s3a://key:secret@lake_1/wh?x-amz-security-token=t#f"))
			.isEqualTo("s3a://lake_1/wh");
		assertThat(PaimonHealthIndicator.location("HDFS://user@nn:8020/wh")).isEqualTo("hdfs://nn:8020/wh");
		assertThat(PaimonHealthIndicator.location("s3://bad uri/with space")).isEqualTo("s3://…");
		assertThat(PaimonHealthIndicator.location("/data/wh")).isNull();
		assertThat(PaimonHealthIndicator.location("file:///data/wh")).isNull();
	}

	@Test
	void failuresNameTheWarehouseWithoutItsPath() {
		assertThat(PaimonHealthIndicator.redact("Cannot create /data/wh/.paimon-health-1 under file:/data/wh",
				"/data/wh"))
			.isEqualTo("Cannot create <warehouse>/.paimon-health-1 under <warehouse>");
		assertThat(PaimonHealthIndicator.redact("failed at /data/wh/x",
				"file:/data/wh/")).isEqualTo("failed at <warehouse>/x");
		assertThat(PaimonHealthIndicator.redact(null, "/data/wh")).isEmpty();
	}

	@Test
	void warehouseKindIsTheUriScheme() {
		assertThat(PaimonHealthIndicator.warehouseKind("s3://lake/wh")).isEqualTo("s3");
		assertThat(PaimonHealthIndicator.warehouseKind("hdfs://nn:8020/wh")).isEqualTo("hdfs");
		assertThat(PaimonHealthIndicator.warehouseKind("file:///data/wh")).isEqualTo("local");
		assertThat(PaimonHealthIndicator.warehouseKind("/data/wh")).isEqualTo("local");
		assertThat(PaimonHealthIndicator.warehouseKind("C:/data/wh")).isEqualTo("local");
	}

	@Test
	void showsWhatTheScheduledMaintenanceSawAndMeters() {
		// the embedded set-up (filesystem catalog, local warehouse) is maintained by default
		runner(this.temp.resolve("maintained")).withPropertyValues(ActuatorFixtures.TABLES)
			.run((context) -> {
				MaintenanceScheduler scheduler = context.getBean(MaintenanceScheduler.class);
				assertThat(scheduler.tables()).containsKeys("test.events", "test.orders");
				// a table paimon.tables does not declare, written through the operations
				context.getBean(Catalog.class)
					.createTable(Identifier.create("test", "undeclared"),
							Schema.newBuilder()
								.column("id", DataTypes.INT())
								.column("name", DataTypes.STRING())
								.build(),
							false);
				try (BufferAllocator allocator = new RootAllocator();
						VectorSchemaRoot batch = Batches
							.idName(allocator, 1, "a")) {
					context.getBean(PaimonOperations.class).write("test.undeclared", batch);
				}
				scheduler.runOnce();
				Health health = context.getBean(PaimonHealthIndicator.class).health();
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(health.getDetails().get("maintenance")).asInstanceOf(InstanceOfAssertFactories.MAP)
					.containsKeys("test.events", "test.orders", "test.undeclared")
					.hasEntrySatisfying("test.undeclared", (detail) -> assertThat(detail)
						.asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("files", 1L).containsKey("lastRun"))
					.extractingByKey("test.events").asInstanceOf(InstanceOfAssertFactories.MAP)
					.containsEntry("files", 0L).containsEntry("postponeFiles", 0L).containsKey("lastRun")
					.doesNotContainKey("error");
			});
		runner(this.temp.resolve("off")).withPropertyValues(ActuatorFixtures.TABLES)
			.withPropertyValues("paimon.maintenance.enabled=false")
			.run((context) -> {
				assertThat(context).doesNotHaveBean(MaintenanceScheduler.class);
				assertThat(context.getBean(PaimonHealthIndicator.class).health().getDetails())
						.doesNotContainKey("maintenance");
			});
	}

	@Test
	void theMaintenanceListenerMetersRunsAndTables() {
		SimpleMeterRegistry registry = new SimpleMeterRegistry();
		MicrometerMaintenanceListener listener = new MicrometerMaintenanceListener(registry);
		Instant start = Instant.parse("2026-01-01T00:00:00Z");
		listener.ran(new MaintenanceRun("db.t", "i1", start, start.plusSeconds(2),
				new CompactionResult("db.t", 40, 2, 7L), 3, 1, null, null),
				new TableState("db.t", 2, 2048, 1, 4, 5));
		listener.ran(new MaintenanceRun("db.t", "i1", start, start.plusSeconds(1), null, 0, 0, null, "boom"), null);
		assertThat(registry.get(MicrometerMaintenanceListener.DURATION).tag("table", "db.t").tag("result", "ok").timer()
			.count()).isEqualTo(1);
		assertThat(registry.get(MicrometerMaintenanceListener.DURATION).tag("result", "failed").timer().count())
			.isEqualTo(1);
		assertThat(registry.get(MicrometerMaintenanceListener.COMPACTED_FILES).counter().count()).isEqualTo(40);
		assertThat(registry.get(MicrometerMaintenanceListener.EXPIRED_SNAPSHOTS).counter().count()).isEqualTo(3);
		assertThat(registry.get(MicrometerMaintenanceListener.EXPIRED_PARTITIONS).counter().count()).isEqualTo(1);
		assertThat(registry.get(MicrometerMaintenanceListener.TABLE_FILES).tag("table", "db.t").gauge().value())
			.isEqualTo(2);
		assertThat(registry.get(MicrometerMaintenanceListener.TABLE_BYTES).gauge().value()).isEqualTo(2048);
		assertThat(registry.get(MicrometerMaintenanceListener.TABLE_SNAPSHOTS).gauge().value()).isEqualTo(4);
		assertThat(registry.get(MicrometerMaintenanceListener.TABLE_POSTPONE_FILES).gauge().value()).isEqualTo(5);
	}

}
