package io.github.paimonspring.admin.access;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link AdminCredential} and {@link AdminCredentials}: the hash format, several tokens per credential and
 * several credentials, the messages of invalid values (which show hashes, never tokens), and a source whose
 * changes replace the credentials while an invalid one keeps the previous set.
 */
class AdminCredentialsTests {

	/** {@code printf %s test | sha256sum}. */
	private static final String TEST_HASH = "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

	/** {@code printf %s grüße | sha256sum}: the UTF-8 bytes. */
	private static final String UMLAUT_HASH = "sha256:8285d1ad84c6b6e475d3b50dbf90389c8c7a07a278d9ae46d5698cbe872e3834";

	@Test
	void aHashIsTheLowercaseHexSha256OfTheUtf8Token() {
		assertThat(AdminCredential.hash("test")).isEqualTo(TEST_HASH);
		assertThat(AdminCredential.hash("grüße")).isEqualTo(UMLAUT_HASH);
		AdminCredentials credentials = new AdminCredentials(
				List.of(AdminCredential.of("gateway", List.of(TEST_HASH), List.of("ingest"), List.of("shop.*"))));
		AdminPrincipal principal = credentials.authenticate("test");
		assertThat(principal).isNotNull();
		assertThat(principal.name()).isEqualTo("gateway");
		assertThat(principal.grants()).containsExactly(AdminPrincipal.Grant.parse("ingest:shop.*"));
		assertThat(credentials.authenticate("test ")).isNull();
		assertThat(credentials.authenticate("Test")).isNull();
		assertThat(credentials.authenticate("")).isNull();
		assertThat(credentials.authenticate(TEST_HASH)).as("the hash is not a token").isNull();
	}

	@Test
	void aCredentialHoldsEachScopeOnEachPatternAndSeveralTokens() {
		AdminCredential credential = AdminCredential.of("coordinator",
				List.of(AdminCredential.hash("old"), AdminCredential.hash("new"), AdminCredential.hash("old")),
				List.of("ingest", "MAINTAIN"), List.of("shop.*", " finance.ledger "));
		assertThat(credential.tokenHashes()).containsExactly(AdminCredential.hash("old"), AdminCredential.hash("new"));
		assertThat(credential.grants()).extracting(AdminPrincipal.Grant::toString)
			.containsExactly("ingest:shop.*", "ingest:finance.ledger", "maintain:shop.*", "maintain:finance.ledger");
		AdminCredentials credentials = new AdminCredentials(List.of(AdminCredential.token("root"), credential,
				AdminCredential.of("auditor", List.of(AdminCredential.hash("look")), List.of("read"), List.of("*"))));
		assertThat(credentials.authenticate("old").name()).isEqualTo("coordinator");
		assertThat(credentials.authenticate("new").name()).isEqualTo("coordinator");
		assertThat(credentials.authenticate("look").name()).isEqualTo("auditor");
		AdminPrincipal root = credentials.authenticate("root");
		assertThat(root).isEqualTo(AdminPrincipal.unrestricted(AdminPrincipal.TOKEN_NAME));
		assertThat(credentials.authenticate("other")).isNull();
		assertThat(credentials.names()).containsExactly("paimon-admin", "coordinator", "auditor");
	}

