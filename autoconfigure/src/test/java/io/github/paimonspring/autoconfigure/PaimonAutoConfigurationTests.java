package io.github.paimonspring.autoconfigure;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.paimonspring.autoconfigure.diagnostics.ArrowMemoryAccessFailureAnalyzer;
import io.github.paimonspring.autoconfigure.diagnostics.HadoopMissingFailureAnalyzer;
import io.github.paimonspring.autoconfigure.diagnostics.TableDeclarationFailureAnalyzer;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.catalog.TableDefinitionException;
import io.github.paimonspring.catalog.TableMismatchException;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.cluster.ClusterMembership;
import io.github.paimonspring.cluster.InstanceRegistry;
import io.github.paimonspring.cluster.StateStore;
import io.github.paimonspring.core.DefaultPaimonWriterObservationConvention;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.PaimonWriterObservationConvention;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.write.lane.WriteLanes;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.CachingCatalog;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link PaimonAutoConfiguration} with real catalogs in temporary warehouses.
 */
class PaimonAutoConfigurationTests {

	@TempDir
	Path warehouse;

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse);
	}

	private static final String[] ORDERS = { "paimon.tables.orders.identifier=shop.orders",
			"paimon.tables.orders.create-if-missing=true",
			"paimon.tables.orders.schema.columns[0].name=order_id",
			"paimon.tables.orders.schema.columns[0].type=BIGINT NOT NULL",
			"paimon.tables.orders.schema.columns[1].name=dt", "paimon.tables.orders.schema.columns[1].type=STRING",
			"paimon.tables.orders.schema.columns[2].name=amount",
			"paimon.tables.orders.schema.columns[2].type=DECIMAL(10, 2)",
			"paimon.tables.orders.schema.columns[3].name=tags",
			"paimon.tables.orders.schema.columns[3].type=ARRAY<STRING>",
			"paimon.tables.orders.schema.primary-key=order_id,dt",
			"paimon.tables.orders.schema.partition-keys=dt", "paimon.tables.orders.schema.options.bucket=2" };

	@Test
	void providesAnArrowAllocatorThatIsClosedWithTheContext() {
		BufferAllocator[] seen = new BufferAllocator[1];
		runner().run((context) -> {
			seen[0] = context.getBean(BufferAllocator.class);
			try (ArrowBuf buffer = seen[0].buffer(16)) {
				assertThat(seen[0].getAllocatedMemory()).isPositive();
			}
		});
		assertThatThrownBy(() -> seen[0].buffer(16)).as("closed with the context").isInstanceOf(RuntimeException.class);
		RootAllocator own = new RootAllocator();
		runner().withBean(BufferAllocator.class, () -> own)
			.run((context) -> assertThat(context.getBean(BufferAllocator.class)).isSameAs(own));
		own.close();
	}

	@Test
	void createsCatalogWriterAndTableBeans() {
		runner().withPropertyValues(ORDERS).withUserConfiguration(NeedsOrders.class).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(Catalog.class).hasSingleBean(PaimonWriter.class)
				.hasSingleBean(PaimonTables.class);
			Table orders = context.getBean("orders", Table.class);
			assertThat(orders.fullName()).isEqualTo("shop.orders");
			assertThat(orders.primaryKeys()).containsExactly("order_id", "dt");
			assertThat(orders.partitionKeys()).containsExactly("dt");
			assertThat(orders.options()).containsEntry("bucket", "2");
			assertThat(orders.rowType().getTypeAt(2)).isEqualTo(DataTypes.DECIMAL(10, 2));
			assertThat(orders.rowType().getTypeAt(3)).isEqualTo(DataTypes.ARRAY(DataTypes.STRING()));
			assertThat(context.getBean(NeedsOrders.class).orders).isSameAs(orders);
			assertThat(this.warehouse.resolve("shop.db/orders/schema")).isDirectory();
		});
		// a second start finds the table and checks it against the same declaration
		runner().withPropertyValues(ORDERS).run((context) -> assertThat(context).hasNotFailed().hasBean("orders"));
	}

	@Test
	void technologyModulesGetTheSharedStateAndTheInstancesAsApiBeans() {
		runner().run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(StateStore.class).hasSingleBean(InstanceRegistry.class);
			ClusterMembership membership = context.getBean(ClusterMembership.class);
			assertThat(context.getBean(StateStore.class)).isSameAs(membership.store());
			InstanceRegistry instances = context.getBean(InstanceRegistry.class);
			assertThat(instances).isSameAs(membership.instances());
			assertThat(instances.isAlive(instances.id())).isTrue();
			assertThat(instances.isAlive("an-instance-that-never-ran")).isFalse();
		});
	}

	@Test
	void catalogOptionsArePassedVerbatimAndCustomizersRun() {
		List<Map<String, String>> seen = new ArrayList<>();
		runner().withPropertyValues("paimon.catalog.options.cache-enabled=false")
			.withBean(PaimonCatalogCustomizer.class, () -> (options) -> {
				seen.add(Map.copyOf(options));
				options.put("lock.enabled", "false");
			})
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(Catalog.class)).isNotInstanceOf(CachingCatalog.class);
				assertThat(seen).singleElement()
					.satisfies((options) -> assertThat(options).containsEntry("cache-enabled", "false")
						.containsEntry("metastore", "filesystem")
						.containsEntry("warehouse", this.warehouse.toString()));
			});
		runner().run((context) -> assertThat(context.getBean(Catalog.class)).isInstanceOf(CachingCatalog.class));
	}

	@Test
	void aJdbcCatalogGetsACommitLockThatADeadInstanceHoldsForSecondsOnly() {
		PaimonProperties.Catalog jdbc = new PaimonProperties.Catalog();
		jdbc.setMetastore("jdbc");
		assertThat(PaimonCatalogSettings.resolve(jdbc, List.of()).options())
			.containsEntry("lock-acquire-timeout", "30 s")
			.containsEntry("lock-check-max-sleep", "1 s");
		jdbc.getOptions().put("lock-acquire-timeout", "2 min");
		assertThat(PaimonCatalogSettings.resolve(jdbc, List.of()).options())
			.containsEntry("lock-acquire-timeout", "2 min");
		assertThat(PaimonCatalogSettings.resolve(new PaimonProperties.Catalog(), List.of()).options())
			.doesNotContainKey("lock-acquire-timeout");
	}

	@Test
	void defaultsToAnEmbeddedLocalWarehouse() {
		Map<String, String> options = PaimonCatalogSettings.resolve(new PaimonProperties.Catalog(), List.of())
			.options();
		assertThat(options).containsEntry("metastore", "filesystem");
		assertThat(Path.of(options.get("warehouse")).isAbsolute()).isTrue();
		assertThat(options.get("warehouse")).endsWith("paimon-warehouse");
	}

	@Test
	void backsOffWhenTheUserDefinesBeans() {
		runner().withUserConfiguration(UserBeans.class).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(Catalog.class).hasSingleBean(PaimonWriter.class);
			assertThat(context.getBean(Catalog.class)).isSameAs(context.getBean("myCatalog"));
			assertThat(context.getBean(PaimonWriter.class)).isSameAs(context.getBean("myWriter"));
		});
	}

	@Test
	void backsOffWhenTheUserDefinesOperations() {
		runner().withUserConfiguration(UserOperations.class).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(PaimonOperations.class)
					.doesNotHaveBean(PaimonWriter.class);
			PaimonOperations operations = context.getBean(PaimonOperations.class);
			assertThat(operations.tables()).isSameAs(context.getBean(PaimonTables.class));
			assertThat(context.getBean(UserOperations.class).calls).containsExactly("tables");
		});
	}

	@Test
	void aKeyClaimLeaseShorterThanTwoCommitIntervalsFailsTheStart() {
		runner().withPropertyValues("paimon.ingest.commit-interval=20s", "paimon.ingest.key-claim-lease=30s")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("paimon.ingest.key-claim-lease (PT30S) must be at least twice "
						+ "paimon.ingest.commit-interval (PT20S)"));
	}

	@Test
	void backsOffWithoutPaimonOrArrow() {
		runner().withClassLoader(new FilteredClassLoader(Catalog.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaimonWriter.class)
				.doesNotHaveBean(Catalog.class));
		runner().withClassLoader(new FilteredClassLoader(VectorSchemaRoot.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PaimonWriter.class));
	}

	@Test
	void missingHadoopFailsWithTheFix() {
		runner().withClassLoader(new FilteredClassLoader("org.apache.hadoop")).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().isInstanceOf(HadoopMissingException.class);
			FailureAnalysis analysis = new HadoopMissingFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("org.apache.hadoop.conf.Configuration");
			assertThat(analysis.getAction()).contains("hadoop-client-api").contains("hadoop-client-runtime");
		});
	}

	@Test
	void badTypeStringFailsNamingTableAndField() {
		runner().withPropertyValues("paimon.tables.bad.identifier=db.bad", "paimon.tables.bad.create-if-missing=true",
				"paimon.tables.bad.schema.columns[0].name=id", "paimon.tables.bad.schema.columns[0].type=INT",
				"paimon.tables.bad.schema.columns[1].name=price",
				"paimon.tables.bad.schema.columns[1].type=DECIMAL(10,")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(cause(context.getStartupFailure(), TableDefinitionException.class))
					.hasMessageContaining("db.bad")
					.hasMessageContaining("'price'")
					.hasMessageContaining("DECIMAL(10,");
				assertThat(new TableDeclarationFailureAnalyzer().analyze(context.getStartupFailure()).getAction())
					.contains("paimon.tables");
			});
	}

	@Test
	void existingTableThatDiffersFailsNamingTheField() throws Exception {
		Options options = new Options();
		options.set("warehouse", this.warehouse.toString());
		try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
			catalog.createDatabase("shop", true);
			catalog.createTable(Identifier.create("shop", "orders"),
					Schema.newBuilder()
						.column("order_id", DataTypes.BIGINT().notNull())
						.column("dt", DataTypes.STRING())
						.column("amount", DataTypes.DECIMAL(12, 2))
						.column("tags", DataTypes.ARRAY(DataTypes.STRING()))
						.primaryKey("order_id", "dt")
						.partitionKeys("dt")
						.build(),
					false);
		}
		runner().withPropertyValues(ORDERS).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(TableMismatchException.class)
				.hasMessageContaining("shop.orders")
				.hasMessageContaining("field 'amount' is DECIMAL(12, 2) in the table but DECIMAL(10, 2) in the "
						+ "configuration");
		});
	}

	@Test
	void missingTableWithoutCreateIfMissingFails() {
		runner().withPropertyValues("paimon.tables.ghost.identifier=db.ghost").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(TableNotFoundException.class)
				.hasMessageContaining("db.ghost")
				.hasMessageContaining("paimon.tables.ghost.create-if-missing=true");
		});
		runner().withPropertyValues("paimon.tables.ghost.identifier=nodot").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("paimon.tables.ghost.identifier must be 'database.table'");
		});
	}

	@Test
	void arrowFailureAnalysisPrintsTheAddOpensFlag() {
		ArrowMemoryAccessFailureAnalyzer analyzer = new ArrowMemoryAccessFailureAnalyzer();
		FailureAnalysis analysis = analyzer.analyze(new IllegalStateException("wrapped",
				new UnsupportedOperationException("sun.misc.Unsafe or java.nio.DirectByteBuffer.<init>(long, int) not "
						+ "available")));
		assertThat(analysis).isNotNull();
		assertThat(analysis.getAction()).contains("--add-opens=java.base/java.nio=ALL-UNNAMED").contains("Add-Opens");
		assertThat(analyzer.analyze(new IllegalStateException("unrelated"))).isNull();
	}

	@Test
	void aProvisioningFailureOfTheInfrastructureDoesNotBlameTheDeclaration() {
		TableDeclarationFailureAnalyzer analyzer = new TableDeclarationFailureAnalyzer();
		FailureAnalysis unreachable = analyzer.analyze(new TableDefinitionException("shop.orders",
				"Cannot create table 'shop.orders' (paimon.tables.orders): connection refused",
				new SQLException("Connection to db:5432 refused", "08001")));
		assertThat(unreachable.getAction()).contains("could not be reached")
				.doesNotContain("Fix the table declaration");
		FailureAnalysis differs = analyzer.analyze(new TableMismatchException("shop.orders",
				"Table 'shop.orders' differs from its configured schema: field 'amount' ..."));
		assertThat(differs.getAction()).contains("Fix the table declaration").contains("change the existing table");
	}

	@Test
	void aMistypedColumnTypeNamesThePositionAndTheTypeAndDoesNotBlameTheExistingTable() {
		runner().withPropertyValues("paimon.tables.typo.identifier=db.typo",
				"paimon.tables.typo.create-if-missing=true",
				"paimon.tables.typo.schema.columns[0].name=price", "paimon.tables.typo.schema.columns[0].type=DECIMALL")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new TableDeclarationFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("db.typo")
					.contains("paimon.tables.typo.schema.columns[0].type")
					.contains("Invalid Paimon type 'DECIMALL' at position 1: unknown type 'DECIMALL'; did you mean "
							+ "'DECIMAL'?");
				assertThat(analysis.getAction()).contains("paimon.tables")
					.contains("DECIMAL(10, 2)")
					.doesNotContain("existing table");
			});
	}

	private static final String[] EVENTS = { "paimon.tables.events.identifier=shop.events",
			"paimon.tables.events.create-if-missing=true", "paimon.tables.events.schema.columns[0].name=id",
			"paimon.tables.events.schema.columns[0].type=INT NOT NULL",
			"paimon.tables.events.schema.columns[1].name=name",
			"paimon.tables.events.schema.columns[1].type=STRING" };

	private static WriteResult writeEvent(PaimonOperations operations) {
		try (BufferAllocator allocator = new RootAllocator();
				VectorSchemaRoot batch = Batches.idName(allocator, 1, "one")) {
			return operations.write("events", batch);
		}
	}

	@Test
	void theWriterIsObservedWithTheObservationRegistryBean() {
		TestObservationRegistry registry = TestObservationRegistry.create();
		runner().withPropertyValues(EVENTS).withBean(ObservationRegistry.class, () -> registry).run((context) -> {
			assertThat(context).hasNotFailed();
			WriteResult result = writeEvent(context.getBean(PaimonOperations.class));
			assertThat(result.committed()).isTrue();
			TestObservationRegistryAssert.assertThat(registry)
				.hasSingleObservationThat()
				.hasNameEqualTo("paimon.writer")
				.hasLowCardinalityKeyValue("paimon.table", "shop.events")
				.hasLowCardinalityKeyValue("paimon.operation", "write")
				.hasHighCardinalityKeyValue("paimon.snapshot.id", String.valueOf(result.snapshotId()));
		});
	}

	@Test
	void aConventionBeanNamesTheWriterObservations() {
		TestObservationRegistry registry = TestObservationRegistry.create();
		runner().withPropertyValues(EVENTS)
			.withBean(ObservationRegistry.class, () -> registry)
			.withBean(PaimonWriterObservationConvention.class, () -> new DefaultPaimonWriterObservationConvention() {

				@Override
				public String getName() {
					return "lake.writes";
				}

			})
			.run((context) -> {
				writeEvent(context.getBean(PaimonOperations.class));
				TestObservationRegistryAssert.assertThat(registry)
					.hasSingleObservationThat()
					.hasNameEqualTo("lake.writes")
					.hasLowCardinalityKeyValue("paimon.table", "shop.events");
			});
	}

	@Test
	void observationEnabledFalseLeavesTheWriterUnobserved() {
		TestObservationRegistry registry = TestObservationRegistry.create();
		runner().withPropertyValues(EVENTS)
			.withPropertyValues("paimon.write.observation-enabled=false")
			.withBean(ObservationRegistry.class, () -> registry)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(writeEvent(context.getBean(PaimonOperations.class)).committed()).isTrue();
				TestObservationRegistryAssert.assertThat(registry).doesNotHaveAnyObservation();
			});
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void columnarFalseWritesAppendTablesThroughPaimonsWriter(CapturedOutput output) {
		ch.qos.logback.classic.Logger lanes = (ch.qos.logback.classic.Logger) LoggerFactory
			.getLogger(WriteLanes.class);
		ch.qos.logback.classic.Level level = lanes.getLevel();
		lanes.setLevel(ch.qos.logback.classic.Level.DEBUG);
		try {
			runner().withPropertyValues(EVENTS).run((context) -> {
				assertThat(writeEvent(context.getBean(PaimonOperations.class)).committed()).isTrue();
				assertThat(output).contains("Table 'shop.events' is written column by column");
			});
			runner().withPropertyValues(EVENTS).withPropertyValues("paimon.write.columnar=false").run((context) -> {
				assertThat(writeEvent(context.getBean(PaimonOperations.class)).committed()).isTrue();
				assertThat(output).contains("Table 'shop.events' is written row by row by Paimon's writer: "
						+ "column-by-column writes are off (paimon.write.columnar=false)");
			});
		}
		finally {
			lanes.setLevel(level);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class NeedsOrders {

		final Table orders;

		NeedsOrders(@Qualifier("orders") Table orders) {
			this.orders = orders;
		}

	}

	static <T extends Throwable> T cause(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		throw new AssertionError("no " + type.getSimpleName() + " in " + failure);
	}

	/** A decorator around the template, as an application would register one. */
	@Configuration(proxyBeanMethods = false)
	static class UserOperations {

		final List<String> calls = new CopyOnWriteArrayList<>();

		@Bean
		PaimonOperations countingOperations(PaimonTables tables) {
			PaimonWriter delegate = PaimonWriter.builder(tables).build();
			return (PaimonOperations) Proxy.newProxyInstance(getClass().getClassLoader(),
					new Class<?>[] { PaimonOperations.class }, (proxy, method, args) -> {
						this.calls.add(method.getName());
						return method.invoke(delegate, args);
					});
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserBeans {

		@Bean
		Catalog myCatalog(Environment environment) {
			Options options = new Options();
			options.set("warehouse", environment.getProperty("paimon.catalog.warehouse") + "/mine");
			return CatalogFactory.createCatalog(CatalogContext.create(options));
		}

		@Bean
		PaimonWriter myWriter(Catalog catalog) {
			return PaimonWriter.builder(new PaimonTables(catalog, Map.of())).build();
		}

	}

}
