package io.github.paimonspring.httptests.backends;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.PipelinedChannel;
import io.github.paimonspring.httptests.RawHttp;
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
 * Two instances on the JDBC catalog (PostgreSQL) and S3: instance A is killed with {@code kill -9}
 * while it holds idempotency keys in its group, while it is inside a table's commit lock, and while a
 * channel has appends in flight. The survivor B commits each of A's keys, into that table, and reopens
 * the channel within 5 s of the kill — A's claims and commit lock end with its database sessions — and
 * every row is there exactly once.
 */
@Tag(TestPostgres.TAG)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(ClusterTests.TAG)
class FailoverTests {

	private static final Duration BOUND = Duration.ofSeconds(5);

	private static final int KEYS = 8;

	@TempDir
	static Path dir;

	private SharedCatalog catalog;

	private SampleAppProcess survivor;

	private final List<String> measured = new ArrayList<>();

	@BeforeAll
	void start() throws Exception {
		this.catalog = new SharedCatalog(dir);
		for (String table : List.of("fo.keys", "fo.locked", "fo.stream", "fo.resend")) {
			this.catalog.warehouse.create(table, Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build());
		}
		this.survivor = this.catalog.start("--paimon.ingest.commit-interval=100ms");
	}

	@AfterAll
	void stop() throws Exception {
		this.measured.forEach((line) -> System.out.println("FailoverTests " + line));
		this.catalog.close();
	}

	@Test
	void keysHeldInTheGroupOfAKilledInstanceAreCommittedByTheSurvivor() throws Exception {
		// A commits at most once an hour after its first commit: its producers' keys wait in its group
		SampleAppProcess a = this.catalog.start("--paimon.ingest.commit-interval=1h");
		String instance = SharedCatalog.instanceId(a);
		List<Long> times = failOver(a, instance, "fo/keys", "group", () -> SharedCatalog.claimsHeld(instance) >= 4);
		// the first key found the table idle and was committed by A; the others waited in its group
		assertThat(times).hasSizeGreaterThanOrEqualTo(4)
			.allSatisfy((millis) -> assertThat(millis).isLessThan(BOUND.toMillis()));
		assertExactlyOnce("fo.keys", "group");
	}

	@Test
	void keysOfAnInstanceKilledInsideTheCommitLockAreCommittedByTheSurvivor() throws Exception {
		SampleAppProcess a = this.catalog.start("--paimon.ingest.commit-interval=200ms");
		String instance = SharedCatalog.instanceId(a);
		// the storage holds A's manifest writes: A is inside its commit, holding the table's commit lock
		try (InJvmS3.Gate gate = this.catalog.s3().hold((key) -> key.startsWith("lake/wh/fo.db/locked/manifest/"))) {
			List<Long> times = failOver(a, instance, "fo/locked", "locked",
					() -> SharedCatalog.holdsCommitLock(instance) && SharedCatalog.claimsHeld(instance) >= 4, gate);
			assertThat(times).hasSize(KEYS).allSatisfy((millis) -> assertThat(millis).isLessThan(BOUND.toMillis()));
		}
		assertExactlyOnce("fo.locked", "locked");
	}

