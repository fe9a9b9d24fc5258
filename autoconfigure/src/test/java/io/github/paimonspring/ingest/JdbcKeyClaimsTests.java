package io.github.paimonspring.ingest;

import java.time.Duration;
import java.util.UUID;

import io.github.paimonspring.support.TestPostgres;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Key claims shared through the real PostgreSQL ({@link TestPostgres}, as the JDBC catalog tests use
 * it): two instances never own one key at once, a released key can be claimed again, and a claim whose lease
 * ran out (its instance crashed) is taken over.
 */
@Tag(TestPostgres.TAG)
class JdbcKeyClaimsTests {

	private static final String URL = TestPostgres.jdbcUrl();

	private static final String USER = TestPostgres.user();

	private final String table = "claims_" + UUID.randomUUID();

	@Test
	void oneOwnerAtATimeUntilReleased() {
		try (JdbcKeyClaims first = new JdbcKeyClaims(URL, USER, null, Duration.ofMinutes(5));
				JdbcKeyClaims second = new JdbcKeyClaims(URL, USER, null, Duration.ofMinutes(5))) {
			assertThat(first.claim(this.table, "k1")).isTrue();
			assertThat(second.claim(this.table, "k1")).isFalse();
			assertThat(first.claim(this.table, "k1")).as("a held claim is not re-entrant").isFalse();
			assertThat(second.claim(this.table, "k2")).isTrue();
			second.release(this.table, "k1"); // not its claim: nothing happens
			assertThat(second.claim(this.table, "k1")).isFalse();
			first.release(this.table, "k1");
			assertThat(second.claim(this.table, "k1")).isTrue();
			second.release(this.table, "k1");
			second.release(this.table, "k2");
		}
	}

	@Test
	void claimsOfCatalogsWithOtherKeysNeverMeet() {
		try (JdbcKeyClaims one = new JdbcKeyClaims(URL, USER, null, Duration.ofMinutes(5), "catalog_one");
				JdbcKeyClaims other = new JdbcKeyClaims(URL, USER, null, Duration.ofMinutes(5), "catalog_other");
				JdbcKeyClaims sameCatalog = new JdbcKeyClaims(URL, USER, null, Duration.ofMinutes(5), "catalog_one")) {
			assertThat(one.claim(this.table, "k")).isTrue();
			assertThat(other.claim(this.table, "k")).as("the same table name in another catalog").isTrue();
			assertThat(sameCatalog.claim(this.table, "k")).as("another instance of the same catalog").isFalse();
			one.release(this.table, "k");
			other.release(this.table, "k");
		}
	}

	@Test
	void anExpiredClaimIsTakenOver() {
		// a lease in the past stands for an instance that crashed long ago
		try (JdbcKeyClaims crashed = new JdbcKeyClaims(URL, USER, null, Duration.ofMinutes(-1));
				JdbcKeyClaims survivor = new JdbcKeyClaims(URL, USER, null, Duration.ofMinutes(5))) {
			assertThat(crashed.claim(this.table, "k")).isTrue();
			assertThat(survivor.claim(this.table, "k")).isTrue();
			assertThat(crashed.claim(this.table, "k")).isFalse();
			crashed.release(this.table, "k"); // the old owner's late release does not free the new claim
			assertThat(crashed.claim(this.table, "k")).isFalse();
			survivor.release(this.table, "k");
		}
	}

}
