package io.github.paimonspring.httptests;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A producer that streams a channel as a client would: it opens the channel, then sends appends of
 * {@code rows} rows each with several in flight, each naming the offset token it follows ({@code after})
 * and the id of its last row ({@code offsetToken}); rows have ids {@code after + 1 .. offsetToken} and the
 * name {@code c<id>}. An append refused as out of order (409 channel-out-of-order) is sent again; the
 * stream stops at the first other failure (for example the instance died).
 */
public final class PipelinedChannel {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final String path;

	private final int rows;

	private final int inFlight;

	private final AtomicLong outOfOrderResends = new AtomicLong();

	private volatile AdminClient client;

	private long generation;

	private boolean retryOutOfOrder = true;

	/** What a stream did. */
	public record Result(long highestAcknowledged, List<Long> acknowledged, int duplicates, int outOfOrder,
			String stoppedBy) {
	}

	/**
	 * @param client the instance to send to
	 * @param table the table as {@code db/table}
	 * @param channel the channel name
	 * @param rows rows per append
	 * @param inFlight appends in flight at once
	 */
	public PipelinedChannel(AdminClient client, String table, String channel, int rows, int inFlight) {
		this(client, "/paimon/tables/" + table + "/channels/" + channel, rows, inFlight);
	}

	/**
	 * Where a {@link #stream} runs in the background: a thread of its own. Not the common pool: the HTTP
	 * client completes its responses there, and on a 2-core machine (parallelism 1) a stream blocked in it
	 * waits for answers that cannot arrive. Java 17 ran each async task on a new thread at parallelism 1,
	 * Java 25 uses the pool itself.
	 */
	public static final Executor OWN_THREAD = (task) -> new Thread(task, "pipelined-channel").start();

	private PipelinedChannel(AdminClient client, String path, int rows, int inFlight) {
		this.client = client;
		this.path = path;
		this.rows = rows;
		this.inFlight = inFlight;
	}

	/**
	 * Returns a second sender of this channel's current generation bound to one instance, that does not
	 * send refused appends again (a zombie producer's appends in flight).
	 */
	public PipelinedChannel boundTo(AdminClient instance) {
		return new PipelinedChannel(instance, this.path, this.rows, this.inFlight).copyOf(this);
	}

	private PipelinedChannel copyOf(PipelinedChannel source) {
		this.generation = source.generation;
		this.retryOutOfOrder = false;
		return this;
	}

	/** Sends from now on to another instance (after a failover). */
	public void switchTo(AdminClient other) {
		this.client = other;
	}

	/**
	 * Opens the channel.
	 * @return the committed offset token to resume after (0 when the channel has none)
	 */
	public long open() throws IOException, InterruptedException {
		HttpResponse<String> response = this.client.send(this.client.request(this.path)
			.PUT(HttpRequest.BodyPublishers.noBody()).build());
		if (response.statusCode() != 200) {
			throw new AssertionError("opening " + this.path + ": " + response.statusCode() + " " + response.body());
		}
		JsonNode state = JSON.readTree(response.body());
		this.generation = state.path("generation").asLong();
		return state.path("offsetToken").isNull() ? 0 : Long.parseLong(state.path("offsetToken").asText());
	}

	/**
	 * Streams {@code appends} appends after {@code from}.
	 * @param from the offset token to resume after (0 for none)
	 * @param appends how many appends to send
	 * @param acknowledged told the number of appends acknowledged so far, after each acknowledgement
	 * @return what happened
	 */
	public Result stream(long from, int appends, LongConsumer acknowledged) throws InterruptedException {
		Semaphore slots = new Semaphore(this.inFlight);
		AtomicBoolean stopped = new AtomicBoolean();
		AtomicLong highest = new AtomicLong(from);
		AtomicLong count = new AtomicLong();
		AtomicLong duplicates = new AtomicLong();
		ConcurrentLinkedQueue<Long> acks = new ConcurrentLinkedQueue<>();
		StringBuffer stoppedBy = new StringBuffer();
		for (int i = 0; i < appends && !stopped.get(); i++) {
			long after = from + (long) i * this.rows;
			slots.acquire();
			if (stopped.get()) {
				slots.release();
				break;
			}
			send(after, 0).whenComplete((response, failure) -> {
				try {
					if (failure != null || response.statusCode() != 200) {
						if (stopped.compareAndSet(false, true)) {
							stoppedBy.append((failure != null) ? failure.toString()
									: response.statusCode() + " " + response.body());
						}
						return;
					}
					JsonNode body = JSON.readTree(response.body());
					if (!body.path("committed").asBoolean()) {
						duplicates.incrementAndGet();
					}
					long token = after + this.rows;
					acks.add(token);
					highest.accumulateAndGet(token, Math::max);
					acknowledged.accept(count.incrementAndGet());
				}
				catch (IOException ex) {
					stopped.set(true);
				}
				finally {
					slots.release();
				}
			}).exceptionally((ex) -> null);
		}
		slots.acquire(this.inFlight);
		slots.release(this.inFlight);
		return new Result(highest.get(), List.copyOf(acks), (int) duplicates.get(), (int) this.outOfOrderResends.get(),
				stoppedBy.toString());
	}

	/** Sends one append; a 409 channel-out-of-order is sent again (its predecessor was late). */
	private CompletableFuture<HttpResponse<String>> send(long after, int attempt) {
		HttpRequest request = this.client.request(this.path + "/rows?generation=" + this.generation + "&after="
				+ ((after == 0) ? "" : String.valueOf(after)) + "&offsetToken=" + (after + this.rows))
			.header("Content-Type", AdminClient.ARROW)
			.timeout(Duration.ofSeconds(60))
			.POST(HttpRequest.BodyPublishers.ofByteArray(ArrowBodies.idNameRange((int) after + 1, this.rows)))
			.build();
		return this.client.http().sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenCompose((response) -> {
			if (this.retryOutOfOrder && response.statusCode() == 409 && response.body().contains("channel-out-of-order")
					&& attempt < 20) {
				this.outOfOrderResends.incrementAndGet();
				return CompletableFuture.supplyAsync(() -> null,
						CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS)).thenCompose((x) -> send(after,
								attempt + 1));
			}
			return CompletableFuture.completedFuture(response);
		});
	}

	/** The names the rows of ids {@code 1..upTo} have. */
	public static List<String> rowsUpTo(long upTo) {
		List<String> expected = new ArrayList<>();
		for (long id = 1; id <= upTo; id++) {
			expected.add(id + ":n" + id);
		}
		return expected;
	}

}
