package io.github.paimonspring;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A task with a stop timeout: stopping it interrupts the run in progress and returns only after that run
 * ended — also when the run swallows the interrupt (it sees {@code isStopping()}) and needs the task's
 * own monitor to end — so that it released what it held (the scheduled maintenance: its table's claim)
 * before the process exits.
 */
class PeriodicLifecycleTests {

	@Test
	void stopReturnsAfterTheInterruptedRunEnded() throws Exception {
		CountDownLatch running = new CountDownLatch(1);
		AtomicBoolean released = new AtomicBoolean();
		PeriodicLifecycle task = new PeriodicLifecycle("periodic-test", Duration.ofMillis(1), Duration.ofMinutes(1)) {

			@Override
			protected void runPeriodically() {
				running.countDown();
				try {
					while (!isStopping()) {
						try {
							new CountDownLatch(1).await(); // a long run
						}
						catch (InterruptedException swallowed) {
							// as some libraries do
						}
					}
				}
				finally {
					release();
				}
			}

			private synchronized void release() {
				released.set(true);
			}

		};
		assertThat(task.isStopping()).isFalse();
		task.start();
		assertThat(task.isRunning()).isTrue();
		assertThat(running.await(1, TimeUnit.MINUTES)).as("the first run started").isTrue();
		task.stop();
		assertThat(released).as("the run ended before stop returned").isTrue();
		assertThat(task.isRunning()).isFalse();
		assertThat(task.isStopping()).isTrue();
	}

}
