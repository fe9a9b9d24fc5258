package io.github.paimonspring.autoconfigure.diagnostics;

import java.nio.file.Path;
import java.util.UUID;

import io.github.paimonspring.autoconfigure.CatalogDatabaseException;
import io.github.paimonspring.support.FailureReport;
import io.github.paimonspring.support.TestPostgres;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Real starts of a JDBC catalog ({@code paimon.catalog.metastore=jdbc}) whose database cannot be used, on the real
 * PostgreSQL ({@link TestPostgres}): a database that does not exist, a user it does not know, no {@code uri}. Each
 * ends in one "APPLICATION FAILED TO START" block naming the database and the property to change.
 */
@Tag(TestPostgres.TAG)
@ExtendWith(OutputCaptureExtension.class)
class JdbcStartupFailureTests {

	@TempDir
	Path dir;

	@Test
	void aDatabaseThatDoesNotExistNamesItAndTheUri(CapturedOutput output) {
		String database = "paimon_missing_" + UUID.randomUUID().toString().replace("-", "");
		String uri = withDatabase(TestPostgres.jdbcUrl(), database);
		FailureReport report = StartupFailureTests.failedStart(output, CatalogDatabaseException.class,
				"paimon.catalog.warehouse=" + this.dir.resolve("wh"), "paimon.catalog.metastore=jdbc",
				"paimon.catalog.options.uri=" + uri, "paimon.catalog.options.jdbc.user=" + TestPostgres.user());
		report.assertDescriptionOnce("Cannot use the JDBC catalog's database " + uri.replaceAll("\\?.*", "")
				+ " as user '" + TestPostgres.user() + "'");
		report.assertDescriptionOnce("database \"" + database + "\" does not exist");
		report.assertActionNames("paimon.catalog.options.uri").contains("Create the database");
	}

	@Test
	void aUserTheDatabaseDoesNotKnowNamesTheUserProperties(CapturedOutput output) {
		String user = "paimon_nobody_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		FailureReport report = StartupFailureTests.failedStart(output, CatalogDatabaseException.class,
				"paimon.catalog.warehouse=" + this.dir.resolve("wh"), "paimon.catalog.metastore=jdbc",
				"paimon.catalog.options.uri=" + TestPostgres.jdbcUrl(), "paimon.catalog.options.jdbc.user=" + user);
		report.assertDescriptionOnce("as user '" + user + "'");
		report.assertDescriptionOnce("role \"" + user + "\" does not exist");
		report.assertActionNames("paimon.catalog.options.jdbc.user").contains("paimon.catalog.options.jdbc.password");
	}

	@Test
	void aJdbcMetastoreWithoutAUriNamesTheProperty(CapturedOutput output) {
		FailureReport report = StartupFailureTests.failedStart(output, CatalogDatabaseException.class,
				"paimon.catalog.warehouse=" + this.dir.resolve("wh"), "paimon.catalog.metastore=jdbc");
		report.assertDescriptionOnce("paimon.catalog.options.uri is not set");
		report.assertActionNames("paimon.catalog.options.uri").contains("jdbc:postgresql://");
	}

	/** The JDBC URL with another database, its parameters kept. */
	private static String withDatabase(String url, String database) {
		int query = url.indexOf('?');
		String base = (query >= 0) ? url.substring(0, query) : url;
		String parameters = (query >= 0) ? url.substring(query) : "";
		return base.substring(0, base.lastIndexOf('/') + 1) + database + parameters;
	}

}
