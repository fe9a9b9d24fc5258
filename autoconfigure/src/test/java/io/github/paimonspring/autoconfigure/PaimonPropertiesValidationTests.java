package io.github.paimonspring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;

import io.github.paimonspring.ingest.IngestSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks across properties run when Spring Boot binds the properties (they validate themselves),
 * and the start fails naming both properties with their values.
 */
class PaimonPropertiesValidationTests {

	@TempDir
	Path warehouse;

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.warehouse);
	}

	@Test
	void anInstanceLeaseShorterThanThreeHeartbeatsFailsTheStartWhenBound() {
		runner().withPropertyValues("paimon.cluster.heartbeat-interval=30s", "paimon.cluster.instance-lease=1m")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(BindValidationException.class)
				.hasMessageContaining("paimon.cluster.instance-lease (PT1M) must be at least three times "
						+ "paimon.cluster.heartbeat-interval (PT30S)"));
	}

	@Test
	void aKeyClaimLeaseShorterThanTwoCommitIntervalsFailsTheStartWhenBound() {
		runner().withPropertyValues("paimon.ingest.commit-interval=20s", "paimon.ingest.key-claim-lease=30s")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(BindValidationException.class)
				.hasMessageContaining("paimon.ingest.key-claim-lease (PT30S) must be at least twice "
						+ "paimon.ingest.commit-interval (PT20S)"));
	}

	@Test
	void aKeyClaimLeaseLeftAtItsDefaultGrowsWithTheCommitInterval() {
		runner().withPropertyValues("paimon.ingest.commit-interval=1h").run((context) -> {
			assertThat(context).hasNotFailed();
			PaimonIngestProperties ingest = context.getBean(PaimonIngestProperties.class);
			assertThat(ingest.getKeyClaimLease()).isEqualTo(Duration.ofSeconds(30));
			assertThat(ingest.effectiveKeyClaimLease()).isEqualTo(Duration.ofHours(2));
		});
		runner().withPropertyValues("paimon.ingest.commit-interval=1s").run((context) -> assertThat(
				context.getBean(PaimonIngestProperties.class).effectiveKeyClaimLease()).isEqualTo(Duration
						.ofSeconds(30)));
	}

	@Test
	void aSessionTimeoutUnderTwoSecondsFailsTheStartWhenBound() {
		runner().withPropertyValues("paimon.cluster.session-timeout=1s")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(BindValidationException.class)
				.hasMessageContaining("paimon.cluster.session-timeout (PT1S) must be at least 2 s"));
	}

	@Test
	void theDefaultsAndLeasesThatFitAreAccepted() {
		runner().withPropertyValues("paimon.cluster.heartbeat-interval=20s", "paimon.cluster.instance-lease=1m",
				"paimon.ingest.commit-interval=15s", "paimon.ingest.key-claim-lease=30s")
			.run((context) -> assertThat(context).hasNotFailed());
		runner().run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void theIngestDefaultsAreThoseOfTheGroupCommit() {
		assertThat(new PaimonIngestProperties().toSettings())
			.isEqualTo(IngestSettings.DEFAULTS);
	}

}
