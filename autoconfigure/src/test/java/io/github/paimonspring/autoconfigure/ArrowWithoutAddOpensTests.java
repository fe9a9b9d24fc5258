package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.util.List;

import io.github.paimonspring.support.JavaProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real JVM started without {@code --add-opens} refuses to start and prints the exact fix.
 */
class ArrowWithoutAddOpensTests {

	@TempDir
	Path warehouse;

	@Test
	void startupFailsWithTheAddOpensFix() throws Exception {
		JavaProcess.Result result = JavaProcess.run(List.of("-Xmx512m"), App.class,
				"--paimon.catalog.warehouse=" + this.warehouse, "--spring.main.web-application-type=none");
		assertThat(result.exitCode()).as(result.output()).isNotZero();
		assertThat(result.output()).contains("APPLICATION FAILED TO START")
			.contains("Apache Arrow cannot access direct memory")
			.contains("--add-opens=java.base/java.nio=ALL-UNNAMED");
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
