package io.github.paimonspring.ingest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonWriter;
import io.github.paimonspring.core.WriteRequest;
import io.github.paimonspring.core.WriteResult;
import io.github.paimonspring.support.Batches;
import io.github.paimonspring.support.WarehouseTestBase;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Ordered channel appends on real tables: appends that arrive before their predecessor wait for it,
 * resends are answered without writing, overlaps and gaps are refused, and a link whose group commit
 * fails breaks the chain — the appends after it get retryable refusals and nothing of them is visible —
 * after which the resumed chain has every row once. The committed offset token only moves forward.
 */
class ChannelOrderTests extends WarehouseTestBase {

	private static final String TABLE = "default.ordered";

	private final ExecutorService pool = Executors.newCachedThreadPool();

	private final List<Ingester> ingesters = new ArrayList<>();

	/** Refuses commits while armed, after letting the test see that one is waiting in it. */
	private final class BlockingFence implements CommitFence {

		volatile CountDownLatch entered = new CountDownLatch(1);

		volatile CountDownLatch release = new CountDownLatch(0);

		volatile boolean fail = true;

		@Override
		public void check(String table) {
			CountDownLatch gate = this.release;
			if (gate.getCount() > 0) {
				this.entered.countDown();
				try {
					gate.await(60, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				if (this.fail) {
					throw new PaimonUnavailableException(table, "test storage outage", null);
				}
			}
		}

	}

	private final BlockingFence fence = new BlockingFence();

	@AfterEach
	void stop() {
		this.pool.shutdownNow();
		this.ingesters.forEach(Ingester::close);
	}

	private PaimonWriter writer(Duration interval, Duration orderWait) {
		Ingester ingester = new Ingester(new IngestSettings(interval, 1_000_000, 64L << 20, 256L << 20, 8L << 20,
				orderWait),
				new LocalKeyClaims(), IngestListener.NONE, 0);
		this.ingesters.add(ingester);
		this.warehouse.create(TABLE, Schema.newBuilder().column("id", DataTypes.INT()).column("name",
				DataTypes.STRING())
			.build());
		return PaimonWriter
			.builder(PaimonTables.builder(this.warehouse.catalog()).writerId("w").fence(this.fence).build())
			.spillDirectory(this.dir.resolve("spill"))
			.parallelism(2)
			.ingester(ingester)
			.build();
	}

	@Test
	void anAppendSentBeforeItsPredecessorWaitsForIt() throws Exception {
		PaimonWriter writer = writer(Duration.ofMillis(50), Duration.ofSeconds(30));
		long generation = writer.openChannel(WriteRequest.into(TABLE), "c").generation();
		append(writer, generation, "", 10).get(60, TimeUnit.SECONDS);
		// 20 follows 10; it arrives first (the predecessor 300 ms later) and must not be committed before it
		Future<CompletableFuture<WriteResult>> later = this.pool.submit(() -> append(writer, generation, "15", 20));
		CompletableFuture<WriteResult> earlier = CompletableFuture.supplyAsync(() -> append(writer, generation, "10",
				15),
				CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS,
						this.pool)).thenCompose((future) -> future);
		WriteResult second = later.get(60, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS);
		WriteResult first = earlier.get(60, TimeUnit.SECONDS);
		assertThat(first.committed()).isTrue();
		assertThat(second.committed()).isTrue();
		assertThat(second.snapshotId()).isGreaterThanOrEqualTo(first.snapshotId());
		assertThat(writer.channels(TABLE).state("c").get().offsetToken()).isEqualTo("20");
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("10:r10", "15:r15", "20:r20");
	}

