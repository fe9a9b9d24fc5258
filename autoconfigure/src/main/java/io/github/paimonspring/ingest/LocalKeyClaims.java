package io.github.paimonspring.ingest;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Claims held in this JVM: enough for a single instance (a crash releases every claim with the
 * process). Instances that share a table need shared claims, such as {@link JdbcKeyClaims}.
 *
 * @since 0.1.0
 */
public final class LocalKeyClaims implements KeyClaims {

	private final Set<String> claimed = ConcurrentHashMap.newKeySet();

	@Override
	public boolean claim(String table, String key) {
		return this.claimed.add(table + '\n' + key);
	}

	@Override
	public void release(String table, String key) {
		this.claimed.remove(table + '\n' + key);
	}

}
