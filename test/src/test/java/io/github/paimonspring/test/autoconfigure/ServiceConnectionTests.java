package io.github.paimonspring.test.autoconfigure;

import java.util.List;

import io.github.paimonspring.test.PeopleWriter;
import io.github.paimonspring.test.PeopleWriter.Person;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.MinIOContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;

import static io.github.paimonspring.test.PaimonAssertions.assertThat;
import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @PaimonTest} with the starter's {@code @ServiceConnection} factories: the MinIO container's
 * S3 warehouse and the PostgreSQL container's JDBC catalog are the test's own, so the temporary
 * warehouse replaces neither. Runs only where a Docker engine exists; skipped otherwise (the same
 * wiring is tested without Docker by {@link ConnectionDetailsTests}).
 */
@Testcontainers(disabledWithoutDocker = true)
@PaimonTest(PeopleWriter.class)
class ServiceConnectionTests {

	@Container
	@ServiceConnection
	static MinIOContainer minio = new MinIOContainer("minio/minio:RELEASE.2025-04-22T22-12-26Z");

	@Container
	@ServiceConnection
	static PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:16-alpine");

	@Autowired
	Catalog catalog;

	@Autowired
	PeopleWriter writer;

	@Autowired
	@Qualifier("people")
	Table people;

	@Test
	void theContainersProvideTheWarehouseAndTheCatalog() {
		assertThat(this.catalog.options()).containsEntry("warehouse", "s3://paimon/warehouse")
			.containsEntry("metastore", "jdbc")
			.containsEntry("catalog-key", "paimon");
		this.writer.save(List.of(new Person(1L, "ada", "london")));
		assertThat(this.people).containsExactlyInAnyOrderRows(row(1L, "ada", "london"));
	}

}
