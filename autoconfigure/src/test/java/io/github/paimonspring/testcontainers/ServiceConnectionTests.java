package io.github.paimonspring.testcontainers;

import java.util.List;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.autoconfigure.PaimonConnectionDetails;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.support.Batches;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.catalog.Catalog;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.MinIOContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @ServiceConnection} on a MinIO container (S3 warehouse) and a PostgreSQL container (JDBC
 * catalog) wires the Paimon catalog. Runs only where a Docker engine exists; skipped otherwise (the
 * same wiring is tested without Docker by {@code JdbcCatalogTests}, with S3Proxy and the local
 * PostgreSQL).
 */
@Testcontainers(disabledWithoutDocker = true)
@SpringBootTest(classes = ServiceConnectionTests.App.class,
		properties = { "paimon.tables.people.identifier=crm.people", "paimon.tables.people.create-if-missing=true",
				"paimon.tables.people.schema.columns[0].name=id",
						"paimon.tables.people.schema.columns[0].type=INT NOT NULL",
				"paimon.tables.people.schema.columns[1].name=name",
						"paimon.tables.people.schema.columns[1].type=STRING" })
class ServiceConnectionTests {

	@Container
	@ServiceConnection
	static MinIOContainer minio = new MinIOContainer("minio/minio:RELEASE.2025-04-22T22-12-26Z");

	@Container
	@ServiceConnection
	static PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:16-alpine");

	@Autowired
	List<PaimonConnectionDetails> details;

	@Autowired
	PaimonWriter writer;

	@Autowired
	Catalog catalog;

	@Test
	void containersWireAnS3WarehouseAndAJdbcCatalog() throws Exception {
		assertThat(this.details).hasSize(2);
		assertThat(this.details).anySatisfy((d) -> assertThat(d.getWarehouse()).isEqualTo("s3://paimon/warehouse"));
		assertThat(this.details).anySatisfy((d) -> assertThat(d.getMetastore()).isEqualTo("jdbc"));
		try (BufferAllocator allocator = new RootAllocator(); VectorSchemaRoot batch = Batches.idName(allocator, 1,
				"ada")) {
			assertThat(this.writer.write("people", batch).committed()).isTrue();
		}
		assertThat(this.catalog.listTables("crm")).containsExactly("people");
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(PaimonAutoConfiguration.class)
	static class App {

	}

}
