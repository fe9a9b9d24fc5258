package io.github.paimonspring.cluster;

import java.util.Map;

import org.apache.paimon.catalog.CatalogLock;
import org.apache.paimon.catalog.CatalogLockContext;
import org.apache.paimon.catalog.CatalogLockFactory;
import org.apache.paimon.jdbc.JdbcCatalogLockContext;
import org.apache.paimon.utils.TimeUtils;
import org.jspecify.annotations.Nullable;

/**
 * Paimon's lock factory for {@code lock.type = postgres-session}: table commit locks of a JDBC catalog
 * on PostgreSQL that end with the process holding them ({@link PostgresCommitLock}), on the
 * {@link SessionLocks} this instance registered for the catalog key. Found by Paimon through
 * {@code META-INF/services/org.apache.paimon.factories.Factory}.
 */
public class PostgresCommitLockFactory implements CatalogLockFactory {

	private static final long serialVersionUID = 1L;

	/** The {@code lock.type} of this factory. */
	public static final String IDENTIFIER = "postgres-session";

	/** The catalog option naming the {@link SessionLocks#id() registered session locks} to use. */
	public static final String SESSION_LOCKS_OPTION = "paimon-spring.session-locks";

	@Override
	public String identifier() {
		return IDENTIFIER;
	}

	@Override
	public CatalogLock createLock(CatalogLockContext context) {
		Map<String, String> options = context.options().toMap();
		String catalogKey = (context instanceof JdbcCatalogLockContext jdbc) ? jdbc.catalogKey()
				: options.getOrDefault("catalog-key", "jdbc");
		SessionLocks locks = SessionLocks.forCatalog(options.get(SESSION_LOCKS_OPTION), catalogKey, options.get("uri"),
				options.get("jdbc.user"), options.get("jdbc.password"));
		return new PostgresCommitLock(locks, millis(options.get("lock-acquire-timeout"), 8 * 60_000L),
				millis(options.get("lock-check-max-sleep"), 8_000L));
	}

	private static long millis(@Nullable String value, long defaultMillis) {
		return (value != null) ? TimeUtils.parseDuration(value).toMillis() : defaultMillis;
	}

}
