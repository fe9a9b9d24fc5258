package io.github.paimonspring.test.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.paimonspring.autoconfigure.PaimonConnectionDetails;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.support.TestPostgres;
import io.github.paimonspring.test.PaimonAssertions;
import io.github.paimonspring.test.PeopleWriter;
import io.github.paimonspring.test.PeopleWriter.Person;
import io.github.paimonspring.test.autoconfigure.AutoConfigureTestWarehouse.Replace;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.util.FileSystemUtils;

import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the temporary warehouse meets {@link PaimonConnectionDetails}, the beans Testcontainers'
 * {@code @ServiceConnection} creates for MinIO (an S3 warehouse) and PostgreSQL (a JDBC catalog):
 * here the same details without Docker, on an S3Proxy in this JVM and the local PostgreSQL
 * ({@code ServiceConnectionTests} runs the real containers where Docker exists).
 */
@Tag(TestPostgres.TAG)
class ConnectionDetailsTests {

	static final String JDBC_URL = TestPostgres.jdbcUrl();

	/** An S3 warehouse from connection details is the test's own: the default keeps it. */
	@Nested
	@PaimonTest(PeopleWriter.class)
	@Import(S3Details.class)
	class S3WarehouseOfTheDetailsIsKept {

		@Autowired
		Catalog catalog;

		@Autowired
		S3Server s3;

		@Autowired
		PeopleWriter writer;

		@Autowired
		@Qualifier("people")
		Table people;

		@Test
		void writesIntoTheS3Warehouse() {
			assertThat(this.catalog.options()).containsEntry("warehouse", S3Details.WAREHOUSE);
			this.writer.save(List.of(new Person(1L, "ada", "london")));
			PaimonAssertions.assertThat(this.people).containsExactlyInAnyOrderRows(
					row(1L, "ada", "london"));
			assertThat(this.s3.server().objects("lake",
					"warehouse/crm.db/people")).anyMatch((key) -> key.endsWith(".parquet"));
		}

	}

	/** {@code replace = ANY}: the temporary warehouse wins over the details' warehouse. */
	@Nested
	@PaimonTest(PeopleWriter.class)
	@AutoConfigureTestWarehouse(replace = Replace.ANY)
	@Import(S3Details.class)
	class AnyReplacesTheWarehouseOfTheDetails {

		@Autowired
		Catalog catalog;

		@Autowired
		S3Server s3;

		@Autowired
		TemporaryWarehouse warehouse;

		@Autowired
		PeopleWriter writer;

		@Test
		void writesIntoTheTemporaryWarehouse() {
			assertThat(this.catalog.options()).containsEntry("warehouse", this.warehouse.location());
			this.writer.save(List.of(new Person(1L, "ada", "london")));
			assertThat(this.warehouse.path().resolve("crm.db/people/snapshot")).isDirectory();
			assertThat(this.s3.server().objects("lake", "warehouse")).isEmpty();
		}

	}

	/**
	 * A JDBC catalog from connection details stays, with its tables in the temporary warehouse under a
	 * catalog key of its own.
	 */
	@Nested
	@PaimonTest(PeopleWriter.class)
	@Import(JdbcDetails.class)
	class JdbcCatalogOfTheDetailsOnTheTemporaryWarehouse {

		@Autowired
		Catalog catalog;

		@Autowired
		TemporaryWarehouse warehouse;

		@Autowired
		PeopleWriter writer;

		@Autowired
		@Qualifier("people")
		Table people;

		@Test
		void registersTheTablesUnderACatalogKeyOfTheTemporaryWarehouse() throws Exception {
			String key = "paimon-" + this.warehouse.path().getFileName();
			assertThat(this.catalog.options()).containsEntry("metastore", "jdbc")
				.containsEntry("warehouse", this.warehouse.location())
				.containsEntry("catalog-key", key);
			this.writer.save(List.of(new Person(2L, "bob", "rome")));
			PaimonAssertions.assertThat(this.people).containsExactlyInAnyOrderRows(
					row(2L, "bob", "rome"));
			assertThat(registeredTables(key)).containsExactly("crm.people");
			assertThat(Files.isDirectory(this.warehouse.path().resolve("crm.db/people/snapshot"))).isTrue();
		}

	}

	/** The tables a JDBC catalog registered in PostgreSQL under a catalog key. */
	static List<String> registeredTables(String catalogKey) throws Exception {
		List<String> tables = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection(JDBC_URL, TestPostgres.user(), "");
				PreparedStatement statement = connection
					.prepareStatement("select database_name, table_name from paimon_tables where catalog_key = ?")) {
			statement.setString(1, catalogKey);
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					tables.add(result.getString(1) + "." + result.getString(2));
				}
			}
		}
		return tables;
	}

	/** What a MinIO {@code @ServiceConnection} provides, on an S3Proxy. */
	@Configuration(proxyBeanMethods = false)
	static class S3Details {

		static final String WAREHOUSE = "s3://lake/warehouse";

		@Bean(destroyMethod = "close")
		S3Server s3Server() throws Exception {
			Path root = Files.createTempDirectory("paimon-test-s3-");
			return new S3Server(new InJvmS3(root, "lake"), root);
		}

		@Bean
		PaimonConnectionDetails s3Details(S3Server s3) {
			return new PaimonConnectionDetails() {
				@Override
				public String getWarehouse() {
					return WAREHOUSE;
				}

				@Override
				public Map<String, String> getCatalogOptions() {
					return s3.server().catalogOptions();
				}
			};
		}

	}

	/** The S3Proxy and its directory, removed when the context closes. */
	record S3Server(InJvmS3 server, Path root) implements AutoCloseable {

		@Override
		public void close() throws Exception {
			this.server.close();
			FileSystemUtils.deleteRecursively(this.root);
		}

	}

	/** What a PostgreSQL {@code @ServiceConnection} provides, on the local PostgreSQL. */
	@Configuration(proxyBeanMethods = false)
	static class JdbcDetails {

		@Bean
		PaimonConnectionDetails jdbcDetails() {
			return new PaimonConnectionDetails() {
				@Override
				public String getMetastore() {
					return "jdbc";
				}

				@Override
				public Map<String, String> getCatalogOptions() {
					return Map.of("uri", JDBC_URL, "jdbc.user", TestPostgres.user(), "catalog-key", "paimon",
							"lock.enabled", "true");
				}
			};
		}

	}

}