	@Test
	void aChannelOfAKilledInstanceIsReopenedOnTheSurvivor() throws Exception {
		SampleAppProcess a = this.catalog.start("--paimon.ingest.commit-interval=50ms");
		PipelinedChannel producer = new PipelinedChannel(SharedCatalog.client(a), "fo/stream", "c", 10, 8);
		long from = producer.open();
		CountDownLatch streaming = new CountDownLatch(1);
		CompletableFuture<PipelinedChannel.Result> stream = CompletableFuture.supplyAsync(() -> {
			try {
				return producer.stream(from, 100_000, (acknowledged) -> {
					if (acknowledged == 20) {
						streaming.countDown();
					}
				});
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		}, PipelinedChannel.OWN_THREAD);
		if (!streaming.await(120, TimeUnit.SECONDS)) {
			String failure = stream.isDone() ? stream.handle((ok, ex) -> String.valueOf(ex)).join() : "still streaming";
			throw new AssertionError("A acknowledged fewer than 20 appends in 120 s (" + failure + "); its log:\n"
					+ a.output());
		}
		a.kill();
		long killed = System.nanoTime();
		PipelinedChannel.Result result = stream.get(120, TimeUnit.SECONDS);
		producer.switchTo(SharedCatalog.client(this.survivor));
		long reopened = reopenWithin(producer, killed);
		long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
		this.measured.add("channel reopened on the survivor " + millis + " ms after the kill (A acknowledged up to "
				+ result.highestAcknowledged() + ", the reopened token is " + reopened + ")");
		assertThat(millis).isLessThan(BOUND.toMillis());
		assertThat(reopened).isGreaterThanOrEqualTo(result.highestAcknowledged());
		PipelinedChannel.Result resumed = producer.stream(reopened, 30, (acknowledged) -> {
		});
		assertThat(resumed.acknowledged()).hasSize(30);
		assertThat(this.catalog.warehouse.idNames("fo.stream"))
			.containsExactlyInAnyOrderElementsOf(PipelinedChannel.rowsUpTo(resumed.highestAcknowledged()));
	}

	@Test
	void aKeyResentWhileItsFirstAttemptIsStillBeingReadWaitsForIt() throws Exception {
		SampleAppProcess a = this.catalog.start("--paimon.ingest.commit-interval=50ms");
		try {
			String instance = SharedCatalog.instanceId(a);
			AdminClient toA = SharedCatalog.client(a);
			AdminClient toB = SharedCatalog.client(this.survivor);
			byte[] body = SharedCatalog.keyedBody(0, "slow");
			String path = "/paimon/tables/fo/resend/uploads";
			CompletableFuture<HttpResponse<String>> sameInstance;
			try (Socket socket = new Socket("127.0.0.1", a.uri("/").getPort())) {
				socket.setSoTimeout(60_000);
				OutputStream out = socket.getOutputStream();
				out.write(("POST " + path
						+ " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + SharedCatalog.TOKEN
						+ "\r\nContent-Type: " + AdminClient.ARROW + "\r\nIdempotency-Key: slow-0\r\nContent-Length: "
						+ body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
				out.write(body, 0, body.length / 2);
				out.flush();
				// the first attempt's body is still being read: A holds its key already
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
				while (SharedCatalog.claimsHeld(instance) < 1) {
					assertThat(System.nanoTime()).as("A holds the key while it reads the body").isLessThan(deadline);
					Thread.sleep(20);
				}
				sameInstance = toA.http()
					.sendAsync(toA.request(path).header("Content-Type", AdminClient.ARROW).header("Idempotency-Key",
							"slow-0")
						.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
							HttpResponse.BodyHandlers.ofString());
				HttpResponse<String> otherInstance = toB.postArrow(path, body, "Idempotency-Key", "slow-0");
				assertThat(otherInstance.statusCode()).as(otherInstance.body()).isEqualTo(503);
				assertThat(otherInstance.body()).contains("is being committed by another instance");
				assertThat(otherInstance.headers().firstValue("Retry-After")).isPresent();
				assertThat(sameInstance).as("the resend on A waits for the first attempt").isNotDone();
				out.write(body, body.length / 2, body.length - body.length / 2);
				out.flush();
				RawHttp.Response first = RawHttp.read(socket.getInputStream());
				assertThat(first.status()).as(first.body()).isEqualTo(200);
				assertThat(first.body()).contains("\"committed\":true");
			}
			HttpResponse<String> resent = sameInstance.get(60, TimeUnit.SECONDS);
			assertThat(resent.statusCode()).as(resent.body()).isEqualTo(200);
			assertThat(resent.body()).as("the resend got the first attempt's outcome").contains("\"committed\":false");
			HttpResponse<String> retried = toB.postArrow(path, body, "Idempotency-Key", "slow-0");
			assertThat(retried.statusCode()).isEqualTo(200);
			assertThat(retried.body()).contains("\"committed\":false");
			assertThat(this.catalog.warehouse.idNames("fo.resend")).hasSize(10).doesNotHaveDuplicates();
		}
		finally {
			a.close();
		}
	}

	/** A condition polled in the test. */
	@FunctionalInterface
	interface Condition {

		boolean holds() throws Exception;

	}

	private List<Long> failOver(SampleAppProcess a, String instance, String table, String label, Condition holding)
			throws Exception {
		return failOver(a, instance, table, label, holding, null);
	}

	/**
	 * 8 producers send keyed uploads to A; once A holds what the test wants it to hold, A is killed and
	 * every producer retries its key on the survivor. Returns each key's time from the kill to its 200.
	 */
	private List<Long> failOver(SampleAppProcess a, String instance, String table, String label, Condition holding,
			InJvmS3.Gate gate) throws Exception {
		AdminClient toA = SharedCatalog.client(a);
		AdminClient toB = SharedCatalog.client(this.survivor);
		ExecutorService producers = Executors.newFixedThreadPool(KEYS);
		long[] killed = new long[1];
		CountDownLatch dead = new CountDownLatch(1);
		try {
			List<Future<Long>> done = new ArrayList<>();
			for (int k = 0; k < KEYS; k++) {
				int key = k;
				done.add(producers.submit(() -> {
					byte[] body = SharedCatalog.keyedBody(key, label);
					try {
						HttpResponse<String> first = toA.postArrow("/paimon/tables/" + table + "/uploads", body,
								"Idempotency-Key", label + "-" + key);
						if (first.statusCode() == 200) {
							return -1L; // committed by A before it died
						}
					}
					catch (IOException ex) {
						// A died with the request in flight
					}
					dead.await(120, TimeUnit.SECONDS);
					while (true) {
						HttpResponse<String> retry = toB.postArrow("/paimon/tables/" + table + "/uploads", body,
								"Idempotency-Key", label + "-" + key);
						if (retry.statusCode() == 200) {
							return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed[0]);
						}
						assertThat(retry.statusCode()).as(retry.body()).isEqualTo(503);
						Thread.sleep(50);
					}
				}));
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
			while (!holding.holds()) {
				assertThat(System.nanoTime()).as("A holds what the test waits for").isLessThan(deadline);
				Thread.sleep(20);
			}
			int claims = SharedCatalog.claimsHeld(instance);
			a.kill();
			killed[0] = System.nanoTime();
			dead.countDown();
			if (gate != null) {
				gate.open();
			}
			List<Long> times = new ArrayList<>();
			for (Future<Long> future : done) {
				long millis = future.get(120, TimeUnit.SECONDS);
				if (millis >= 0) {
					times.add(millis);
				}
			}
			this.measured.add(label + ": A killed holding " + claims + " key claims"
					+ ((gate != null) ? " inside the commit lock" : "") + "; the survivor committed them "
					+ times.stream().sorted().toList() + " ms after the kill");
			return times;
		}
		finally {
			producers.shutdownNow();
		}
	}

	private long reopenWithin(PipelinedChannel producer, long killed) throws Exception {
		while (true) {
			try {
				return producer.open();
			}
			catch (AssertionError ex) {
				// 503 while the claim is still held
				assertThat(System.nanoTime() - killed).as(ex.getMessage()).isLessThan(TimeUnit.SECONDS.toNanos(60));
				Thread.sleep(50);
			}
		}
	}

	private void assertExactlyOnce(String table, String label) {
		assertThat(this.catalog.warehouse.idNames(table)).containsExactlyInAnyOrderElementsOf(SharedCatalog
				.keyedRows(KEYS, label));
	}


}
