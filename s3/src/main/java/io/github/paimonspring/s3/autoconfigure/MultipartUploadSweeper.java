package io.github.paimonspring.s3.autoconfigure;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.s3.StaleMultipartUploads;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the sweep of stale multipart uploads at start-up and then every {@code paimon.s3.multipart.sweep-interval},
 * on a thread of its own, while the application runs.
 */
final class MultipartUploadSweeper implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(MultipartUploadSweeper.class);

	private final StaleMultipartUploads uploads;

	private final Duration abortAfter;

	private final Duration interval;

	private @Nullable ScheduledExecutorService executor;

	private @Nullable ScheduledFuture<?> sweeps;

	MultipartUploadSweeper(StaleMultipartUploads uploads, Duration abortAfter, Duration interval) {
		this.uploads = uploads;
		this.abortAfter = abortAfter;
		this.interval = interval;
	}

	@Override
	public synchronized void start() {
		if (this.executor != null || this.interval.isZero() || this.interval.isNegative()) {
			return;
		}
		ScheduledExecutorService started = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "paimon-s3-multipart-sweep");
			thread.setDaemon(true);
			return thread;
		});
		this.sweeps = started.scheduleWithFixedDelay(this::sweep, 0, this.interval.toMillis(), TimeUnit.MILLISECONDS);
		this.executor = started;
	}

	private void sweep() {
		try {
			int aborted = this.uploads.abortAll(this.abortAfter);
			if (aborted > 0) {
				logger.info("Aborted {} stale multipart upload(s) older than {}", aborted, this.abortAfter);
			}
		}
		catch (RuntimeException ex) {
			logger.warn("The sweep of stale multipart uploads failed: {}", ex.getMessage());
		}
	}

	@Override
	public synchronized void stop() {
		ScheduledFuture<?> scheduled = this.sweeps;
		if (scheduled != null) {
			scheduled.cancel(true);
		}
		ScheduledExecutorService current = this.executor;
		this.executor = null;
		if (current != null) {
			current.shutdownNow();
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
