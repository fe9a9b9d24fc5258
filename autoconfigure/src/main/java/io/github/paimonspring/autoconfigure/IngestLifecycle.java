package io.github.paimonspring.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.github.paimonspring.ingest.Ingester;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * The group commit's part in the application's life. When the application starts it reads the index of
 * idempotency keys and channel states of the configured tables in the background, so that the first
 * keyed request or channel opening after a start (a restart, a failover) does not wait for a table's
 * long snapshot history. When it stops — after the drain ({@link ShutdownDrain}) and after the web server's
 * graceful shutdown has answered the requests in flight (their group commits still run, at most a commit
 * interval away) — it commits what the group commits have waiting; requests that arrive afterwards are
 * refused as unavailable (503 with Retry-After over HTTP), never as a conflict.
 * <p>
 * Its {@link #PHASE} orders it by phase, not by bean name: what feeds the group commit from inside the
 * application and runs in a later phase (the Kafka pipelines, in the default phase) stops before it, and the
 * instance's membership and claims (a lower phase) stop after it.
 */
final class IngestLifecycle implements SmartLifecycle {

	/**
	 * The phase: after the web server's graceful shutdown ({@code DEFAULT_PHASE - 1024}) stops, before the web
	 * server itself ({@code DEFAULT_PHASE - 2048}).
	 */
	static final int PHASE = DEFAULT_PHASE - 1536;

	private static final Logger logger = LoggerFactory.getLogger(IngestLifecycle.class);

	private final Ingester ingester;

	private final Function<String, CompletableFuture<Void>> warmUp;

	private final List<String> tables;

	private volatile boolean running;

	private volatile CompletableFuture<@Nullable Void> warm = new CompletableFuture<>();

	IngestLifecycle(Ingester ingester, Function<String, CompletableFuture<Void>> warmUp, List<String> tables) {
		this.ingester = ingester;
		this.warmUp = warmUp;
		this.tables = tables;
	}

	@Override
	public void start() {
		this.running = true;
		List<CompletableFuture<Void>> reads = new ArrayList<>();
		for (String table : this.tables) {
			try {
				reads.add(this.warmUp.apply(table));
			}
			catch (RuntimeException ex) {
				logger.debug("Not reading the index of table '{}' ahead: {}", table, ex.getMessage());
			}
		}
		// each read reports its own failure (the first request reads the index then): warm either way
		this.warm = CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).handle((done, failure) -> null);
	}

	/**
	 * Done when the indexes of the configured tables were read after the start ({@link WarmReadiness} holds the
	 * readiness until then).
	 * @return the warm-up
	 */
	CompletableFuture<@Nullable Void> warm() {
		return this.warm;
	}

	/** How many tables the start reads the index of. */
	int tables() {
		return this.tables.size();
	}

	@Override
	public void stop() {
		this.running = false;
		this.ingester.close();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * Not stopped when a context is paused (Spring's test context cache pauses the contexts it keeps):
	 * stopping shuts the group commit down for good.
	 */
	@Override
	public boolean isPauseable() {
		return false;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}
