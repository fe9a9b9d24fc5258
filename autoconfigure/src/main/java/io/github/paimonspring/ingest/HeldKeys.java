package io.github.paimonspring.ingest;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

import io.github.paimonspring.write.CommitResult;

/**
 * The idempotency keys this instance holds for requests: one request per key at a time on this
 * instance (a second one waits for the first's outcome), and a claim in the shared {@link KeyClaims}
 * so that no other instance writes the key meanwhile (a second one there waits, bounded).
 */
final class HeldKeys {

	private final KeyClaims claims;

	private final Duration claimWait;

	private final Map<String, CompletableFuture<CommitResult>> inFlight = new ConcurrentHashMap<>();

	HeldKeys(KeyClaims claims, Duration claimWait) {
		this.claims = claims;
		this.claimWait = claimWait;
	}

	/**
	 * Holds a key: waits for a request of this instance that holds it, then claims it, waiting while
	 * another instance holds it for at most the claim wait (a live holder commits within that time, a
	 * dead one's claims end with it).
	 * @throws IngestBusyException if another instance still holds it after the wait
	 */
	HeldKey hold(String table, String location, String key) {
		String slot = location + '\n' + key;
		CompletableFuture<CommitResult> mine = new CompletableFuture<>();
		while (true) {
			CompletableFuture<CommitResult> first = this.inFlight.putIfAbsent(slot, mine);
			if (first == null) {
				break;
			}
			// the same key is held by another request of this instance: wait for it, then look again
			try {
				first.join();
			}
			catch (CompletionException ex) {
				// the first attempt failed: this one may write the key
			}
		}
		try {
			claimWithin(table, key);
		}
		catch (RuntimeException ex) {
			this.inFlight.remove(slot, mine);
			mine.completeExceptionally(ex);
			throw ex;
		}
		return new HeldKey(table, key, () -> {
			this.claims.release(table, key);
			this.inFlight.remove(slot, mine);
		}, mine);
	}

	private void claimWithin(String table, String key) {
		long deadline = System.nanoTime() + this.claimWait.toNanos();
		while (!this.claims.claim(table, key)) {
			if (System.nanoTime() > deadline) {
				throw new IngestBusyException(table, "Idempotency-Key '" + key + "' of table '" + table
						+ "' is being committed by another instance; retry after " + this.claims.retryAfter()
								.toSeconds()
						+ " s to get its outcome", this.claims.retryAfter());
			}
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IngestBusyException(table, "Interrupted while waiting for Idempotency-Key '" + key + "'");
			}
		}
	}

}
