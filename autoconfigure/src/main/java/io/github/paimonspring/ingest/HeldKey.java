package io.github.paimonspring.ingest;

import java.util.concurrent.CompletableFuture;

import io.github.paimonspring.write.CommitResult;
import org.jspecify.annotations.Nullable;

/**
 * An idempotency key this instance holds for one request (see {@link Ingester#holdKey}), claimed
 * before the request's batches exist: released when the request's commit is done, or by
 * {@link #close()} when its batches were never submitted. Requests with the same key wait for it.
 *
 * @since 0.1.0
 */
public final class HeldKey implements AutoCloseable {

	private final String table;

	private final String key;

	private final Runnable release;

	private final CompletableFuture<CommitResult> outcome;

	private boolean submitted;

	private boolean settled;

	HeldKey(String table, String key, Runnable release, CompletableFuture<CommitResult> outcome) {
		this.table = table;
		this.key = key;
		this.release = release;
		this.outcome = outcome;
	}

	/**
	 * Returns the key.
	 * @return the idempotency key
	 */
	public String key() {
		return this.key;
	}

	/** Marks the key as submitted once; its outcome then releases it. */
	synchronized void submitted() {
		if (this.submitted || this.settled) {
			throw new IllegalStateException("Idempotency-Key '" + this.key + "' of table '" + this.table
					+ "' was submitted or released already");
		}
		this.submitted = true;
	}

	/** Releases the key with the outcome of its request, which the requests waiting for it then see. */
	void settle(@Nullable CommitResult result, @Nullable Throwable failure) {
		synchronized (this) {
			if (this.settled) {
				return;
			}
			this.settled = true;
		}
		this.release.run();
		if (failure != null) {
			this.outcome.completeExceptionally(failure);
		}
		else {
			this.outcome.complete(result);
		}
	}

	/** Releases the key unless its batches were submitted (their commit releases it). */
	@Override
	public void close() {
		boolean release;
		synchronized (this) {
			release = !this.submitted;
		}
		if (release) {
			settle(null, new IngestGroupException(this.table, "The request with Idempotency-Key '" + this.key
					+ "' ended before it was submitted", null));
		}
	}

}
