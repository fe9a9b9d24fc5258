package io.github.paimonspring.httptests.backends;

import java.io.StringReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.support.TestPostgres;
import org.jspecify.annotations.Nullable;

/**
 * The production topology in one machine: a JDBC catalog on the real PostgreSQL (its own
 * {@code catalog-key}, with the commit lock) and an S3 warehouse (S3Proxy in the test JVM), shared by
 * sample-app processes started with {@code --paimon.*} arguments only, on every Java the starter supports
 * (paimon-spring-boot-s3 serves the warehouse).
 */
final class SharedCatalog implements AutoCloseable {

	static final String JDBC = TestPostgres.jdbcUrl();

	static final String TOKEN = "shared-catalog";

	private static final ObjectMapper JSON = new ObjectMapper();

	/** The S3 warehouse; {@code null} when the warehouse is a local directory. */
	final @Nullable InJvmS3 s3;

	final Map<String, String> options = new LinkedHashMap<>();

	final Warehouse warehouse;

	private final String warehousePath;

	private final List<SampleAppProcess> started = new ArrayList<>();

	/**
	 * A catalog with its warehouse on S3 (S3Proxy); for tests that hold or inspect S3 requests.
	 * @param dir the test's directory
	 */
	SharedCatalog(Path dir) throws Exception {
		this(dir, true);
	}

	private SharedCatalog(Path dir, boolean onS3) throws Exception {
		this.s3 = onS3 ? new InJvmS3(dir.resolve("s3"), "lake") : null;
		this.warehousePath = onS3 ? "s3://lake/wh" : dir.resolve("wh").toAbsolutePath().toUri().toString();
		this.options.put("metastore", "jdbc");
		this.options.put("warehouse", this.warehousePath);
		this.options.put("uri", JDBC);
		this.options.put("jdbc.user", TestPostgres.user());
		this.options.put("catalog-key", "sc_" + UUID.randomUUID().toString().replace("-", ""));
		this.options.put("lock.enabled", "true");
		if (this.s3 != null) {
			this.options.putAll(this.s3.catalogOptions());
		}
		this.warehouse = new Warehouse(this.options);
	}

	/**
	 * A catalog with its warehouse in a local directory (the instances share it as they would share a file
	 * system); for tests about the instances rather than the storage.
	 * @param dir the test's directory
	 * @return the catalog
	 */
	static SharedCatalog onLocalDisk(Path dir) throws Exception {
		return new SharedCatalog(dir, false);
	}

	/**
	 * The S3 warehouse, for tests that hold or inspect its requests.
	 * @return the in-JVM S3 server
	 */
	InJvmS3 s3() {
		if (this.s3 == null) {
			throw new IllegalStateException("This catalog's warehouse is a local directory, not S3");
		}
		return this.s3;
	}

	/** Starts an instance on the catalog, with the admin API and these further arguments. */
	SampleAppProcess start(String... more) throws Exception {
		return startOnPort(SampleAppProcess.freePort(), more);
	}

	/** Starts an instance on the catalog on a given port (restarted where a load balancer expects it). */
	SampleAppProcess startOnPort(int port, String... more) throws Exception {
		return startOnPort(SampleAppProcess.jar(), port, more);
	}

	/** {@link #startOnPort(int, String...)} with another build of the sample app. */
	SampleAppProcess startOnPort(Path jar, int port, String... more) throws Exception {
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.metastore=jdbc", "--paimon.catalog.warehouse=" + this.warehousePath,
				"--paimon.maintenance.enabled=false"));
		this.options.forEach((key, value) -> {
			if (!key.equals("metastore") && !key.equals("warehouse")) {
				args.add("--paimon.catalog.options." + key + "=" + value);
			}
		});
		args.addAll(List.of(more));
		SampleAppProcess app = SampleAppProcess.startJarOnPort(jar, port, null, Map.of(), List.of("-Xmx512m",
				"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"), args.toArray(new String[0]));
		this.started.add(app);
		return app;
	}

	static AdminClient client(SampleAppProcess app) {
		return new AdminClient(app, TOKEN);
	}

	/** The instance id an app reports in its health details. */
	static String instanceId(SampleAppProcess app) throws Exception {
		String health = client(app).get("/actuator/health").body();
		return JSON.readTree(health).path("components").path("paimon").path("details").path("instance").asText();
	}

	/** The number of advisory locks (idempotency-key and channel claims) an instance's sessions hold now. */
	static int claimsHeld(String instance) throws Exception {
		try (Connection connection = DriverManager.getConnection(JDBC, TestPostgres.user(), null);
				PreparedStatement select = connection.prepareStatement("SELECT count(*) FROM pg_locks l JOIN "
						+ "pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
						+ "AND a.application_name = ?")) {
			select.setString(1, "paimon-spring " + instance);
			try (ResultSet result = select.executeQuery()) {
				result.next();
				return result.getInt(1);
			}
		}
	}

	/** Whether one of an instance's sessions is inside a transaction: it holds a table's commit lock. */
	static boolean holdsCommitLock(String instance) throws Exception {
		try (Connection connection = DriverManager.getConnection(JDBC, TestPostgres.user(), null);
				PreparedStatement select = connection.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE "
						+ "application_name = ? AND state LIKE 'idle in transaction%'")) {
			select.setString(1, "paimon-spring " + instance);
			try (ResultSet result = select.executeQuery()) {
				result.next();
				return result.getInt(1) > 0;
			}
		}
	}

	/** When an instance's lease in the shared state ends (as its last heartbeat renewed it). */
	static Instant leaseEnd(String instance) throws Exception {
		try (Connection connection = DriverManager.getConnection(JDBC, TestPostgres.user(), null);
				PreparedStatement select = connection
					.prepareStatement("SELECT data FROM paimon_spring_state WHERE kind = 'instance' AND id = ?")) {
			select.setString(1, instance);
			try (ResultSet result = select.executeQuery()) {
				if (!result.next()) {
					return Instant.EPOCH;
				}
				Properties record = new Properties();
				record.load(new StringReader(result.getString(1)));
				return Instant.parse(record.getProperty("expiresAt"));
			}
		}
	}

	/** The body of key {@code key}'s upload: rows {@code key * 10 .. key * 10 + 9} named {@code <label>-<key>}. */
	static byte[] keyedBody(int key, String label) {
		Object[] values = new Object[20];
		for (int r = 0; r < 10; r++) {
			values[r * 2] = key * 10 + r;
			values[r * 2 + 1] = label + "-" + key;
		}
		return ArrowBodies.idName(values);
	}

	/** The rows of the uploads of keys {@code 0 .. keys - 1} (see {@link #keyedBody}), as id:name. */
	static List<String> keyedRows(int keys, String label) {
		List<String> expected = new ArrayList<>();
		for (int k = 0; k < keys; k++) {
			for (int r = 0; r < 10; r++) {
				expected.add((k * 10 + r) + ":" + label + "-" + k);
			}
		}
		return expected;
	}

	/** The records of a table's live data files (what its files hold, before any merge on read). */
	long fileRecords(String table) {
		return this.warehouse.table(table).store().newScan().plan().files().stream()
			.mapToLong((entry) -> entry.file().rowCount()).sum();
	}

	@Override
	public void close() throws Exception {
		for (SampleAppProcess app : this.started) {
			try {
				app.resume();
			}
			catch (Exception ex) {
				// not paused, or gone
			}
			app.close();
		}
		this.warehouse.close();
		if (this.s3 != null) {
			this.s3.close();
		}
	}

}
