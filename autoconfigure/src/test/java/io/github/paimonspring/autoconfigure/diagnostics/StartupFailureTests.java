package io.github.paimonspring.autoconfigure.diagnostics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.autoconfigure.CatalogCreationException;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.autoconfigure.WarehouseAccessException;
import io.github.paimonspring.s3.autoconfigure.PaimonS3AutoConfiguration;
import io.github.paimonspring.support.FailureReport;
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
 * Real starts that fail in the catalog and the warehouse: each ends in one "APPLICATION FAILED TO START" block
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
		report.assertDescriptionOnce("Could not find a file io implementation for scheme 'gcs'");
		report.assertActionNames("paimon.catalog.warehouse").contains("s3:// with paimon-spring-boot-s3");
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
