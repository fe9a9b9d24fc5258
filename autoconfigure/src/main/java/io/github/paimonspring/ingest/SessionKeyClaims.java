package io.github.paimonspring.ingest;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.cluster.SessionLocks;

/**
 * Claims that end with their instance: PostgreSQL session-level advisory locks on this instance's
 * claims session ({@link SessionLocks}). The server releases them the moment the instance dies, and
 * after the session timeout when it is paused; a commit recording a claimed key happens only while the
 * session that took the claim still answers, checked inside the table's commit lock.
 *
 * @since 0.1.0
 */
public final class SessionKeyClaims implements KeyClaims {

	private final SessionLocks locks;

	private final Map<String, Long> epochs = new ConcurrentHashMap<>();

	/**
	 * Creates the claims.
	 * @param locks this instance's session locks
	 */
	public SessionKeyClaims(SessionLocks locks) {
		this.locks = locks;
	}

	@Override
	public boolean claim(String table, String key) {
		String name = name(table, key);
		long epoch = this.locks.claim(name);
		if (epoch < 0) {
			return false;
		}
		this.epochs.put(name, epoch);
		return true;
	}

	@Override
	public void release(String table, String key) {
		String name = name(table, key);
		Long epoch = this.epochs.remove(name);
		if (epoch != null) {
			this.locks.release(name, epoch);
		}
	}

	@Override
	public CommitFence holding(String table, Collection<String> keys) {
		if (keys.isEmpty()) {
			return CommitFence.NONE;
		}
		long[] required = keys.stream().mapToLong((key) -> {
			Long epoch = this.epochs.get(name(table, key));
			return (epoch != null) ? epoch : -1;
		}).distinct().toArray();
		return (committing) -> {
			for (long epoch : required) {
				if (epoch < 0 || !this.locks.holds(epoch)) {
					throw new PaimonUnavailableException(committing, "The claims on " + keys.size()
							+ " key(s) or channel(s) of table '" + committing + "' were lost: this instance's claims "
							+ "session in " + this.locks.location()
									+ " ended (it was paused or cut off for longer than "
							+ this.locks.timeout().toSeconds() + " s, and another instance may have taken them over); "
							+ "nothing was committed, retry the requests", null);
				}
			}
		};
	}

	@Override
	public Duration retryAfter() {
		return this.locks.timeout();
	}

	private static String name(String table, String key) {
		return table + '\n' + key;
	}

}