	@Test
	void resendsAreAnsweredWithoutWritingAndNeverMoveTheOffsetBack() throws Exception {
		PaimonWriter writer = writer(Duration.ofMillis(50), Duration.ofSeconds(30));
		long generation = writer.openChannel(WriteRequest.into(TABLE), "c").generation();
		WriteResult one = append(writer, generation, "", 1).get(60, TimeUnit.SECONDS);
		append(writer, generation, "1", 2).get(60, TimeUnit.SECONDS);
		WriteResult three = append(writer, generation, "2", 3).get(60, TimeUnit.SECONDS);
		// the same append twice, an older one late, and one that repeats part of the chain
		WriteResult again = append(writer, generation, "2", 3).get(60, TimeUnit.SECONDS);
		WriteResult late = append(writer, generation, "", 1).get(60, TimeUnit.SECONDS);
		WriteResult covered = append(writer, generation, "1", 3).get(60, TimeUnit.SECONDS);
		assertThat(List.of(again, late, covered)).allSatisfy((result) -> {
			assertThat(result.committed()).isFalse();
			assertThat(result.rows()).isZero();
			assertThat(result.snapshotId()).isGreaterThanOrEqualTo(three.snapshotId());
		});
		assertThat(one.committed()).isTrue();
		assertThat(writer.channels(TABLE).state("c").get().offsetToken()).isEqualTo("3");
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("1:r1", "2:r2", "3:r3");
	}

	@Test
	void aResendWhileTheFirstAttemptIsInFlightWaitsForItsCommit() throws Exception {
		PaimonWriter writer = writer(Duration.ofMillis(20), Duration.ofSeconds(30));
		long generation = writer.openChannel(WriteRequest.into(TABLE), "c").generation();
		// the first attempt's commit is held in the fence (a slow storage) while the resend arrives
		this.fence.fail = false;
		this.fence.release = new CountDownLatch(1);
		CompletableFuture<WriteResult> first = append(writer, generation, "", 1);
		assertThat(this.fence.entered.await(60, TimeUnit.SECONDS)).isTrue();
		Future<CompletableFuture<WriteResult>> resend = this.pool.submit(() -> append(writer, generation, "", 1));
		assertThat(first).isNotDone();
		assertThat(resend).isNotDone();
		this.fence.release.countDown();
		assertThat(first.get(60, TimeUnit.SECONDS).committed()).isTrue();
		WriteResult repeated = resend.get(60, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS);
		assertThat(repeated.committed()).isFalse();
		assertThat(repeated.snapshotId()).isGreaterThanOrEqualTo(first.get().snapshotId());
		assertThat(this.warehouse.idNames(TABLE)).containsExactly("1:r1");
	}

	@Test
	void gapsAndOverlapsAreRefusedAndChangeNothing() throws Exception {
		PaimonWriter writer = writer(Duration.ofMillis(50), Duration.ofMillis(200));
		long generation = writer.openChannel(WriteRequest.into(TABLE), "c").generation();
		append(writer, generation, "", 5).get(60, TimeUnit.SECONDS);
		long snapshots = this.warehouse.snapshotCount(TABLE);
		assertThatThrownBy(() -> append(writer, generation, "7", 9))
			.isInstanceOf(ChannelOrderException.class)
			.hasMessageContaining("Append after 7 to channel 'c' of table 'default.ordered' is out of order")
			.hasMessageContaining("the channel's tail is 5")
			.satisfies((ex) -> assertThat(((ChannelOrderException) ex).getTail()).isEqualTo("5"));
		assertThatThrownBy(() -> append(writer, generation, "3", 8))
			.isInstanceOf(ChannelOverlapException.class)
			.hasMessageContaining("after 3 up to 8 overlaps channel 'c'")
			.hasMessageContaining("tail is 5");
		assertThatThrownBy(() -> append(writer, generation, "", 8)).isInstanceOf(ChannelOverlapException.class);
		assertThat(this.warehouse.snapshotCount(TABLE)).isEqualTo(snapshots);
		assertThat(this.warehouse.idNames(TABLE)).containsExactly("5:r5");
		assertThat(append(writer, generation, "5", 8).get(60, TimeUnit.SECONDS).committed()).isTrue();
	}

