package io.github.paimonspring.backends;

import java.nio.file.Path;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.support.InJvmS3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On Java 24 and later an {@code s3://} warehouse cannot work with paimon-s3 1.4.2 (its bundled Hadoop calls
 * {@code Subject.getSubject}): the start fails with a message that says so and what to run instead, not with
 * Hadoop's bare {@code UnsupportedOperationException}. Runs only on those Java versions (the CI's Java 25 run).
 */
@EnabledForJreRange(min = JRE.JAVA_24)
class S3OnNewerJavaTests {

	@TempDir
	Path dir;

	@Test
	void anS3WarehouseFailsTheStartNamingTheJavaVersionAndWhatWorks() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "lake")) {
			ApplicationContextRunner runner = new ApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
				.withPropertyValues("paimon.catalog.warehouse=s3://lake/warehouse");
			for (var option : s3.catalogOptions().entrySet()) {
				runner = runner
					.withPropertyValues("paimon.catalog.options." + option.getKey() + "=" + option.getValue());
			}
			runner.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause().isInstanceOf(UnsupportedOperationException.class);
				assertThat(context.getStartupFailure()).hasStackTraceContaining("cannot start on Java "
						+ Runtime.version().feature())
					.hasStackTraceContaining("Subject.getSubject")
					.hasStackTraceContaining("run s3:// warehouses on Java 17 to 22");
			});
		}
	}

}
