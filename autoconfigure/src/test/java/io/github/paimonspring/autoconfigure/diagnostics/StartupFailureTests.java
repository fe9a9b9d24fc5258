package io.github.paimonspring.autoconfigure.diagnostics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.autoconfigure.CatalogCreationException;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.autoconfigure.WarehouseAccessException;
import io.github.paimonspring.s3.S3OptionException;
import io.github.paimonspring.s3.S3RequestException;
import io.github.paimonspring.s3.autoconfigure.PaimonS3AutoConfiguration;
import io.github.paimonspring.support.FailureReport;
import io.github.paimonspring.support.InJvmS3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Real starts that fail in the catalog, the warehouse and S3: each ends in one "APPLICATION FAILED TO START" block
 * whose description states the failure once and whose action names the property to change, without the stack
 * trace of nested bean creation exceptions that repeated the message. A JDBC catalog's database is in
 * {@link JdbcStartupFailureTests}, the Arrow flag in {@code ArrowWithoutAddOpensTests}, the admin credentials in the
 * admin module's {@code AdminStartupFailureTests}.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureTests {

	@TempDir
	Path dir;

	@Test
	void anUnknownMetastoreNamesItAndPaimonsMetastores(CapturedOutput output) {
		FailureReport report = failedStart(output, CatalogCreationException.class,
				"paimon.catalog.warehouse=" + this.dir.resolve("wh"), "paimon.catalog.metastore=jbdc");
		report.assertDescriptionOnce("Cannot create the Paimon catalog (metastore 'jbdc', warehouse '"
				+ this.dir.resolve("wh") + "')");
		report.assertDescriptionOnce("Could not find any factory for identifier 'jbdc'");
		report.assertActionNames("paimon.catalog.metastore").contains("filesystem, jdbc, hive or rest");
	}

	@Test
	void aWarehouseThatIsAFileNamesThePath(CapturedOutput output) throws Exception {
		Path file = Files.writeString(this.dir.resolve("warehouse"), "not a directory");
		FailureReport report = failedStart(output, WarehouseAccessException.class,
				"paimon.catalog.warehouse=" + file.resolve("wh"));
		report.assertDescriptionOnce("Cannot use the local Paimon warehouse '" + file.resolve("wh") + "': '" + file
				+ "' is a file, not a directory");
		report.assertActionNames("paimon.catalog.warehouse").contains("a directory this process can create and write");
	}

	@Test
	void aWarehouseSchemeNoFileSystemServesNamesTheScheme(CapturedOutput output) {
		FailureReport report = failedStart(output, WarehouseAccessException.class,
				"paimon.catalog.warehouse=gcs://lake/wh");
		report.assertDescriptionOnce("Cannot open the Paimon warehouse 'gcs://lake/wh'");
		if (Runtime.version().feature() >= 24) {
			// Paimon falls back to Hadoop, which cannot start there
			report.assertDescriptionOnce("no file system of this application serves its scheme 'gcs', and Paimon's "
					+ "fallback, Hadoop, cannot start on Java " + Runtime.version().feature());
		}
		else {
			report.assertDescriptionOnce("Could not find a file io implementation for scheme 'gcs'");
		}
		report.assertActionNames("paimon.catalog.warehouse").contains("s3:// with paimon-spring-boot-s3");
	}

	@Test
	void s3CredentialsThatS3RefusesNameTheBucketTheEndpointAndTheirSource(CapturedOutput output) throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			FailureReport report = failedStart(output, S3RequestException.class, s3Warehouse(s3, "s3://lake/wh",
					"s3.access-key=" + InJvmS3.ACCESS_KEY, "s3.secret-key=not-the-secret"));
			report.assertDescriptionOnce("Cannot reach the Paimon warehouse 's3://lake/wh'")
				.contains("bucket 'lake'")
				.contains("endpoint " + s3.endpoint())
				.doesNotContain("not-the-secret");
			report.assertDescriptionOnce("HTTP 403");
			report.assertDescriptionOnce("credentials from the static keys s3.access-key/s3.secret-key (access key "
					+ "paim…)");
			report.assertActionNames("paimon.catalog.options.s3.access-key")
				.contains("paimon.catalog.options.s3.secret-key")
				.contains("default credentials chain");
			assertThat(output.toString()).doesNotContain("not-the-secret");
			assertThat(s3.objects("lake", "")).as("nothing written").isEmpty();
		}
	}

	@Test
	void anS3BucketThatDoesNotExistNamesIt(CapturedOutput output) throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			FailureReport report = failedStart(output, S3RequestException.class, s3Warehouse(s3, "s3://no-lake/wh",
					"s3.access-key=" + InJvmS3.ACCESS_KEY, "s3.secret-key=" + InJvmS3.SECRET_KEY));
			report.assertDescriptionOnce("(bucket 'no-lake') failed: HTTP 404 NoSuchBucket");
			report.assertActionNames("paimon.catalog.warehouse").contains("Create the bucket");
		}
	}

	@Test
	void anS3AccessKeyWithoutItsSecretKeyNamesBoth(CapturedOutput output) throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			FailureReport report = failedStart(output, S3OptionException.class,
					s3Warehouse(s3, "s3://lake/wh", "s3.access-key=" + InJvmS3.ACCESS_KEY));
			report.assertDescriptionOnce("The S3 options s3.access-key and s3.secret-key go together: only "
					+ "s3.access-key is set");
			report.assertActionNames("paimon.catalog.options.s3.*");
		}
	}

	private static String[] s3Warehouse(InJvmS3 s3, String warehouse, String... options) {
		List<String> properties = new ArrayList<>(List.of("paimon.catalog.warehouse=" + warehouse,
				"paimon.catalog.options.s3.endpoint=" + s3.endpoint(),
				"paimon.catalog.options.s3.path.style.access=true",
				"paimon.catalog.options.s3.endpoint.region=us-east-1"));
		for (String option : options) {
			properties.add("paimon.catalog.options." + option);
		}
		return properties.toArray(String[]::new);
	}

	/**
	 * Starts the application, which must fail with the given exception among the causes, and reads the one failure
	 * report of its output.
	 */
	static FailureReport failedStart(CapturedOutput output, Class<? extends Throwable> expected,
			String... properties) {
		assertThatException()
			.isThrownBy(() -> new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE)
				.properties(properties)
				.run())
			.satisfies((failure) -> assertThat(causes(failure)).as("the causes").hasAtLeastOneElementOfType(expected));
		return FailureReport.of(output.toString());
	}

	private static List<Throwable> causes(Throwable failure) {
		List<Throwable> causes = new ArrayList<>();
		for (Throwable cause = failure; cause != null && !causes.contains(cause); cause = cause.getCause()) {
			causes.add(cause);
		}
		return causes;
	}

	/** The application: Paimon's auto-configuration with paimon-spring-boot-s3's. */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ PaimonAutoConfiguration.class, PaimonS3AutoConfiguration.class })
	static class App {

	}

}
