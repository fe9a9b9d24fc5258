package io.github.paimonspring.actuate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.jspecify.annotations.Nullable;

/**
 * Reads the commit locks Paimon's JDBC catalog holds for this catalog ({@code paimon_distributed_locks},
 * rows {@code <catalog-key>.<database>.<table>}): a lock that is old and not expiring is the sign of an
 * instance that died inside a commit.
 */
public final class CommitLocks {

	private CommitLocks() {
	}

	/**
	 * A commit lock held now.
	 *
	 * @param table the table, {@code database.table}
	 * @param heldSeconds how long it has been held
	 * @param leaseSeconds its lease ({@code lock-acquire-timeout}); it is released after that at the latest
	 */
	public record CommitLock(String table, long heldSeconds, long leaseSeconds) {
	}

	/**
	 * Returns the locks held now, or {@code null} when the catalog is not a JDBC catalog with the lock
	 * enabled, or the database cannot be read (the health indicator reports that).
	 */
	static @Nullable List<CommitLock> read(Map<String, String> options) {
		String uri = options.get("uri");
		if (!"jdbc".equalsIgnoreCase(options.get("metastore")) || !"true".equalsIgnoreCase(options.get("lock.enabled"))
				|| uri == null || !uri.startsWith("jdbc:")) {
			return null;
		}
		String key = options.getOrDefault("catalog-key", "jdbc");
		Properties credentials = new Properties();
		if (options.get("jdbc.user") != null) {
			credentials.setProperty("user", options.get("jdbc.user"));
		}
		if (options.get("jdbc.password") != null) {
			credentials.setProperty("password", options.get("jdbc.password"));
		}
		List<CommitLock> locks = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection(uri, credentials);
				PreparedStatement select = connection
						.prepareStatement("SELECT lock_id, acquired_at, expire_time_seconds "
						+ "FROM paimon_distributed_locks WHERE lock_id LIKE ?")) {
			select.setString(1, key.replace("_", "\\_").replace("%", "\\%") + ".%");
			try (ResultSet rows = select.executeQuery()) {
				long now = System.currentTimeMillis();
				while (rows.next()) {
					long held = Math.max(0, (now - rows.getTimestamp(2).getTime()) / 1000);
					locks.add(new CommitLock(rows.getString(1).substring(key.length() + 1), held, rows.getLong(3)));
				}
			}
		}
		catch (SQLException ex) {
			return null;
		}
		return locks;
	}

}
