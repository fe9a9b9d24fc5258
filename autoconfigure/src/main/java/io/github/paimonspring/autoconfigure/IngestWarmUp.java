package io.github.paimonspring.autoconfigure;

import java.util.List;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Starts reading the index of idempotency keys and channel states of the configured tables in the
 * background when the application starts, so that the first keyed request or channel opening after a
 * start (a restart, a failover) does not wait for a table's long snapshot history.
 */
final class IngestWarmUp implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(IngestWarmUp.class);

	private final Consumer<String> warmUp;

	private final List<String> tables;

	private volatile boolean running;

	IngestWarmUp(Consumer<String> warmUp, List<String> tables) {
		this.warmUp = warmUp;
		this.tables = tables;
	}

	@Override
	public void start() {
		this.running = true;
		for (String table : this.tables) {
			try {
				this.warmUp.accept(table);
			}
			catch (RuntimeException ex) {
				logger.debug("Not reading the index of table '{}' ahead: {}", table, ex.getMessage());
			}
		}
	}

	@Override
	public void stop() {
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/** Nothing to stop on a pause; starting again reads only what is new. */
	@Override
	public boolean isPauseable() {
		return false;
	}

}
