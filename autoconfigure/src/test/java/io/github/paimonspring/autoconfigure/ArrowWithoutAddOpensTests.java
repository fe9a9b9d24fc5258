package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.support.FailureReport;
import io.github.paimonspring.support.JavaProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real JVM started without {@code --add-opens} refuses to start and prints the exact fix, in one "APPLICATION
 * FAILED TO START" block.
 */
class ArrowWithoutAddOpensTests {

	@TempDir
	Path warehouse;

	@Test
	void startupFailsWithTheAddOpensFix() throws Exception {
		JavaProcess.Result result = JavaProcess.run(List.of("-Xmx512m"), App.class,
				"--paimon.catalog.warehouse=" + this.warehouse, "--spring.main.web-application-type=none");
		assertThat(result.exitCode()).as(result.output()).isNotZero();
		FailureReport report = FailureReport.of(result.output());
		report.assertDescriptionOnce("Apache Arrow cannot access direct memory: the JVM was started without "
				+ "--add-opens=java.base/java.nio=ALL-UNNAMED");
		report.assertActionNames("--add-opens=java.base/java.nio=ALL-UNNAMED").contains("JDK_JAVA_OPTIONS");
	}

	/** The application run in the child JVM. */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(PaimonAutoConfiguration.class)
	public static class App {

		public static void main(String[] args) {
			SpringApplication.run(App.class, args);
		}

	}

}
