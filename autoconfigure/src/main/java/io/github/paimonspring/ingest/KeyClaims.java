package io.github.paimonspring.ingest;

/**
 * Claims on idempotency keys, so that one key is written by at most one request at a time — in this
 * instance, or in every instance that shares the claims. A request claims its key before it looks the
 * key up and writes, and releases the claim after its commit succeeded or failed; a claim of a crashed
 * instance ends when its lease runs out.
 */
public interface KeyClaims {

	/**
	 * Claims a key for one request.
	 * @param table the table identifier
	 * @param key the idempotency key
	 * @return {@code true} when the caller owns the key now, {@code false} when another request does
	 * @throws io.github.paimonspring.write.PaimonUnavailableException if the shared store of claims cannot
	 * be reached (retry later)
	 */
	boolean claim(String table, String key);

	/**
	 * Releases a key the caller claimed. Never throws: a claim that cannot be released (the shared
	 * store is unreachable) ends with its lease.
	 * @param table the table identifier
	 * @param key the idempotency key
	 */
	void release(String table, String key);

}
