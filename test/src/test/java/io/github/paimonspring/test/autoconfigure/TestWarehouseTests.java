package io.github.paimonspring.test.autoconfigure;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.test.TestBatches;
import io.github.paimonspring.test.autoconfigure.AutoConfigureTestWarehouse.Replace;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.test.context.ContextCustomizer;

import static io.github.paimonspring.test.PaimonAssertions.assertThat;
import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The temporary warehouse of one context: created, preferred over the application's configuration but
 * not over the test's own properties, removed when the context closes, even when it fails to start.
 */
class TestWarehouseTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
		.withPropertyValues("paimon.maintenance.enabled=false", "paimon.tables.people.identifier=crm.people",
				"paimon.tables.people.create-if-missing=true", "paimon.tables.people.schema.columns[0].name=id",
				"paimon.tables.people.schema.columns[0].type=BIGINT NOT NULL",
				"paimon.tables.people.schema.columns[1].name=name",
				"paimon.tables.people.schema.columns[1].type=STRING");

	@Test
	void replacesTheConfiguredWarehouseAndCatalogAndRemovesItWhenTheContextCloses(@TempDir Path configured) {
		AtomicReference<Path> used = new AtomicReference<>();
		this.runner
			.withSystemProperties("paimon.catalog.warehouse=" + configured, "paimon.catalog.metastore=jdbc",
					"paimon.catalog.options.uri=jdbc:postgresql://127.0.0.1:1/none")
			.withInitializer((context) -> customizer(Replace.NON_TEST).customizeContext(context, null))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				TemporaryWarehouse warehouse = context.getBean(TemporaryWarehouse.class);
				used.set(warehouse.path());
				assertThat(context.getBean(Catalog.class).options()).containsEntry("warehouse", warehouse.location())
					.containsEntry("metastore", "filesystem");
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				try (VectorSchemaRoot batch = TestBatches.of(paimon.tables().getTable("people")).row(1L,
						"ada").build()) {
					paimon.write("people", batch);
				}
				assertThat(paimon.tables().getTable("people")).containsExactlyInAnyOrderRows(row(1L, "ada"));
				assertThat(warehouse.path().resolve("crm.db/people/snapshot")).isDirectory();
			});
		assertThat(used.get()).isNotNull().doesNotExist();
		assertThat(configured).isEmptyDirectory();
	}

	@Test
	void theTestsOwnPropertiesWin(@TempDir Path own) {
		this.runner.withPropertyValues("paimon.catalog.warehouse=" + own)
			.withInitializer((context) -> customizer(Replace.NON_TEST).customizeContext(context, null))
			.run((context) -> assertThat(context.getBean(Catalog.class).options()).containsEntry("warehouse",
					own.toString()));
	}

	@Test
	void aContextThatFailsToStartRemovesItsWarehouseToo() {
		AtomicReference<Path> used = new AtomicReference<>();
		this.runner.withPropertyValues("paimon.tables.people.schema.columns[1].type=NO_SUCH_TYPE")
			.withInitializer((context) -> {
				customizer(Replace.NON_TEST).customizeContext(context, null);
				used.set(((TemporaryWarehouse) context.getBeanFactory().getSingleton("paimonTemporaryWarehouse"))
						.path());
			})
			.run((context) -> assertThat(context).hasFailed());
		assertThat(used.get()).isNotNull().doesNotExist();
	}

	@Test
	void theAnnotationClosestToTheTestWinsAndNoneReplacesNothing() {
		TestWarehouseContextCustomizerFactory factory = new TestWarehouseContextCustomizerFactory();
		assertThat(factory.createContextCustomizer(Slice.class, List.of())).isEqualTo(customizer(Replace.NON_TEST));
		assertThat(factory.createContextCustomizer(SliceOnAnyWarehouse.class,
				List.of())).isEqualTo(customizer(Replace.ANY));
		assertThat(factory.createContextCustomizer(SliceOnTheConfiguredWarehouse.class, List.of())).isNull();
		assertThat(factory.createContextCustomizer(TestWarehouseTests.class, List.of())).isNull();
		assertThat(customizer(Replace.ANY)).isNotEqualTo(customizer(Replace.NON_TEST));
	}

	private static ContextCustomizer customizer(Replace replace) {
		return new TestWarehouseContextCustomizer(replace);
	}

	@PaimonTest
	static class Slice {

	}

	@PaimonTest
	@AutoConfigureTestWarehouse(replace = Replace.ANY)
	static class SliceOnAnyWarehouse {

	}

	@PaimonTest
	@AutoConfigureTestWarehouse(replace = Replace.NONE)
	static class SliceOnTheConfiguredWarehouse {

	}

}
