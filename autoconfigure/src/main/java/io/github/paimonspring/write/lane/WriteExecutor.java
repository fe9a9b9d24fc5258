package io.github.paimonspring.write.lane;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the lanes of a {@link io.github.paimonspring.write.ArrowTableWrite} in parallel: the first task runs
 * on the calling thread, the others on shared daemon threads that end when idle.
 */
final class WriteExecutor {

	private static final AtomicInteger threads = new AtomicInteger();

	private static final ExecutorService executor = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS,
			new SynchronousQueue<>(), (runnable) -> {
				Thread thread = new Thread(runnable, "paimon-write-" + threads.incrementAndGet());
				thread.setDaemon(true);
				return thread;
			});

	private WriteExecutor() {
	}

	/**
	 * Runs a task on a shared thread.
	 * @param task the task
	 * @return its outcome
	 */
	static <T> Future<T> submit(Callable<T> task) {
		return executor.submit(task);
	}

	/**
	 * Runs every task and waits for all of them; rethrows the first failure.
	 */
	static <T> List<T> runAll(List<Callable<T>> tasks) throws Exception {
		if (tasks.size() == 1) {
			List<T> results = new ArrayList<>(1);
			results.add(tasks.get(0).call());
			return results;
		}
		List<Future<T>> futures = new ArrayList<>();
		for (int i = 1; i < tasks.size(); i++) {
			futures.add(executor.submit(tasks.get(i)));
		}
		List<T> results = new ArrayList<>();
		Exception failure = null;
		try {
			results.add(tasks.get(0).call());
		}
		catch (Exception ex) {
			failure = ex;
		}
		for (Future<T> future : futures) {
			try {
				results.add(future.get());
			}
			catch (ExecutionException ex) {
				Exception cause = (ex.getCause() instanceof Exception e) ? e : ex;
				if (failure == null) {
					failure = cause;
				}
				else {
					failure.addSuppressed(cause);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				if (failure == null) {
					failure = ex;
				}
			}
		}
		if (failure != null) {
			throw failure;
		}
		return results;
	}

}
