package io.github.paimonspring.s3.autoconfigure;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIO;
import io.github.paimonspring.s3.S3Fixtures;
import io.github.paimonspring.s3.S3RequestException;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.support.InJvmS3.Fault;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link S3RequestMetrics}: every S3 request is timed once (with its retries) as {@code paimon.s3.requests},
 * tagged with the operation and the outcome.
 */
class S3RequestMetricsTests {

	private static final String BUCKET = "metrics";

	@TempDir
	Path dir;

	@Test
	void timesRequestsByOperationAndOutcome() throws Exception {
		SimpleMeterRegistry registry = new SimpleMeterRegistry();
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		beans.registerSingleton("registry", registry);
		S3RequestMetrics metrics = new S3RequestMetrics(beans.getBeanProvider(MeterRegistry.class));
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), BUCKET);
				S3Clients clients = new S3Clients(List.of(metrics))) {
			S3FileIO fileIO = S3Fixtures.fileIO(clients, S3Fixtures.options(s3));
			org.apache.paimon.fs.Path file = new org.apache.paimon.fs.Path("s3://" + BUCKET + "/a.txt");

			fileIO.overwriteFileUtf8(file, "one");
			fileIO.overwriteFileUtf8(file, "two");
			assertThat(timer(registry, "PutObject", "success").count()).isEqualTo(2);
			assertThat(timer(registry, "PutObject", "success").totalTime(TimeUnit.NANOSECONDS))
				.isPositive();
			assertThat(registry.find(S3RequestMetrics.METRIC).tag("outcome", "error").timers()).isEmpty();
			assertThat(fileIO.readFileUtf8(file)).isEqualTo("two");
			assertThat(timer(registry, "GetObject", "success").count()).isEqualTo(1);

			Fault fault = s3.fail("PutObject", 5, 503);
			assertThatExceptionOfType(S3RequestException.class)
				.isThrownBy(() -> fileIO.overwriteFileUtf8(file, "three"));
			assertThat(fault.failed()).isEqualTo(5);
			assertThat(timer(registry, "PutObject", "error").count()).as("one request, five attempts").isEqualTo(1);
			assertThat(timer(registry, "PutObject", "success").count()).isEqualTo(2);
			assertThat(registry.find(S3RequestMetrics.METRIC).timers())
				.allSatisfy((timer) -> assertThat(timer.getId().getTag("operation")).isNotEqualTo("unknown"));
		}
	}

	@Test
	void withoutARegistryRequestsAreNotTimed() throws Exception {
		S3RequestMetrics metrics = new S3RequestMetrics(new DefaultListableBeanFactory()
			.getBeanProvider(MeterRegistry.class));
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), BUCKET);
				S3Clients clients = new S3Clients(List.of(metrics))) {
			S3FileIO fileIO = S3Fixtures.fileIO(clients, S3Fixtures.options(s3));
			org.apache.paimon.fs.Path file = new org.apache.paimon.fs.Path("s3://" + BUCKET + "/b.txt");
			fileIO.overwriteFileUtf8(file, "still written");
			assertThat(fileIO.readFileUtf8(file)).isEqualTo("still written");
		}
	}

	private static Timer timer(MeterRegistry registry, String operation, String outcome) {
		Timer timer = registry.find(S3RequestMetrics.METRIC).tags("operation", operation, "outcome", outcome).timer();
		assertThat(timer).as("timer of %s, %s", operation, outcome).isNotNull();
		return timer;
	}

}
