package io.github.paimonspring.ingest;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.CommitFence;
import io.github.paimonspring.cluster.JdbcConnection;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claims kept in a database table that every instance shares — typically the database of the JDBC
 * catalog — so that one idempotency key sent to two instances at the same moment is written by one of
 * them. A claim is a row ({@code table_name}, {@code idem_key}) with its owner and a lease; it is
 * inserted, or taken over once its lease has run out (the owner crashed), and deleted on release.
 * Uses one connection, serialized; statements are a primary-key insert, update or delete.
 *
 * @since 0.1.0
 */
public final class JdbcKeyClaims implements KeyClaims, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(JdbcKeyClaims.class);

	/** The table that holds the claims. */
	public static final String TABLE = "paimon_ingest_key_claims";

	private final JdbcConnection connection;

	private final Duration lease;

	private final String prefix;

	private final String owner = UUID.randomUUID().toString();

	/**
	 * Creates the claims and their table if it does not exist.
	 * @param url the JDBC URL
	 * @param user the user, or {@code null}
	 * @param password the password, or {@code null}
	 * @param lease how long a claim holds when its owner does not release it
	 */
	public JdbcKeyClaims(String url, @Nullable String user, @Nullable String password, Duration lease) {
		this(url, user, password, lease, "");
	}

	/**
	 * Creates the claims of one catalog and their table if it does not exist: claims of catalogs with
	 * other keys in the same database never meet, even for tables of the same name.
	 * @param url the JDBC URL
	 * @param user the user, or {@code null}
	 * @param password the password, or {@code null}
	 * @param lease how long a claim holds when its owner does not release it
	 * @param catalogKey the catalog's {@code catalog-key}, or empty
	 */
	public JdbcKeyClaims(String url, @Nullable String user, @Nullable String password, Duration lease,
			String catalogKey) {
		this.prefix = catalogKey.isEmpty() ? "" : catalogKey + ".";
		this.connection = new JdbcConnection(url, user, password, "Idempotency key claims in " + TABLE);
		this.lease = lease;
		this.connection.createTable("CREATE TABLE IF NOT EXISTS " + TABLE + " (table_name VARCHAR(512) NOT NULL, "
				+ "idem_key VARCHAR(256) NOT NULL, owner VARCHAR(64) NOT NULL, expires_at TIMESTAMP NOT NULL, "
				+ "PRIMARY KEY (table_name, idem_key))");
	}

	@Override
	public boolean claim(String table, String key) {
		Timestamp now = new Timestamp(System.currentTimeMillis());
		Timestamp expires = new Timestamp(now.getTime() + this.lease.toMillis());
		return this.connection.run(table, (connection) -> {
			try (PreparedStatement take = connection.prepareStatement("UPDATE " + TABLE
					+ " SET owner = ?, expires_at = ? WHERE table_name = ? AND idem_key = ? AND expires_at < ?")) {
				take.setString(1, this.owner);
				take.setTimestamp(2, expires);
				take.setString(3, this.prefix + table);
				take.setString(4, key);
				take.setTimestamp(5, now);
				if (take.executeUpdate() == 1) {
					return true;
				}
			}
			try (PreparedStatement insert = connection.prepareStatement(
					"INSERT INTO " + TABLE + " (table_name, idem_key, owner, expires_at) VALUES (?, ?, ?, ?)")) {
				insert.setString(1, this.prefix + table);
				insert.setString(2, key);
				insert.setString(3, this.owner);
				insert.setTimestamp(4, expires);
				insert.executeUpdate();
				return true;
			}
			catch (SQLException ex) {
				if (JdbcConnection.isDuplicate(ex)) {
					return false; // another instance holds the key
				}
				throw ex;
			}
		});
	}

	@Override
	public void release(String table, String key) {
		try {
			this.connection.run(table, (connection) -> {
				try (PreparedStatement delete = connection
					.prepareStatement("DELETE FROM " + TABLE
							+ " WHERE table_name = ? AND idem_key = ? AND owner = ?")) {
					delete.setString(1, this.prefix + table);
					delete.setString(2, key);
					delete.setString(3, this.owner);
					delete.executeUpdate();
				}
				return true;
			});
		}
		catch (PaimonUnavailableException ex) {
			logger.warn("Cannot release the claim on key '{}' of table '{}'; it ends with its lease: {}", key, table,
					ex.getMessage());
		}
	}

	/**
	 * Refuses the commit when one of the keys is no longer claimed by this instance with a lease that
	 * still holds (a paused instance whose claims ran out).
	 */
	@Override
	public CommitFence holding(String table, Collection<String> keys) {
		if (keys.isEmpty()) {
			return CommitFence.NONE;
		}
		List<String> claimed = List.copyOf(keys);
		return (committing) -> {
			int held = this.connection.run(table, (connection) -> {
				int count = 0;
				try (PreparedStatement select = connection.prepareStatement("SELECT COUNT(*) FROM " + TABLE
						+ " WHERE table_name = ? AND idem_key = ? AND owner = ? AND expires_at > ?")) {
					for (String key : claimed) {
						select.setString(1, this.prefix + table);
						select.setString(2, key);
						select.setString(3, this.owner);
						select.setTimestamp(4, new Timestamp(System.currentTimeMillis()));
						try (ResultSet result = select.executeQuery()) {
							result.next();
							count += result.getInt(1);
						}
					}
				}
				return count;
			});
			if (held != claimed.size()) {
				throw new PaimonUnavailableException(committing, "The claims on " + (claimed.size() - held) + " of "
						+ claimed.size() + " key(s) or channel(s) of table '" + committing
								+ "' ran out before the commit ("
						+ "paimon.ingest.key-claim-lease is " + this.lease
								+ "); nothing was committed, retry the requests",
						null);
			}
		};
	}

	@Override
	public Duration retryAfter() {
		return this.lease;
	}

	@Override
	public void close() {
		this.connection.close();
	}

}