	@Test
	void invalidValuesNameThePropertyAndTheValue() {
		assertInvalid(() -> AdminCredential.of("gw", List.of(TEST_HASH.toUpperCase().replace("SHA256", "sha256")),
				List.of("ingest"), List.of("shop.*")), "Invalid paimon.admin.credentials.gw.token-hashes value "
						+ "'sha256:9F86D0", "64 lowercase hex digits", "sha256sum");
		assertInvalid(() -> AdminCredential.of("gw", List.of("sha256:abc"), List.of("ingest"), List.of("shop.*")),
				"paimon.admin.credentials.gw.token-hashes value 'sha256:abc'");
		assertInvalid(() -> AdminCredential.of("gw", List.of(), List.of("ingest"), List.of("shop.*")),
				"paimon.admin.credentials.gw.token-hashes is required");
		assertInvalid(() -> AdminCredential.of("gw", List.of(TEST_HASH), List.of("write"), List.of("shop.*")),
				"Invalid paimon.admin.credentials.gw.scopes value 'write'", "read, ingest, maintain and admin");
		assertInvalid(() -> AdminCredential.of("gw", List.of(TEST_HASH), List.of(), List.of("shop.*")),
				"paimon.admin.credentials.gw.scopes is required");
		assertInvalid(() -> AdminCredential.of("gw", List.of(TEST_HASH), List.of("ingest"), List.of()),
				"paimon.admin.credentials.gw.tables is required (there is no default)");
		assertInvalid(() -> AdminCredential.of("gw", List.of(TEST_HASH), List.of("ingest"), List.of("shop")),
				"Invalid paimon.admin.credentials.gw.tables value 'shop'", "<database>.<table>");
		assertInvalid(() -> AdminCredential.of("gw", List.of(TEST_HASH), List.of("ingest"), Arrays.asList("*", null)),
				"Invalid paimon.admin.credentials.gw.tables value ''");
		assertInvalid(() -> AdminCredential.of("g w", List.of(TEST_HASH), List.of("ingest"), List.of("*")),
				"Invalid credential name 'g w'");
	}

	@Test
	void aValueThatMayBeAClearTextTokenIsNotShown() {
		String token = "s3cr3t-t0ken-pasted-by-mistake";
		AdminCredentialsException ex = assertInvalid(
				() -> AdminCredential.of("gw", List.of(token), List.of("ingest"), List.of("*")),
				"Invalid paimon.admin.credentials.gw.token-hashes value (not shown");
		assertThat(ex.getMessage()).doesNotContain(token);
	}

	@Test
	void aTokenInTwoCredentialsIsRefused() {
		AdminCredential first = AdminCredential.of("a", List.of(TEST_HASH), List.of("read"), List.of("*"));
		AdminCredential second = AdminCredential.of("b", List.of(AdminCredential.hash("x"), TEST_HASH),
				List.of("admin"), List.of("*"));
		assertInvalid(() -> new AdminCredentials(List.of(first, second)), "'a' and 'b' hold the same token hash "
				+ TEST_HASH, "paimon.admin.credentials.a.token-hashes", "paimon.admin.credentials.b.token-hashes");
		AdminCredentialsException ex = assertInvalid(
				() -> new AdminCredentials(List.of(AdminCredential.token("test"), first)),
				"paimon.admin.token or paimon.admin.credentials.paimon-admin.token-hashes");
		assertThat(ex.getMessage()).doesNotContain("'test'");
		assertInvalid(() -> new AdminCredentials(List.of(AdminCredential.token("t"),
				AdminCredential.of("paimon-admin", List.of(TEST_HASH), List.of("read"), List.of("*")))),
				"Two credentials are named 'paimon-admin'", "name of paimon.admin.token");
	}

	@Test
	void aSourceChangesTheCredentialsAndAnInvalidOneKeepsThePreviousSet() {
		TestSource source = new TestSource();
		source.next(List.of(AdminCredential.of("gw", List.of(AdminCredential.hash("a")), List.of("ingest"),
				List.of("shop.*"))));
		AdminCredentials credentials = new AdminCredentials(
				List.of(AdminCredential.of("gw", List.of(AdminCredential.hash("configured")), List.of("read"),
						List.of("*")), AdminCredential.token("root")),
				source, Duration.ZERO);
		// the source's gw replaces the configured one
		assertThat(credentials.authenticate("configured")).isNull();
		assertThat(credentials.authenticate("a").grants()).extracting(AdminPrincipal.Grant::toString)
			.containsExactly("ingest:shop.*");
		assertThat(credentials.names()).containsExactly("gw", "paimon-admin");
		// rotation: a and b, then b alone
		source.next(List.of(AdminCredential.of("gw", List.of(AdminCredential.hash("a"), AdminCredential.hash("b")),
				List.of("ingest"), List.of("shop.*"))));
		assertThat(credentials.authenticate("b").name()).isEqualTo("gw");
		assertThat(credentials.authenticate("a").name()).isEqualTo("gw");
		source.next(List.of(AdminCredential.of("gw", List.of(AdminCredential.hash("b")), List.of("ingest"),
				List.of("shop.*"))));
		assertThat(credentials.authenticate("a")).isNull();
		assertThat(credentials.authenticate("b").name()).isEqualTo("gw");
		// invalid: the previous set stays
		source.fail("malformed");
		assertThat(credentials.authenticate("b").name()).isEqualTo("gw");
		assertThat(credentials.authenticate("root").name()).isEqualTo("paimon-admin");
		// a token in the source and in the configuration: invalid as well
		source.next(List.of(AdminCredential.of("other", List.of(AdminCredential.hash("root")), List.of("read"),
				List.of("*"))));
		assertThat(credentials.authenticate("root").name()).isEqualTo("paimon-admin");
		assertThat(credentials.names()).containsExactly("gw", "paimon-admin");
		// unchanged: not loaded again
		int loads = source.loads.get();
		source.unchanged();
		credentials.authenticate("b");
		assertThat(source.loads.get()).isEqualTo(loads + 1);
		assertThat(credentials.names()).containsExactly("gw", "paimon-admin");
	}

