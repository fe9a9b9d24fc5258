package io.github.paimonspring.s3.autoconfigure;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import io.github.paimonspring.s3.S3Clients;
import io.github.paimonspring.s3.S3FileIO;
import io.github.paimonspring.s3.S3FileIOLoader;
import io.github.paimonspring.s3.S3Fixtures;
import io.github.paimonspring.s3.S3Settings;
import io.github.paimonspring.support.InJvmS3;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.options.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link PaimonS3AutoConfiguration}: the {@code s3} and {@code s3a} loaders on one {@link S3Clients} bean that is
 * closed with the context, the sweep of stale multipart uploads, the request metrics, and
 * {@code paimon.s3.enabled=false}.
 */
class PaimonS3AutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PaimonS3AutoConfiguration.class));

	@TempDir
	Path dir;

	@Test
	void loadersForS3AndS3aOnSharedClients() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(S3Clients.class)
				.hasSingleBean(MultipartUploadSweeper.class)
				.hasSingleBean(S3RequestMetrics.class);
			Map<String, S3FileIOLoader> loaders = context.getBeansOfType(S3FileIOLoader.class);
			assertThat(loaders.values()).extracting(S3FileIOLoader::getScheme).containsExactlyInAnyOrder("s3", "s3a");
			for (S3FileIOLoader loader : loaders.values()) {
				assertThat(loader.requiredOptions()).isEmpty();
				assertThat(loader.load(new org.apache.paimon.fs.Path(loader.getScheme() + "://bucket/wh")))
					.isInstanceOf(S3FileIO.class);
			}
		});
	}

	@Test
	void disabled() {
		this.runner.withPropertyValues("paimon.s3.enabled=false").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean(S3FileIOLoader.class)
				.doesNotHaveBean(S3Clients.class)
				.doesNotHaveBean(MultipartUploadSweeper.class)
				.doesNotHaveBean(S3RequestMetrics.class);
		});
	}

	@Test
	void clientsAreClosedWithTheContext() {
		S3Settings settings = S3Settings.of(Map.of("s3.endpoint", "http://127.0.0.1:9", "s3.access-key", "a",
				"s3.secret-key", "b", "s3.path.style.access", "true"));
		AtomicReference<S3Clients> clients = new AtomicReference<>();
		AtomicReference<MultipartUploadSweeper> sweeper = new AtomicReference<>();
		this.runner.run((context) -> {
			clients.set(context.getBean(S3Clients.class));
			assertThat(clients.get().client(settings)).isNotNull();
			sweeper.set(context.getBean(MultipartUploadSweeper.class));
			assertThat(sweeper.get().isRunning()).isTrue();
		});
		assertThatIllegalStateException().isThrownBy(() -> clients.get().client(settings))
			.withMessageContaining("closed");
		assertThat(sweeper.get().isRunning()).isFalse();
	}

	@Test
	void sweepIntervalZeroTurnsTheSweepOff() {
		this.runner.withPropertyValues("paimon.s3.multipart.sweep-interval=0").run((context) -> {
			assertThat(context.getBean(MultipartUploadSweeper.class).isRunning()).isFalse();
		});
	}

	@Test
	void ownClientsBeanIsUsed() {
		S3Clients own = new S3Clients();
		try {
			this.runner.withBean(S3Clients.class, () -> own).run((context) -> {
				assertThat(context).hasSingleBean(S3Clients.class);
				assertThat(context.getBean(S3Clients.class)).isSameAs(own);
			});
		}
		finally {
			own.close();
		}
	}

	@Test
	void requestsAreTimedInTheApplicationsRegistry() throws Exception {
		try (InJvmS3 s3 = new InJvmS3(this.dir.resolve("s3"), "timed")) {
			this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run((context) -> {
				FileIO fileIO = context.getBean("paimonS3FileIOLoader", S3FileIOLoader.class)
					.load(new org.apache.paimon.fs.Path("s3://timed/wh"));
				fileIO.configure(CatalogContext.create(Options.fromMap(S3Fixtures.options(s3))));
				fileIO.overwriteFileUtf8(new org.apache.paimon.fs.Path("s3://timed/wh/file"), "x");
				Timer timer = context.getBean(MeterRegistry.class)
					.find(S3RequestMetrics.METRIC)
					.tags("operation", "PutObject", "outcome", "success")
					.timer();
				assertThat(timer).isNotNull();
				assertThat(timer.count()).isEqualTo(1);
			});
		}
	}

}