	@Test
	void aFailedLinkBreaksTheChainAndTheResumedChainHasEveryRowOnce() throws Exception {
		PaimonWriter writer = writer(Duration.ofMillis(20), Duration.ofSeconds(5));
		long generation = writer.openChannel(WriteRequest.into(TABLE), "c").generation();
		append(writer, generation, "", 1).get(60, TimeUnit.SECONDS);
		// the next commit waits in the fence (storage "down") and then fails
		this.fence.release = new CountDownLatch(1);
		CompletableFuture<WriteResult> failing = append(writer, generation, "1", 2);
		assertThat(this.fence.entered.await(60, TimeUnit.SECONDS)).isTrue();
		// while it commits: its successor waits for that commit, and a later one for its predecessor
		Future<CompletableFuture<WriteResult>> next = this.pool.submit(() -> append(writer, generation, "2", 3));
		Future<CompletableFuture<WriteResult>> waiting = this.pool.submit(() -> append(writer, generation, "4", 5));
		this.fence.release.countDown();
		assertThatThrownBy(() -> failing.get(60, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
			.cause().isInstanceOf(IngestGroupException.class).hasMessageContaining("test storage outage");
		for (Future<CompletableFuture<WriteResult>> later : List.of(next, waiting)) {
			assertThatThrownBy(() -> later.get(60, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS))
				.isInstanceOf(ExecutionException.class)
				.cause().isInstanceOf(ChannelOrderException.class).hasMessageContaining("tail is 1");
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactly("1:r1");
		assertThat(writer.channels(TABLE).state("c").get().offsetToken()).isEqualTo("1");
		// the producer resumes after the committed token
		for (int offset = 2; offset <= 5; offset++) {
			assertThat(append(writer, generation, String.valueOf(offset - 1), offset).get(60,
					TimeUnit.SECONDS).committed())
				.isTrue();
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrder("1:r1", "2:r2", "3:r3", "4:r4", "5:r5");
		assertThat(writer.channels(TABLE).state("c").get().offsetToken()).isEqualTo("5");
	}

	@Test
	void pipelinedAppendsAndTheirResendsCommitInOrderExactlyOnce() throws Exception {
		PaimonWriter writer = writer(Duration.ofMillis(20), Duration.ofSeconds(2));
		long generation = writer.openChannel(WriteRequest.into(TABLE), "c").generation();
		int appends = 300;
		// 8 senders take the next offset and send it (racing, so appends overtake each other), and every
		// offset is sent a second time by the sender that takes it next
		AtomicInteger next = new AtomicInteger();
		AtomicInteger committed = new AtomicInteger();
		AtomicInteger refused = new AtomicInteger();
		List<Future<?>> senders = new ArrayList<>();
		for (int s = 0; s < 8; s++) {
			senders.add(this.pool.submit(() -> {
				for (int n = next.getAndIncrement(); n < appends * 2; n = next.getAndIncrement()) {
					int offset = n / 2 + 1;
					try {
						if (append(writer, generation, (offset == 1) ? "" : String.valueOf(offset - 1), offset)
							.get(60, TimeUnit.SECONDS).committed()) {
							committed.incrementAndGet();
						}
					}
					catch (ExecutionException | ChannelOrderException ex) {
						refused.incrementAndGet(); // retryable: the producer sends it again after its predecessor
					}
				}
				return null;
			}));
		}
		for (Future<?> sender : senders) {
			sender.get(300, TimeUnit.SECONDS);
		}
		assertThat(committed.get()).isLessThanOrEqualTo(appends);
		// the producer resends what was refused, in order, after the committed token
		long tail = Long.parseLong(writer.channels(TABLE).state("c").get().offsetToken());
		for (long offset = tail + 1; offset <= appends; offset++) {
			append(writer, generation, String.valueOf(offset - 1), (int) offset).get(60, TimeUnit.SECONDS);
		}
		List<String> expected = new ArrayList<>();
		for (int i = 1; i <= appends; i++) {
			expected.add(i + ":r" + i);
		}
		assertThat(this.warehouse.idNames(TABLE)).containsExactlyInAnyOrderElementsOf(expected);
		assertThat(writer.channels(TABLE).state("c").get().offsetToken()).isEqualTo(String.valueOf(appends));
		System.out.println("pipelined appends: " + committed + " committed, " + refused + " refused out of order, "
				+ (appends - tail) + " resent after the committed token " + tail);
	}

	private CompletableFuture<WriteResult> append(PaimonWriter writer, long generation, String after, int token) {
		try (VectorSchemaRoot batch = Batches.idName(this.allocator, token, "r" + token)) {
			return writer.channels(TABLE).channel("c", generation).append(after, String.valueOf(token), List.of(batch));
		}
	}

}
