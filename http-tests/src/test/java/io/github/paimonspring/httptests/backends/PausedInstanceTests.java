package io.github.paimonspring.httptests.backends;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.PipelinedChannel;
import io.github.paimonspring.httptests.ClusterTests;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.support.InJvmS3;
import io.github.paimonspring.support.TestPostgres;
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
 * Instance A is frozen ({@code kill -STOP}) while it holds idempotency keys and a channel, inside the
 * commit locks of both tables (the storage holds its manifest writes) — once for longer than its claims'
 * session timeout, once for longer than its instance lease. Instance B takes the keys and the channel
 * over and commits them; after {@code kill -CONT} A commits none of them (its commits are refused inside
 * the lock: its sessions ended), and reports DOWN once its lease ran out. Every row is there once, and
 * the primary-key table's data files hold each record once.
 */
@Tag(TestPostgres.TAG)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(ClusterTests.TAG)
class PausedInstanceTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final int KEYS = 8;

	@TempDir
	static Path dir;

	private SharedCatalog catalog;

	private SampleAppProcess survivor;

	private final List<String> measured = new ArrayList<>();

	@BeforeAll
	void start() throws Exception {
		this.catalog = new SharedCatalog(dir);
		this.survivor = this.catalog.start("--paimon.ingest.commit-interval=100ms");
	}

	@AfterAll
	void stop() throws Exception {
		this.measured.forEach((line) -> System.out.println("PausedInstanceTests " + line));
		this.catalog.close();
	}

	@Test
	void pausedLongerThanItsClaims() throws Exception {
		pauseAndTakeOver("p1", false, "--paimon.cluster.session-timeout=3s");
	}

	@Test
	void pausedLongerThanItsInstanceLease() throws Exception {
		pauseAndTakeOver("p2", true, "--paimon.cluster.session-timeout=3s", "--paimon.cluster.heartbeat-interval=1s",
				"--paimon.cluster.instance-lease=5s");
	}

	/**
	 * Pauses A until B took its keys and channel over (its claims ended), and when {@code outliveLease}
	 * until its instance lease ran out too; then resumes it.
	 */
	private void pauseAndTakeOver(String db, boolean outliveLease, String... args) throws Exception {
		String keys = db + ".keys";
		String stream = db + ".stream";
		this.catalog.warehouse.create(keys, Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).primaryKey("id").option("bucket", "1").build());
		this.catalog.warehouse.create(stream, Schema.newBuilder().column("id", DataTypes.INT())
			.column("name", DataTypes.STRING()).build());
		List<String> options = new ArrayList<>(List.of(args));
		options.add("--paimon.ingest.commit-interval=50ms");
		SampleAppProcess a = this.catalog.start(options.toArray(new String[0]));
		String instance = SharedCatalog.instanceId(a);
		AdminClient toA = SharedCatalog.client(a);
		AdminClient toB = SharedCatalog.client(this.survivor);
		// a channel with acknowledged appends
		PipelinedChannel channel = new PipelinedChannel(toA, db + "/stream", "c", 10, 4);
		long acknowledged = channel.stream(channel.open(), 10, (n) -> {
		}).highestAcknowledged();
		ExecutorService pool = Executors.newCachedThreadPool();
		try (InJvmS3.Gate gate = this.catalog.s3().hold((key) -> key.startsWith("lake/wh/" + db + ".db/keys/manifest/")
				|| key.startsWith("lake/wh/" + db + ".db/stream/manifest/"))) {
			// A's commits of both tables now wait in the storage, inside their commit locks
			PipelinedChannel zombie = channel.boundTo(toA);
			CompletableFuture<PipelinedChannel.Result> inFlight = CompletableFuture.supplyAsync(() -> {
				try {
					return zombie.stream(acknowledged, 4, (n) -> {
					});
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			}, pool);
			List<Future<HttpResponse<String>>> firstAttempts = new ArrayList<>();
			for (int k = 0; k < KEYS; k++) {
				int key = k;
				firstAttempts.add(pool.submit(() -> toA.postArrow("/paimon/tables/" + db + "/keys/uploads",
						SharedCatalog.keyedBody(key, db),
						"Idempotency-Key", db + "-" + key)));
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
			while (!(SharedCatalog.holdsCommitLock(instance) && SharedCatalog.claimsHeld(instance) >= 5
					&& heldTables(gate) == 2)) {
				assertThat(System.nanoTime()).as("A holds keys, the channel and both commit locks")
						.isLessThan(deadline);
				Thread.sleep(20);
			}
			int claims = SharedCatalog.claimsHeld(instance);
			a.pause();
			long paused = System.nanoTime();
			gate.open();
			try {
				// the producers give up on A and retry on B; B waits until A's sessions ended
				List<Future<Long>> retries = new ArrayList<>();
				for (int k = 0; k < KEYS; k++) {
					int key = k;
					retries.add(pool.submit(() -> retryUntilCommitted(toB, db, key, paused)));
				}
				channel.switchTo(toB);
				long reopened = reopen(channel, paused);
				long channelMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - paused);
				assertThat(reopened).isGreaterThanOrEqualTo(acknowledged);
				PipelinedChannel.Result resumed = channel.stream(reopened, 10, (n) -> {
				});
				List<Long> keyMillis = new ArrayList<>();
				for (Future<Long> retry : retries) {
					keyMillis.add(retry.get(120, TimeUnit.SECONDS));
				}
				long resumedUpTo = resumed.highestAcknowledged();
				if (outliveLease) {
					while (SharedCatalog.leaseEnd(instance).isAfter(Instant.now())) {
						assertThat(System.nanoTime() - paused).isLessThan(TimeUnit.SECONDS.toNanos(90));
						Thread.sleep(100);
					}
				}
				long pausedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - paused);
				a.resume();
				this.measured.add(db + ": A paused " + pausedMillis + " ms holding " + claims + " claims inside both "
						+ "commit locks; B committed its keys " + keyMillis.stream().sorted().toList() + " ms and "
						+ "reopened the channel " + channelMillis + " ms after the pause began");
				// A finishes its commits: every first attempt is answered, none as committed
				for (Future<HttpResponse<String>> attempt : firstAttempts) {
					HttpResponse<String> answer = attempt.get(120, TimeUnit.SECONDS);
					assertThat(answer.statusCode()).as("A's late answer %s", answer.body()).isNotEqualTo(200);
				}
				PipelinedChannel.Result late = inFlight.get(120, TimeUnit.SECONDS);
				assertThat(late.acknowledged()).as("A acknowledged none of the appends it held").isEmpty();
				assertThat(this.catalog.warehouse.idNames(keys)).containsExactlyInAnyOrderElementsOf(SharedCatalog
						.keyedRows(KEYS, db));
				assertThat(this.catalog.fileRecords(keys)).as("records in the data files").isEqualTo(KEYS * 10);
				assertThat(this.catalog.warehouse.idNames(stream))
					.containsExactlyInAnyOrderElementsOf(PipelinedChannel.rowsUpTo(resumedUpTo));
				if (outliveLease) {
					assertThat(healthOf(toA).path("status").asText()).as("A lost its lease").isEqualTo("DOWN");
				}
			}
			finally {
				a.resume();
			}
		}
		finally {
			pool.shutdownNow();
			a.close();
		}
	}

	private static int heldTables(InJvmS3.Gate gate) {
		return (int) gate.held().stream().map((key) -> key.contains("/keys/") ? "keys" : "stream").distinct().count();
	}

	private static long retryUntilCommitted(AdminClient client, String db, int key, long since) throws Exception {
		while (true) {
			HttpResponse<String> retry = client.postArrow("/paimon/tables/" + db + "/keys/uploads",
					SharedCatalog.keyedBody(key, db),
					"Idempotency-Key", db + "-" + key);
			if (retry.statusCode() == 200) {
				return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since);
			}
			assertThat(retry.statusCode()).as(retry.body()).isEqualTo(503);
			assertThat(retry.headers().firstValue("Retry-After")).isPresent();
			assertThat(System.nanoTime() - since).isLessThan(TimeUnit.SECONDS.toNanos(90));
			Thread.sleep(200);
		}
	}

	private static long reopen(PipelinedChannel channel, long since) throws Exception {
		while (true) {
			try {
				return channel.open();
			}
			catch (AssertionError ex) {
				assertThat(System.nanoTime() - since).as(ex.getMessage()).isLessThan(TimeUnit.SECONDS.toNanos(90));
				Thread.sleep(200);
			}
		}
	}

	private static JsonNode healthOf(AdminClient client) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			JsonNode paimon = JSON.readTree(client.get("/actuator/health").body()).path("components").path("paimon");
			if (paimon.path("status").asText().equals("DOWN") || System.nanoTime() > deadline) {
				return paimon;
			}
			Thread.sleep(100);
		}
	}



}
