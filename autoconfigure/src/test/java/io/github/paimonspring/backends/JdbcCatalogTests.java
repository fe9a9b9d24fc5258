package io.github.paimonspring.backends;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.autoconfigure.PaimonConnectionDetails;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.s3.autoconfigure.PaimonS3AutoConfiguration;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.support.TestPostgres;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDBC catalog on the real PostgreSQL ({@link TestPostgres}), configured by properties, and the same
 * wiring through a {@link PaimonConnectionDetails} bean with an S3Proxy warehouse. Each test uses its
 * own {@code catalog-key}, so runs do not collide.
 */
@Tag(TestPostgres.TAG)
class JdbcCatalogTests {

	static final String JDBC_URL = TestPostgres.jdbcUrl();

	@TempDir
	Path dir;

	private static String[] table(String name, String identifier) {
		String p = "paimon.tables." + name + ".";
		return new String[] { p + "identifier=" + identifier, p + "create-if-missing=true",
				p + "schema.columns[0].name=id", p + "schema.columns[0].type=INT NOT NULL",
				p + "schema.columns[1].name=name", p + "schema.columns[1].type=STRING", p + "schema.primary-key=id",
				p + "schema.options.bucket=1" };
	}

	@Test
	void tablesFromPropertiesOnAJdbcCatalogAreSharedBetweenApplications() throws Exception {
		String catalogKey = "it_" + UUID.randomUUID().toString().replace("-", "");
		ApplicationContextRunner runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.dir.resolve("wh"), "paimon.catalog.metastore=jdbc",
					"paimon.catalog.options.uri=" + JDBC_URL, "paimon.catalog.options.jdbc.user=" + TestPostgres.user(),
					"paimon.catalog.options.catalog-key=" + catalogKey, "paimon.catalog.options.lock.enabled=true")
			.withPropertyValues(table("people", "crm.people"));
		try (BufferAllocator allocator = new RootAllocator()) {
			runner.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(registeredTables(catalogKey)).containsExactly("crm.people");
				try (VectorSchemaRoot batch = Batches.idName(allocator, 1, "ada", 2, "grace")) {
					assertThat(context.getBean(PaimonWriter.class).write("people", batch).committed()).isTrue();
				}
				assertThat(rows(context.getBean("people", Table.class))).containsExactly("1:ada", "2:grace");
			});
			// a second application sees the table through the shared catalog
			runner.run((context) -> {
				assertThat(context).hasNotFailed();
				Catalog catalog = context.getBean(Catalog.class);
				assertThat(catalog.listTables("crm")).containsExactly("people");
				assertThat(rows(context.getBean("people", Table.class))).containsExactly("1:ada", "2:grace");
			});
		}
		// another catalog-key does not see it
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.dir.resolve("wh"), "paimon.catalog.metastore=jdbc",
					"paimon.catalog.options.uri=" + JDBC_URL, "paimon.catalog.options.jdbc.user=" + TestPostgres.user(),
					"paimon.catalog.options.catalog-key=" + catalogKey + "_other")
			.run((context) -> assertThat(context.getBean(Catalog.class).listDatabases()).doesNotContain("crm"));
	}

	@Test
	void connectionDetailsBeansArePreferredOverPropertiesAndMerged() throws Exception {
		String catalogKey = "it_" + UUID.randomUUID().toString().replace("-", "");
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"),
				"lake"); BufferAllocator allocator = new RootAllocator()) {
			PaimonConnectionDetails warehouse = new PaimonConnectionDetails() {
				@Override
				public String getWarehouse() {
					return "s3://lake/warehouse";
				}

				@Override
				public Map<String, String> getCatalogOptions() {
					return s3.catalogOptions();
				}
			};
			PaimonConnectionDetails jdbc = new PaimonConnectionDetails() {
				@Override
				public String getMetastore() {
					return "jdbc";
				}

				@Override
				public Map<String, String> getCatalogOptions() {
					return Map.of("uri", JDBC_URL, "jdbc.user", TestPostgres.user(), "catalog-key", catalogKey,
							"lock.enabled",
							"true");
				}
			};
			new ApplicationContextRunner()
				.withConfiguration(
					AutoConfigurations.of(PaimonS3AutoConfiguration.class, PaimonAutoConfiguration.class))
				// properties that the details must override
				.withPropertyValues("paimon.catalog.warehouse=" + this.dir.resolve("ignored"),
						"paimon.catalog.metastore=filesystem")
				.withPropertyValues(table("people", "crm.people"))
				.withBean("s3Details", PaimonConnectionDetails.class, () -> warehouse)
				.withBean("jdbcDetails", PaimonConnectionDetails.class, () -> jdbc)
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(registeredTables(catalogKey)).containsExactly("crm.people");
					try (VectorSchemaRoot batch = Batches.idName(allocator, 7, "linus")) {
						context.getBean(PaimonWriter.class).write("people", batch);
					}
					assertThat(rows(context.getBean("people", Table.class))).containsExactly("7:linus");
				});
			assertThat(s3.objects("lake", "warehouse/crm.db/people")).anyMatch((key) -> key.endsWith(".parquet"));
			assertThat(this.dir.resolve("ignored")).doesNotExist();
		}
	}

	/** The tables the JDBC catalog registered in PostgreSQL under a catalog key. */
	static List<String> registeredTables(String catalogKey) throws Exception {
		List<String> tables = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection(JDBC_URL, TestPostgres.user(), null);
				PreparedStatement statement = connection.prepareStatement(
						"select database_name, table_name from paimon_tables where catalog_key = ?")) {
			statement.setString(1, catalogKey);
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					tables.add(result.getString(1) + "." + result.getString(2));
				}
			}
		}
		return tables;
	}

	static List<String> rows(Table table) throws Exception {
		ReadBuilder read = table.newReadBuilder();
		List<String> rows = new ArrayList<>();
		try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
			reader.forEachRemaining((row) -> rows.add(row.getInt(0) + ":" + row.getString(1)));
		}
		return rows.stream().sorted().toList();
	}

}
