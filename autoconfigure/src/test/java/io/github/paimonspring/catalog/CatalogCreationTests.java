package io.github.paimonspring.catalog;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.support.TestPostgres;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.options.Options;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Several instances creating a JDBC catalog at the same moment on a database without catalog tables
 * (the first start of a deployment with several replicas) all start, on the real PostgreSQL; other
 * failures are not tried again.
 */
@Tag(TestPostgres.TAG)
class CatalogCreationTests {

	private static final int INSTANCES = 4;

	private static final int DATABASES = 6;

	@TempDir
	Path dir;

	@Test
	void instancesStartingTogetherOnAFreshDatabaseAllCreateTheCatalog() throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(INSTANCES);
		try {
			for (int round = 0; round < DATABASES; round++) {
				String database = "race_" + UUID.randomUUID().toString().replace("-", "");
				execute(TestPostgres.jdbcUrl(), "CREATE DATABASE " + database);
				try {
					String url = TestPostgres.jdbcUrl().replaceAll("/[^/?]*(\\?|$)", "/" + database + "$1");
					CyclicBarrier together = new CyclicBarrier(INSTANCES);
					List<Future<Catalog>> catalogs = new ArrayList<>();
					for (int i = 0; i < INSTANCES; i++) {
						catalogs.add(pool.submit(() -> {
							together.await(30, TimeUnit.SECONDS);
							return CatalogCreation.create(CatalogContext.create(Options.fromMap(options(url))));
						}));
					}
					for (Future<Catalog> catalog : catalogs) {
						try (Catalog created = catalog.get(60, TimeUnit.SECONDS)) {
							created.createDatabase("shared", true);
							assertThat(created.listDatabases()).contains("shared");
						}
					}
				}
				finally {
					execute(TestPostgres.jdbcUrl(), "DROP DATABASE " + database + " WITH (FORCE)");
				}
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void otherFailuresAreThrownAtOnce() {
		assertThatThrownBy(() -> CatalogCreation.create(CatalogContext.create(Options.fromMap(
				Map.of("metastore", "no-such-metastore", "warehouse", this.dir.toString())))))
			.hasMessageContaining("no-such-metastore");
		assertThat(CatalogCreation.lostInitializationRace(new RuntimeException(new SQLException("x",
				"23505")))).isTrue();
		assertThat(CatalogCreation.lostInitializationRace(new RuntimeException(new SQLException("x",
				"08001")))).isFalse();
		assertThat(CatalogCreation.lostInitializationRace(new IllegalStateException("no SQL"))).isFalse();
	}

	private Map<String, String> options(String url) {
		return Map.of("metastore", "jdbc", "uri", url, "jdbc.user", TestPostgres.user(), "catalog-key", "race",
				"warehouse", this.dir.resolve("wh").toString());
	}

	private static void execute(String url, String sql) throws SQLException {
		try (Connection connection = DriverManager.getConnection(url, TestPostgres.user(), "");
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

}
