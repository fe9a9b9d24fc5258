package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.maintenance.WrittenTables;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.s3.autoconfigure.PaimonS3AutoConfiguration;
import io.github.paimonspring.support.InJvmS3;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalog settings are resolved once from {@code paimon.catalog.*} and the
 * {@link PaimonConnectionDetails} beans, and the default of the scheduled maintenance is decided from
 * them: a connection details bean (as a {@code @ServiceConnection} registers one) that puts the warehouse
 * on S3 leaves it off, one that keeps the embedded local warehouse leaves it on.
 */
class PaimonConnectionDetailsTests {

	@TempDir
	Path dir;

	private static final String[] EVENTS = { "paimon.tables.events.identifier=shop.events",
			"paimon.tables.events.create-if-missing=true", "paimon.tables.events.schema.columns[0].name=id",
			"paimon.tables.events.schema.columns[0].type=INT NOT NULL",
			"paimon.tables.events.schema.columns[1].name=name",
			"paimon.tables.events.schema.columns[1].type=STRING" };

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PaimonS3AutoConfiguration.class, PaimonAutoConfiguration.class))
			.withPropertyValues(EVENTS);
	}

	@Test
	void withoutConnectionDetailsBeansThePropertiesAreTheConnectionDetails() {
		runner().withPropertyValues("paimon.catalog.warehouse=" + this.dir.resolve("wh")).run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(PaimonConnectionDetails.class)
				.getBean(PaimonConnectionDetails.class)
				.isInstanceOf(PropertiesPaimonConnectionDetails.class);
			assertThat(context.getBean(PaimonConnectionDetails.class).getWarehouse())
				.isEqualTo(this.dir.resolve("wh").toString());
			assertThat(context.getBean(PaimonCatalogSettings.class).isEmbedded()).isTrue();
		});
	}

	@Test
	void aConnectionDetailsBeanOnS3LeavesTheScheduledMaintenanceOffByDefault() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			PaimonConnectionDetails details = details("s3://lake/warehouse", s3.catalogOptions());
			// the properties alone would be the embedded set-up: no warehouse, a filesystem catalog
			runner().withBean(PaimonConnectionDetails.class, () -> details).run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(PropertiesPaimonConnectionDetails.class);
				PaimonCatalogSettings settings = context.getBean(PaimonCatalogSettings.class);
				assertThat(settings.warehouse()).isEqualTo("s3://lake/warehouse");
				assertThat(settings.isEmbedded()).isFalse();
				assertThat(scheduler(context)).as("scheduled maintenance").isNull();
				assertThat(context.getBeanProvider(WrittenTables.class).getIfAvailable()).isNull();
				assertThat(writeEvent(context)).isTrue();
				assertThat(s3.objects("lake", "warehouse/shop.db/events")).as("written to S3")
					.anyMatch((key) -> key.contains("snapshot/snapshot-1"));
			});
			runner().withBean(PaimonConnectionDetails.class, () -> details)
				.withPropertyValues("paimon.maintenance.enabled=true")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(scheduler(context)).as("scheduled maintenance when enabled").isNotNull();
				});
		}
	}

	@Test
	void aConnectionDetailsBeanWithALocalWarehouseKeepsTheEmbeddedDefault() {
		Path local = this.dir.resolve("local");
		PaimonConnectionDetails details = details(local.toString(), Map.of());
		runner().withPropertyValues("paimon.catalog.warehouse=s3://not-used/warehouse")
			.withBean(PaimonConnectionDetails.class, () -> details)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(PaimonCatalogSettings.class).warehouse()).isEqualTo(local.toString());
				assertThat(scheduler(context)).as("scheduled maintenance of the embedded set-up").isNotNull();
				assertThat(writeEvent(context)).isTrue();
				assertThat(local.resolve("shop.db/events/snapshot")).isDirectory();
			});
		runner().withBean(PaimonConnectionDetails.class, () -> details)
			.withPropertyValues("paimon.maintenance.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(MaintenanceScheduler.class));
	}

	@Test
	void severalConnectionDetailsOverrideThePropertiesInOrderEachWithWhatItProvides() {
		PaimonProperties.Catalog catalog = new PaimonProperties.Catalog();
		catalog.setWarehouse("/data/warehouse");
		catalog.getOptions().put("cache-enabled", "false");
		PaimonConnectionDetails storage = details("s3://lake/warehouse", Map.of("s3.endpoint", "http://minio:9000"));
		PaimonConnectionDetails metastore = new PaimonConnectionDetails() {

			@Override
			public String getMetastore() {
				return "jdbc";
			}

			@Override
			public Map<String, String> getCatalogOptions() {
				return Map.of("uri", "jdbc:postgresql://db/lake");
			}

		};
		PaimonCatalogSettings settings = PaimonCatalogSettings.resolve(catalog, List.of(storage, metastore));
		assertThat(settings.options()).containsEntry("warehouse", "s3://lake/warehouse")
			.containsEntry("metastore", "jdbc")
			.containsEntry("s3.endpoint", "http://minio:9000")
			.containsEntry("uri", "jdbc:postgresql://db/lake")
			.containsEntry("cache-enabled", "false")
			.containsEntry("lock-acquire-timeout", "30 s");
		assertThat(settings.isPostgres()).isTrue();
		assertThat(settings.isEmbedded()).isFalse();
		assertThat(settings.catalogKey()).isEqualTo("jdbc");
	}

	private static @Nullable MaintenanceScheduler scheduler(AssertableApplicationContext context) {
		return context.getBeanProvider(MaintenanceScheduler.class).getIfAvailable();
	}

	private static boolean writeEvent(AssertableApplicationContext context) {
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot batch = Batches.idName(allocator, 1, "one")) {
			return context.getBean(PaimonOperations.class).write("events", batch).committed();
		}
	}

	private static PaimonConnectionDetails details(String warehouse, Map<String, String> options) {
		return new PaimonConnectionDetails() {

			@Override
			public String getWarehouse() {
				return warehouse;
			}

			@Override
			public Map<String, String> getCatalogOptions() {
				return options;
			}

		};
	}

}
