package io.github.paimonspring.httptests.backends;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.support.TestPostgres;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Production topology in one machine: two sample-app processes share one JDBC catalog on the real
 * PostgreSQL (with the catalog lock) and one S3 warehouse (S3Proxy in this JVM). Concurrent clients
 * upload to the same append table and to a postpone table (fixed-bucket path, automatic plan, disjoint
 * partitions per instance); every row ends up in the tables exactly once. Also: prepared commits of
 * both instances committed by one coordinator request, idempotently.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(TestPostgres.TAG)
@Tag(ClusterTests.TAG)
class MultiInstanceTests {

	static final String TOKEN = "multi-instance";

	static final int BATCHES = 400;

	static final int ROWS_PER_BATCH = 50;

	static final int CLIENTS = 8;

	@TempDir
	static Path dir;

	InJvmS3 s3;

	Map<String, String> catalog;

	SampleAppProcess[] instances;

	Warehouse warehouse;

	@BeforeAll
	void start() throws Exception {
		this.s3 = new InJvmS3(dir.resolve("s3"), "lake");
		this.catalog = new LinkedHashMap<>();
		this.catalog.put("metastore", "jdbc");
		this.catalog.put("warehouse", "s3://lake/wh");
		this.catalog.put("uri", TestPostgres.jdbcUrl());
		this.catalog.put("jdbc.user", TestPostgres.user());
		this.catalog.put("catalog-key", "mi_" + UUID.randomUUID().toString().replace("-", ""));
		this.catalog.put("lock.enabled", "true");
		this.catalog.putAll(this.s3.catalogOptions());
		this.warehouse = new Warehouse(this.catalog);
		this.warehouse.create("mi.events", Schema.newBuilder()
			.column("id", DataTypes.INT().notNull())
			.column("client", DataTypes.INT())
			.build());
		this.warehouse.create("mi.latest", Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("dt", DataTypes.STRING())
			.primaryKey("id", "dt")
			.partitionKeys("dt")
			.option("bucket", "-2")
			.build());
		this.warehouse.create("mi.keyed", Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN,
				"--paimon.catalog.metastore=jdbc", "--paimon.catalog.warehouse=s3://lake/wh"));
		this.catalog.forEach((key, value) -> {
			if (!key.equals("metastore") && !key.equals("warehouse")) {
				args.add("--paimon.catalog.options." + key + "=" + value);
			}
		});
		this.instances = new SampleAppProcess[2];
		for (int i = 0; i < 2; i++) {
			this.instances[i] = SampleAppProcess.start(null, List.of("-Xmx768m", "-XX:TieredStopAtLevel=1"),
					args.toArray(new String[0]));
		}
	}

	@AfterAll
	void stop() throws Exception {
		for (SampleAppProcess instance : this.instances) {
			if (instance != null) {
				instance.close();
			}
		}
		this.warehouse.close();
		this.s3.close();
	}

	@Test
	void concurrentClientsOnTwoInstancesWriteEveryRowExactlyOnce() throws Exception {
		AdminClient[] clients = { new AdminClient(this.instances[0], TOKEN), new AdminClient(this.instances[1],
				TOKEN) };
		Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
		AtomicInteger retries = new AtomicInteger();
		ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
		try {
			List<Future<?>> work = new ArrayList<>();
			for (int c = 0; c < CLIENTS; c++) {
				int client = c;
				work.add(pool.submit(() -> {
					for (int batch = client; batch < BATCHES; batch += CLIENTS) {
						upload(clients[client % 2], client, batch, statuses, retries);
					}
					return null;
				}));
			}
			for (Future<?> future : work) {
				future.get(15, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
		System.out.println("multi-instance upload statuses: " + statuses + ", retries: " + retries);
		List<Integer> events = this.warehouse.read("mi.events", (row) -> row.getInt(0));
		List<String> latest = this.warehouse.read("mi.latest", (row) -> row.getInt(0) + "@" + row.getString(1));
		int perTable = BATCHES / 2 * ROWS_PER_BATCH;
		assertThat(events).hasSize(perTable).doesNotHaveDuplicates();
		assertThat(latest).hasSize(perTable).doesNotHaveDuplicates();
		// appends never conflict: a commit that could not happen now is a retryable 503, never a 409
		assertThat(statuses.keySet()).as("only success or retry-later answers").isSubsetOf(200, 503);
		assertThat(this.s3.objects("lake", "wh/mi.db/latest")).noneMatch((key) -> key.contains("bucket-postpone"));
	}

	/** Uploads one batch with its own idempotency key, retrying retry-later answers with the same key. */
	private void upload(AdminClient client, int clientId, int batch, Map<Integer, AtomicInteger> statuses,
			AtomicInteger retries) throws Exception {
		boolean events = batch % 2 == 0;
		int instance = clientId % 2;
		Object[][] rows = new Object[ROWS_PER_BATCH][];
		for (int r = 0; r < ROWS_PER_BATCH; r++) {
			int id = batch * ROWS_PER_BATCH + r;
			rows[r] = events ? new Object[] { id, clientId } : new Object[] { id, "i" + instance + "-p" + (batch % 3) };
		}
		List<Field> fields = events ? List.of(ArrowBodies.intField("id", 32), ArrowBodies.intField("client", 32))
				: List.of(ArrowBodies.intField("id", 32), ArrowBodies.utf8Field("dt"));
		byte[] body = ArrowBodies.of(fields, rows);
		String path = events ? "/paimon/tables/mi/events/uploads" : "/paimon/tables/mi/latest/uploads";
		for (int attempt = 0; attempt < 50; attempt++) {
			int status;
			try {
				HttpResponse<String> response = client.postArrow(path, body, "Idempotency-Key", "batch-" + batch);
				status = response.statusCode();
				if (status != 200 && status != 503) {
					throw new AssertionError("batch " + batch + ": " + status + " " + response.body());
				}
			}
			catch (IOException ex) {
				status = -1;
			}
			statuses.computeIfAbsent(status, (s) -> new AtomicInteger()).incrementAndGet();
			if (status == 200) {
				return;
			}
			retries.incrementAndGet();
		}
		throw new AssertionError("batch " + batch + " did not commit after 50 attempts");
	}

	@Test
	void oneKeySentToBothInstancesAtOnceIsCommittedOnce() throws Exception {
		AdminClient[] clients = { new AdminClient(this.instances[0], TOKEN), new AdminClient(this.instances[1],
				TOKEN) };
		int keys = 50;
		int rows = 10;
		Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
		ExecutorService pool = Executors.newFixedThreadPool(16);
		try {
			List<Future<?>> work = new ArrayList<>();
			for (int k = 0; k < keys; k++) {
				Object[] values = new Object[rows * 2];
				for (int i = 0; i < rows; i++) {
					values[i * 2] = k * rows + i;
					values[i * 2 + 1] = "key-" + k;
				}
				byte[] body = ArrowBodies.idName(values);
				String key = "shared-" + k;
				for (AdminClient client : clients) {
					// both instances get the key at the same moment; a refused one (503: the other instance
					// holds the key) retries after its answer until it gets the committed snapshot
					work.add(pool.submit(() -> {
						String last = null;
						long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
						while (System.nanoTime() < deadline) {
							HttpResponse<String> response = client.postArrow("/paimon/tables/mi/keyed/uploads", body,
									"Idempotency-Key", key);
							statuses.computeIfAbsent(response.statusCode(),
									(s) -> new AtomicInteger()).incrementAndGet();
							if (response.statusCode() == 200) {
								return null;
							}
							assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
							last = response.body();
						}
						throw new AssertionError("key " + key + " never answered 200: " + last);
					}));
				}
			}
			for (Future<?> future : work) {
				future.get(10, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
		System.out.println("same-key-on-two-instances statuses: " + statuses);
		List<Integer> ids = this.warehouse.read("mi.keyed", (row) -> row.getInt(0));
		assertThat(ids).hasSize(keys * rows).doesNotHaveDuplicates();
	}

	@Test
	void preparedCommitsOfBothInstancesAreCommittedByOneCoordinatorRequest() throws Exception {
		AdminClient first = new AdminClient(this.instances[0], TOKEN);
		AdminClient second = new AdminClient(this.instances[1], TOKEN);
		this.warehouse.create("mi.coordinated", Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		String user = "{\"commitUser\":\"coordinator-job\"}";
		List<String> prepared = new ArrayList<>();
		int id = 0;
		for (AdminClient client : new AdminClient[] { first, second }) {
			HttpResponse<String> opened = client.postJson("/paimon/tables/mi/coordinated/transactions", user);
			assertThat(opened.statusCode()).as(opened.body()).isEqualTo(201);
			String tx = field(opened.body(), "id");
			assertThat(client.postArrow("/paimon/transactions/" + tx + "/batches",
					ArrowBodies.idName(++id, "from-" + id, ++id, "from-" + id)).statusCode()).isEqualTo(200);
			HttpResponse<String> prepare = client.postJson("/paimon/transactions/" + tx + "/prepare", "");
			assertThat(prepare.statusCode()).as(prepare.body()).isEqualTo(200);
			prepared.add(field(prepare.body(), "preparedCommit"));
			// a prepared transaction takes no more uploads
			assertThat(client.postArrow("/paimon/transactions/" + tx + "/batches", ArrowBodies.idName(99, "late"))
				.statusCode()).isEqualTo(409);
		}
		assertThat(this.warehouse.idNames("mi.coordinated")).isEmpty();
		String request = "{\"preparedCommits\":[\"" + prepared.get(0) + "\",\"" + prepared.get(1)
				+ "\"],\"identifier\":42,\"commitUser\":\"coordinator-job\"}";
		HttpResponse<String> committed = first.postJson("/paimon/tables/mi/coordinated/commits", request);
		assertThat(committed.statusCode()).as(committed.body()).isEqualTo(200);
		assertThat(committed.body()).contains("\"committed\":true").contains("\"rows\":4");
		assertThat(this.warehouse.idNames("mi.coordinated")).containsExactly("1:from-1", "2:from-2", "3:from-3",
				"4:from-4");
		// the same request again, to the other instance: nothing new
		HttpResponse<String> repeated = second.postJson("/paimon/tables/mi/coordinated/commits", request);
		assertThat(repeated.statusCode()).as(repeated.body()).isEqualTo(200);
		assertThat(repeated.body()).contains("\"committed\":false");
		// and without an identifier the already committed files are recognised too
		HttpResponse<String> withoutId = second.postJson("/paimon/tables/mi/coordinated/commits",
				"{\"preparedCommits\":[\"" + prepared.get(0) + "\",\"" + prepared.get(1) + "\"]}");
		assertThat(withoutId.statusCode()).as(withoutId.body()).isEqualTo(200);
		assertThat(withoutId.body()).contains("\"committed\":false");
		assertThat(this.warehouse.idNames("mi.coordinated")).hasSize(4);
	}

	@Test
	void abortThroughTheAdminApiLeavesNoObjectsOnS3() throws Exception {
		AdminClient client = new AdminClient(this.instances[1], TOKEN);
		this.warehouse.create("mi.aborted", Schema.newBuilder()
			.column("id", DataTypes.INT())
			.column("name", DataTypes.STRING())
			.build());
		assertThat(client.postArrow("/paimon/tables/mi/aborted/uploads", ArrowBodies.idName(1, "kept")).statusCode())
			.isEqualTo(200);
		List<String> committed = this.s3.objects("lake", "wh/mi.db/aborted");
		HttpResponse<String> opened = client.postJson("/paimon/tables/mi/aborted/transactions", "{}");
		String tx = field(opened.body(), "id");
		assertThat(client.postArrow("/paimon/transactions/" + tx + "/batches", ArrowBodies.idName(2, "dropped"))
			.statusCode()).isEqualTo(200);
		// prepare flushes the data files to S3; the abort then deletes them
		assertThat(client.postJson("/paimon/transactions/" + tx + "/prepare", "").statusCode()).isEqualTo(200);
		assertThat(this.s3.objects("lake", "wh/mi.db/aborted")).hasSizeGreaterThan(committed.size());
		assertThat(client.postJson("/paimon/transactions/" + tx + "/abort", "").body()).contains("\"aborted\":true");
		assertThat(this.s3.objects("lake", "wh/mi.db/aborted")).isEqualTo(committed);
		assertThat(this.warehouse.idNames("mi.aborted")).containsExactly("1:kept");
	}

	private static String field(String json, String name) {
		int start = json.indexOf("\"" + name + "\":\"") + name.length() + 4;
		return json.substring(start, json.indexOf('"', start));
	}

}
