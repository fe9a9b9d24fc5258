package io.github.paimonspring.autoconfigure;

import io.github.paimonspring.ingest.Ingester;

import org.springframework.context.SmartLifecycle;

/**
 * Commits what the group commits have waiting when the application stops, before the web server's
 * graceful shutdown waits for the requests in flight: those requests are answered with their commit
 * instead of timing out. Requests that arrive afterwards are refused as retryable.
 */
final class IngestShutdown implements SmartLifecycle {

	private final Ingester ingester;

	private volatile boolean running;

	IngestShutdown(Ingester ingester) {
		this.ingester = ingester;
	}

	@Override
	public void start() {
		this.running = true;
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

	/** Stops before the web server's graceful shutdown ({@code DEFAULT_PHASE - 1024}). */
	@Override
	public int getPhase() {
		return DEFAULT_PHASE;
	}

}