	@Test
	void aSourceThatWouldLeaveNoCredentialIsInvalid() {
		TestSource source = new TestSource();
		source.next(List.of());
		assertInvalid(() -> new AdminCredentials(List.of(), source, Duration.ZERO), "test source: it defines no "
				+ "credential, and neither paimon.admin.token nor paimon.admin.credentials.<name> is set");
		source.next(List.of(AdminCredential.of("gw", List.of(TEST_HASH), List.of("ingest"), List.of("*"))));
		AdminCredentials credentials = new AdminCredentials(List.of(), source, Duration.ZERO);
		source.next(List.of());
		assertThat(credentials.authenticate("test")).as("not locked out").isNotNull();
		source.fail("unreadable");
		assertInvalid(() -> new AdminCredentials(List.of(), source, Duration.ZERO), "test source: unreadable");
	}

	@Test
	void theSourceIsCheckedAtMostOncePerInterval() {
		TestSource source = new TestSource();
		source.next(List.of(AdminCredential.of("gw", List.of(TEST_HASH), List.of("ingest"), List.of("*"))));
		AdminCredentials credentials = new AdminCredentials(List.of(), source, Duration.ofHours(1));
		source.next(List.of(AdminCredential.of("gw", List.of(AdminCredential.hash("new")), List.of("ingest"),
				List.of("*"))));
		for (int i = 0; i < 10; i++) {
			assertThat(credentials.authenticate("test")).isNotNull();
		}
		assertThat(source.loads.get()).isEqualTo(1);
		assertInvalid(() -> new AdminCredentials(List.of(), source, Duration.ofSeconds(-1)),
				"paimon.admin.credentials-refresh-interval must not be negative");
	}

	private static AdminCredentialsException assertInvalid(Runnable action, String... fragments) {
		AdminCredentialsException[] thrown = new AdminCredentialsException[1];
		assertThatExceptionOfType(AdminCredentialsException.class).isThrownBy(action::run).satisfies((ex) -> {
			for (String fragment : fragments) {
				assertThat(ex.getMessage()).contains(fragment);
			}
			thrown[0] = ex;
		});
		return thrown[0];
	}

	/** A source that answers what the test sets next, once. */
	private static final class TestSource implements AdminCredentials.Source {

		private final AtomicInteger loads = new AtomicInteger();

		private List<AdminCredential> next = new ArrayList<>();

		private String failure;

		private boolean changed;

		void next(List<AdminCredential> credentials) {
			this.next = credentials;
			this.failure = null;
			this.changed = true;
		}

		void fail(String message) {
			this.failure = message;
			this.changed = true;
		}

		void unchanged() {
			this.changed = false;
		}

		@Override
		public List<AdminCredential> load() {
			this.loads.incrementAndGet();
			if (!this.changed) {
				return null;
			}
			this.changed = false;
			if (this.failure != null) {
				throw new AdminCredentialsException(this.failure);
			}
			return this.next;
		}

		@Override
		public String toString() {
			return "test source";
		}

	}

}
