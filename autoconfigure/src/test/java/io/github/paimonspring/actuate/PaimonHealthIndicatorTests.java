package io.github.paimonspring.actuate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

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
		assertThat(PaimonHealthIndicator.redact("failed at /data/wh/x", "file:/data/wh/")).isEqualTo("failed at <warehouse>/x");
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

}
