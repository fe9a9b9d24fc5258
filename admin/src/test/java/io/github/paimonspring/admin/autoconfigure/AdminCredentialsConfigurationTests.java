package io.github.paimonspring.admin.autoconfigure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import io.github.paimonspring.admin.access.AdminCredential;
import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.access.AdminCredentialsException;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The credentials of {@code paimon.admin.token}, {@code paimon.admin.credentials.<name>.*} and
 * {@code paimon.admin.credentials-file}: what starts, what fails the start and how the message names the
 * property or file, and the file re-read with Boot's loaders and binder, an invalid version keeping the
 * previous credentials.
 */
@ExtendWith(OutputCaptureExtension.class)
class AdminCredentialsConfigurationTests {

	private static final String GATEWAY = AdminCredential.hash("gateway-token");

	private static final String AUDITOR = AdminCredential.hash("auditor-token");

	@TempDir
	Path dir;

	private WebApplicationContextRunner enabled() {
		return new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PaimonAutoConfiguration.class, PaimonAdminAutoConfiguration.class))
			.withPropertyValues("paimon.catalog.warehouse=" + this.dir.resolve("warehouse"),
					"paimon.admin.enabled=true");
	}

	@Test
	void credentialsAloneAreEnoughAndTheTokenStaysBesideThem() {
		enabled().withPropertyValues("paimon.admin.credentials.gateway.token-hashes=" + GATEWAY,
				"paimon.admin.credentials.gateway.scopes=ingest,maintain",
				"paimon.admin.credentials.gateway.tables=shop.*,finance.ledger")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				AdminCredentials credentials = context.getBean(AdminCredentials.class);
				assertThat(credentials.names()).containsExactly("gateway");
				AdminPrincipal gateway = credentials.authenticate("gateway-token");
				assertThat(gateway).isNotNull();
				assertThat(gateway.grants()).extracting(AdminPrincipal.Grant::toString)
					.containsExactly("ingest:shop.*", "ingest:finance.ledger", "maintain:shop.*",
							"maintain:finance.ledger");
			});
		enabled().withPropertyValues("paimon.admin.token=root", "paimon.admin.credentials.gateway.token-hashes="
				+ GATEWAY, "paimon.admin.credentials.gateway.scopes=ingest",
				"paimon.admin.credentials.gateway.tables=*")
			.run((context) -> {
				AdminCredentials credentials = context.getBean(AdminCredentials.class);
				assertThat(credentials.names()).containsExactly("paimon-admin", "gateway");
				assertThat(credentials.authenticate("root"))
					.isEqualTo(AdminPrincipal.unrestricted(AdminPrincipal.TOKEN_NAME));
			});
	}

	@Test
	void withoutTokenCredentialsOrFileTheStartFailsNamingAllThree() {
		enabled().run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(AdminTokenMissingException.class)
				.hasMessageContaining("paimon.admin.token, paimon.admin.credentials.<name>.* or "
						+ "paimon.admin.credentials-file");
			FailureAnalysis analysis = new AdminTokenMissingFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getAction()).contains("paimon.admin.credentials.gateway.tables=shop.*")
				.contains("paimon.admin.credentials-file=");
		});
	}

	@Test
	void invalidValuesFailTheStartNamingThePropertyAndTheValue() {
		assertStartFails(List.of("paimon.admin.credentials.gw.token-hashes=" + GATEWAY,
				"paimon.admin.credentials.gw.scopes=ingest"), "paimon.admin.credentials.gw.tables is required");
		assertStartFails(List.of("paimon.admin.credentials.gw.token-hashes=sha256:ABC",
				"paimon.admin.credentials.gw.scopes=ingest", "paimon.admin.credentials.gw.tables=*"),
				"Invalid paimon.admin.credentials.gw.token-hashes value 'sha256:ABC'");
		assertStartFails(List.of("paimon.admin.credentials.gw.token-hashes=" + GATEWAY,
				"paimon.admin.credentials.gw.scopes=ingest,write", "paimon.admin.credentials.gw.tables=*"),
				"Invalid paimon.admin.credentials.gw.scopes value 'write'");
		assertStartFails(List.of("paimon.admin.credentials.gw.token-hashes=" + GATEWAY,
				"paimon.admin.credentials.gw.scopes=ingest", "paimon.admin.credentials.gw.tables=shop.orders.x"),
				"Invalid paimon.admin.credentials.gw.tables value 'shop.orders.x'");
		assertStartFails(List.of("paimon.admin.token=root", "paimon.admin.credentials.paimon-admin.token-hashes="
				+ GATEWAY, "paimon.admin.credentials.paimon-admin.scopes=read",
				"paimon.admin.credentials.paimon-admin.tables=*"), "Two credentials are named 'paimon-admin'");
		String error = assertStartFails(List.of("paimon.admin.credentials.gw.token-hashes=my-clear-token",
				"paimon.admin.credentials.gw.scopes=ingest", "paimon.admin.credentials.gw.tables=*"),
				"Invalid paimon.admin.credentials.gw.token-hashes value (not shown");
		assertThat(error).doesNotContain("my-clear-token");
	}

	private String assertStartFails(List<String> properties, String message) {
		String[] failure = new String[1];
		enabled().withPropertyValues(properties.toArray(String[]::new)).run((context) -> {
			assertThat(context).as(String.join(" ", properties)).hasFailed();
			assertThat(credentialsFailure(context.getStartupFailure())).hasMessageContaining(message);
			FailureAnalysis analysis = new AdminCredentialsFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains(message);
			assertThat(analysis.getAction()).contains("printf %s \"$TOKEN\" | sha256sum");
			failure[0] = analysis.getDescription();
		});
		return failure[0];
	}

	@Test
	void aYamlFileAddsCredentialsAndReplacesConfiguredOnesOfTheSameName() throws IOException {
		Path file = write("credentials.yml", """
				paimon:
				  admin:
				    credentials:
				      gateway:
				        token-hashes: [%s]
				        scopes: [ingest]
				        tables: ["shop.*"]
				      auditor:
				        token-hashes:
				          - %s
				        scopes: [read]
				        tables: ["*"]
				""".formatted(GATEWAY, AUDITOR));
		enabled().withPropertyValues("paimon.admin.credentials-file=" + file,
				"paimon.admin.credentials.gateway.token-hashes=" + AdminCredential.hash("configured"),
				"paimon.admin.credentials.gateway.scopes=admin", "paimon.admin.credentials.gateway.tables=*",
				"paimon.admin.credentials.other.token-hashes=" + AdminCredential.hash("other"),
				"paimon.admin.credentials.other.scopes=read", "paimon.admin.credentials.other.tables=shop.orders")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				AdminCredentials credentials = context.getBean(AdminCredentials.class);
				assertThat(credentials.names()).containsExactly("gateway", "other", "auditor");
				assertThat(credentials.authenticate("configured")).isNull();
				assertThat(credentials.authenticate("gateway-token").grants()).extracting(Object::toString)
					.containsExactly("ingest:shop.*");
				assertThat(credentials.authenticate("auditor-token").name()).isEqualTo("auditor");
				assertThat(credentials.authenticate("other").name()).isEqualTo("other");
			});
	}

	@Test
	void aPropertiesFileIsReadAsPropertiesAndReReadWhenItChanges(CapturedOutput output) throws IOException {
		Path file = write("credentials.properties", """
				paimon.admin.credentials.gateway.token-hashes=%s
				paimon.admin.credentials.gateway.scopes=ingest
				paimon.admin.credentials.gateway.tables=shop.*
				""".formatted(GATEWAY));
		AdminCredentialsFile source = new AdminCredentialsFile(file);
		AdminCredentials credentials = new AdminCredentials(List.of(AdminCredential.token("root")), source,
				Duration.ZERO);
		assertThat(credentials.authenticate("gateway-token").name()).isEqualTo("gateway");
		// rotation: a second hash, then the new one alone
		String next = AdminCredential.hash("gateway-token-2");
		replace(file, """
				paimon.admin.credentials.gateway.token-hashes=%s,%s
				paimon.admin.credentials.gateway.scopes=ingest
				paimon.admin.credentials.gateway.tables=shop.*
				""".formatted(GATEWAY, next));
		assertThat(credentials.authenticate("gateway-token-2").name()).isEqualTo("gateway");
		assertThat(credentials.authenticate("gateway-token").name()).isEqualTo("gateway");
		replace(file, """
				paimon.admin.credentials.gateway.token-hashes=%s
				paimon.admin.credentials.gateway.scopes=ingest
				paimon.admin.credentials.gateway.tables=shop.*
				""".formatted(next));
		assertThat(credentials.authenticate("gateway-token")).isNull();
		assertThat(credentials.authenticate("gateway-token-2").name()).isEqualTo("gateway");
		assertThat(output).contains("Admin credentials reloaded from paimon.admin.credentials-file " + file
				+ ": [paimon-admin, gateway]");
		// invalid versions keep the previous credentials and log the file and the problem, once per version
		replace(file, """
				paimon.admin.credentials.gateway.token-hashes=%s
				paimon.admin.credentials.gateway.scopes=ingest
				""".formatted(next));
		assertThat(credentials.authenticate("gateway-token-2").name()).isEqualTo("gateway");
		assertThat(credentials.authenticate("gateway-token-2").name()).isEqualTo("gateway");
		String invalid = "Keeping the previous admin credentials [paimon-admin, gateway]: "
				+ "paimon.admin.credentials-file " + file + " is not valid: "
				+ "paimon.admin.credentials.gateway.tables is required";
		assertThat(output.getOut().split(Pattern.quote(invalid), -1)).hasSize(2);
		Files.delete(file);
		assertThat(credentials.authenticate("gateway-token-2").name()).isEqualTo("gateway");
		assertThat(output).contains("paimon.admin.credentials-file " + file + " is not valid: it does not exist");
		// valid again
		write("credentials.properties", """
				paimon.admin.credentials.gateway.token-hashes=%s
				paimon.admin.credentials.gateway.scopes=read
				paimon.admin.credentials.gateway.tables=*
				""".formatted(GATEWAY));
		assertThat(credentials.authenticate("gateway-token").grants()).extracting(Object::toString)
			.containsExactly("read:*");
		assertThat(credentials.authenticate("gateway-token-2")).isNull();
		assertThat(credentials.authenticate("root").name()).isEqualTo("paimon-admin");
	}

	@Test
	void aMalformedYamlFileOrAnUnknownKeyKeepsThePreviousCredentials(CapturedOutput output) throws IOException {
		Path file = write("credentials.yaml", """
				paimon.admin.credentials.gateway:
				  token-hashes: [%s]
				  scopes: [ingest]
				  tables: ["shop.*"]
				""".formatted(GATEWAY));
		AdminCredentials credentials = new AdminCredentials(List.of(), new AdminCredentialsFile(file),
				Duration.ZERO);
		replace(file, "paimon.admin.credentials.gateway:\n  token-hashes: [" + GATEWAY + "\n  scopes: ingest: x\n");
		assertThat(credentials.authenticate("gateway-token").name()).isEqualTo("gateway");
		assertThat(output).contains("paimon.admin.credentials-file " + file + " is not valid: it is not a valid YAML "
				+ "file");
		replace(file, """
				paimon.admin.credentials.gateway:
				  token-hashes: [%s]
				  scope: [admin]
				  tables: ["*"]
				""".formatted(AUDITOR));
		assertThat(credentials.authenticate("gateway-token").grants()).extracting(Object::toString)
			.containsExactly("ingest:shop.*");
		assertThat(credentials.authenticate("auditor-token")).isNull();
		assertThat(output).contains("paimon.admin.credentials-file " + file + " is not valid: its "
				+ "paimon.admin.credentials entries cannot be bound");
		assertThat(output).contains("paimon.admin.credentials.gateway.scope");
		// an empty file would leave no credential: refused, nobody is locked out
		replace(file, "");
		assertThat(credentials.authenticate("gateway-token")).isNotNull();
		assertThat(output).contains("is not valid: it defines no credential");
	}

	@Test
	void aFileThatIsMissingMalformedOrOfAnotherFormatFailsTheStartNamingIt() throws IOException {
		Path missing = this.dir.resolve("missing.yml");
		assertFileFails(missing, "paimon.admin.credentials-file " + missing + ": it does not exist");
		Path malformed = write("malformed.yml", "paimon: [admin\n");
		assertFileFails(malformed, "paimon.admin.credentials-file " + malformed + ": it is not a valid YAML file");
		Path invalid = write("invalid.properties", "paimon.admin.credentials.gw.token-hashes=" + GATEWAY
				+ "\npaimon.admin.credentials.gw.scopes=ingest\npaimon.admin.credentials.gw.tables=shop\n");
		assertFileFails(invalid, "paimon.admin.credentials-file " + invalid
				+ ": Invalid paimon.admin.credentials.gw.tables value 'shop'");
		Path empty = write("empty.yml", "");
		assertFileFails(empty, "paimon.admin.credentials-file " + empty + ": it defines no credential");
		Path json = write("credentials.json", "{}");
		assertFileFails(json, "paimon.admin.credentials-file " + json + " must end with .properties, .yml or .yaml");
		// an empty file beside a token is fine: there is a credential
		enabled().withPropertyValues("paimon.admin.credentials-file=" + empty, "paimon.admin.token=root")
			.run((context) -> assertThat(context.getBean(AdminCredentials.class).names())
				.containsExactly("paimon-admin"));
	}

	private void assertFileFails(Path file, String message) {
		enabled().withPropertyValues("paimon.admin.credentials-file=" + file).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(credentialsFailure(context.getStartupFailure())).hasMessageContaining(message);
		});
	}

	/** The outermost {@link AdminCredentialsException} of a start-up failure, the one the analyzer shows. */
	private static Throwable credentialsFailure(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof AdminCredentialsException) {
				return cause;
			}
		}
		throw new AssertionError("No AdminCredentialsException in " + failure);
	}

	@Test
	void theFileIsLimitedInSize() throws IOException {
		Path big = write("big.properties", "# " + "x".repeat(AdminCredentialsFile.MAX_SIZE));
		assertThatExceptionOfType(AdminCredentialsException.class)
			.isThrownBy(() -> new AdminCredentials(List.of(), new AdminCredentialsFile(big), Duration.ZERO))
			.withMessageContaining("it is larger than 1024 KB");
	}

	private Path write(String name, String content) throws IOException {
		return Files.writeString(this.dir.resolve(name), content);
	}

	/** Replaces a file in one step, as the docs say to: a new file renamed over the old one. */
	private static void replace(Path file, String content) throws IOException {
		Path next = Files.writeString(file.resolveSibling(file.getFileName() + ".next"), content);
		Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

}
