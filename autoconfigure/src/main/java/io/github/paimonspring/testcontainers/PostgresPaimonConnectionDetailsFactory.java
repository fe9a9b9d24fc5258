package io.github.paimonspring.testcontainers;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.paimonspring.autoconfigure.PaimonConnectionDetails;
import org.testcontainers.postgresql.PostgreSQLContainer;

import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;

/**
 * Creates {@link PaimonConnectionDetails} for a {@code @ServiceConnection} PostgreSQL container: a
 * JDBC catalog ({@code metastore=jdbc}) on the container's database with the catalog lock enabled.
 * The warehouse comes from another details bean (for example MinIO) or from the properties. Needs the
 * PostgreSQL JDBC driver on the classpath.
 */
public class PostgresPaimonConnectionDetailsFactory
		extends ContainerConnectionDetailsFactory<PostgreSQLContainer, PaimonConnectionDetails> {

	/**
	 * Creates the factory.
	 */
	public PostgresPaimonConnectionDetailsFactory() {
		super(ANY_CONNECTION_NAME, "org.apache.paimon.catalog.Catalog");
	}

	@Override
	protected PaimonConnectionDetails getContainerConnectionDetails(
			ContainerConnectionSource<PostgreSQLContainer> source) {
		return new PostgresDetails(source);
	}

	static final class PostgresDetails extends ContainerConnectionDetails<PostgreSQLContainer>
			implements PaimonConnectionDetails {

		PostgresDetails(ContainerConnectionSource<PostgreSQLContainer> source) {
			super(source);
		}

		@Override
		public String getMetastore() {
			return "jdbc";
		}

		@Override
		public Map<String, String> getCatalogOptions() {
			PostgreSQLContainer container = getContainer();
			Map<String, String> options = new LinkedHashMap<>();
			options.put("uri", container.getJdbcUrl());
			options.put("jdbc.user", container.getUsername());
			options.put("jdbc.password", container.getPassword());
			options.put("catalog-key", "paimon");
			options.put("lock.enabled", "true");
			return options;
		}

	}

}
