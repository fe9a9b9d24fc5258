package io.github.paimonspring.admin.autoconfigure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.paimonspring.admin.access.AdminCredential;
import io.github.paimonspring.support.FailureReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Real starts of a web application with the admin API enabled and its credentials wrong: none at all, a token hash
 * that is not one, a credentials file that does not exist. Each ends in one "APPLICATION FAILED TO START" block
 * whose description states the failure once and whose action names the property to set.
 */
@ExtendWith(OutputCaptureExtension.class)
class AdminStartupFailureTests {

	@TempDir
	Path dir;

	@Test
	void theAdminApiWithoutACredentialNamesTheTokenProperty(CapturedOutput output) {
		FailureReport report = failedStart(output);
		report.assertDescriptionOnce("paimon.admin.enabled=true requires paimon.admin.token, "
				+ "paimon.admin.credentials.<name>.* or paimon.admin.credentials-file");
		report.assertActionNames("paimon.admin.token=${PAIMON_ADMIN_TOKEN}")
			.contains("paimon.admin.credentials-file=")
			.contains("paimon.admin.auth=spring-security");
	}

	@Test
	void aMalformedTokenHashNamesTheCredentialsProperty(CapturedOutput output) {
		FailureReport report = failedStart(output, "paimon.admin.credentials.gateway.token-hashes=sha256:ABC",
				"paimon.admin.credentials.gateway.scopes=ingest", "paimon.admin.credentials.gateway.tables=shop.*");
		report.assertDescriptionOnce("Invalid paimon.admin.credentials.gateway.token-hashes value 'sha256:ABC'");
		report.assertActionNames("paimon.admin.credentials.<name>.token-hashes")
			.contains("sha256:<64 lowercase hex digits>")
			.contains("printf %s \"$TOKEN\" | sha256sum");
	}

	@Test
	void aCredentialsFileThatDoesNotExistNamesIt(CapturedOutput output) {
		Path missing = this.dir.resolve("credentials.yml");
		FailureReport report = failedStart(output, "paimon.admin.credentials-file=" + missing,
				"paimon.admin.credentials.gateway.token-hashes=" + AdminCredential.hash("gateway-token"),
				"paimon.admin.credentials.gateway.scopes=ingest", "paimon.admin.credentials.gateway.tables=*");
		report.assertDescriptionOnce("paimon.admin.credentials-file " + missing);
		report.assertDescriptionOnce("it does not exist");
		report.assertActionNames("paimon.admin.credentials-file");
	}

	private FailureReport failedStart(CapturedOutput output, String... properties) {
		List<String> all = new ArrayList<>(List.of("server.port=0", "spring.jmx.enabled=false",
				"paimon.catalog.warehouse=" + this.dir.resolve("warehouse"), "paimon.admin.enabled=true"));
		all.addAll(List.of(properties));
		assertThatException()
			.isThrownBy(() -> new SpringApplicationBuilder(App.class).properties(all.toArray(String[]::new)).run());
		return FailureReport.of(output.toString());
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

	}

}
