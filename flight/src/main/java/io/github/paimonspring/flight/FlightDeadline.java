package io.github.paimonspring.flight;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds each wait of a call for the client's next message ({@code paimon.flight.read-timeout}), as an HTTP
 * server's read timeout does: Flight's stream waits without a bound for a first message, a schema or a next
 * batch, so a client that stalls or never sends a schema would hold its thread and upload slot forever. The
 * wait is interrupted when the time is up and the call ends with {@code TIMED_OUT}, having written nothing.
 */
final class FlightDeadline implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(FlightDeadline.class);

	private final Duration timeout;

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "paimon-flight-read-timeout");
		thread.setDaemon(true);
		return thread;
	});

	FlightDeadline(Duration timeout) {
		this.timeout = timeout;
	}

	/**
	 * Runs a read that waits for the client, within the read timeout.
	 * @param what what is awaited, for the refusal ("the Arrow schema")
	 * @param read the read
	 * @param <T> what it returns
	 * @return what it returned
	 * @throws FlightRuntimeException ({@code TIMED_OUT}) when the time was up
	 */
	<T> T await(String what, Supplier<T> read) {
		Waiter waiter = new Waiter(Thread.currentThread());
		ScheduledFuture<?> alarm = this.timer.schedule(waiter::expire, this.timeout.toNanos(), TimeUnit.NANOSECONDS);
		try {
			return read.get();
		}
		catch (RuntimeException ex) {
			if (waiter.expired()) {
				throw CallStatus.TIMED_OUT.withDescription("Request timeout: no " + what + " arrived within "
						+ this.timeout.toMillis() + " ms (paimon.flight.read-timeout); nothing was written")
					.toRuntimeException();
			}
			throw ex;
		}
		finally {
			alarm.cancel(false);
			if (waiter.done()) {
				Thread.interrupted(); // the alarm's interrupt is not the caller's
			}
		}
	}

	/**
	 * Runs a task periodically on the same timer (the release of what Flight's decoder dropped).
	 * @param period the period
	 * @param task the task
	 */
	void every(Duration period, Runnable task) {
		ScheduledFuture<?> unused = this.timer.scheduleWithFixedDelay(() -> {
			try {
				task.run();
			}
			catch (RuntimeException ex) {
				logger.warn("A periodic task of the Flight SQL endpoint failed", ex);
			}
		}, period.toNanos(), period.toNanos(), TimeUnit.NANOSECONDS);
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
	}

	/** The waiting thread, interrupted at most once and never after the read returned. */
	private static final class Waiter {

		private final Thread thread;

		private boolean waiting = true;

		private boolean expired;

		Waiter(Thread thread) {
			this.thread = thread;
		}

		synchronized void expire() {
			if (this.waiting) {
				this.expired = true;
				this.thread.interrupt();
			}
		}

		synchronized boolean expired() {
			return this.expired;
		}

		/** Ends the wait; returns whether the thread was interrupted. */
		synchronized boolean done() {
			this.waiting = false;
			return this.expired;
		}

	}

}
