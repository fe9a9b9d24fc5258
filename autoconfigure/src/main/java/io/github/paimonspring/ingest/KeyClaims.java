package io.github.paimonspring.ingest;

import java.time.Duration;
import java.util.Collection;

import io.github.paimonspring.catalog.CommitFence;

/**
 * Claims on idempotency keys and channels, so that one key is written by at most one request at a
 * time — in this instance, or in every instance that shares the claims. A request claims its key before
 * it looks the key up and writes, and releases the claim after its commit succeeded or failed; the
 * commit itself happens only while the claim is still held ({@link #holding}). How a claim of an
 * instance that died or was paused ends depends on the implementation.
 *
 * @since 0.1.0
 */
public interface KeyClaims {

	/**
	 * Claims a key for one request.
	 * @param table the table identifier
	 * @param key the idempotency key
	 * @return {@code true} when the caller owns the key now, {@code false} when another request does
	 * @throws io.github.paimonspring.PaimonUnavailableException if the shared store of claims cannot
	 * be reached (retry later)
	 */
	boolean claim(String table, String key);

	/**
	 * Releases a key the caller claimed. Never throws: a claim that cannot be released (the shared
	 * store is unreachable) ends as the implementation's claims of a dead instance do.
	 * @param table the table identifier
	 * @param key the idempotency key
	 */
	void release(String table, String key);

	/**
	 * Returns a fence for a commit that records keys this instance claimed: it refuses the commit once
	 * the claims may have passed to another instance (a paused instance whose claims ended).
	 * @param table the table identifier
	 * @param keys the claimed keys the commit records
	 * @return the fence; {@link CommitFence#NONE} where claims cannot be lost while held
	 */
	default CommitFence holding(String table, Collection<String> keys) {
		return CommitFence.NONE;
	}

	/**
	 * Returns how long a claim held by another instance may take to end at the latest: its holder
	 * commits or fails long before unless it was paused.
	 * @return the time after which a refused request should be retried
	 */
	default Duration retryAfter() {
		return Duration.ofSeconds(1);
	}

}
