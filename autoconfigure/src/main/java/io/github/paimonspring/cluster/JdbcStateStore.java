package io.github.paimonspring.cluster;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Map;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;

/**
 * A {@link StateStore} in a table of a database every instance reaches — the JDBC catalog's database:
 * one row per record ({@code kind}, {@code id}, the record as text, the time it was written).
 */
public final class JdbcStateStore implements StateStore, AutoCloseable {

	/** The table that holds the records. */
	public static final String TABLE = "paimon_spring_state";

	private final JdbcConnection connection;

	/**
	 * Creates the store and its table if it does not exist.
	 * @param url the JDBC URL
	 * @param user the user, or {@code null}
	 * @param password the password, or {@code null}
	 */
	public JdbcStateStore(String url, @Nullable String user, @Nullable String password) {
		this.connection = new JdbcConnection(url, user, password, "The shared state in " + TABLE);
		this.connection.createTable("CREATE TABLE IF NOT EXISTS " + TABLE + " (kind VARCHAR(64) NOT NULL, "
				+ "id VARCHAR(256) NOT NULL, data TEXT NOT NULL, updated_at TIMESTAMP NOT NULL, "
				+ "PRIMARY KEY (kind, id))");
	}

	@Override
	public void put(String kind, String id, Map<String, String> fields) {
		String data = Records.format(fields);
		Timestamp now = new Timestamp(System.currentTimeMillis());
		this.connection.run(null, (connection) -> {
			for (int attempt = 0; attempt < 2; attempt++) {
				try (PreparedStatement update = connection
					.prepareStatement("UPDATE " + TABLE + " SET data = ?, updated_at = ? WHERE kind = ? AND id = ?")) {
					update.setString(1, data);
					update.setTimestamp(2, now);
					update.setString(3, kind);
					update.setString(4, id);
					if (update.executeUpdate() == 1) {
						return Boolean.TRUE;
					}
				}
				try (PreparedStatement insert = connection
					.prepareStatement("INSERT INTO " + TABLE + " (kind, id, data, updated_at) VALUES (?, ?, ?, ?)")) {
					insert.setString(1, kind);
					insert.setString(2, id);
					insert.setString(3, data);
					insert.setTimestamp(4, now);
					insert.executeUpdate();
					return Boolean.TRUE;
				}
				catch (SQLException ex) {
					if (!JdbcConnection.isDuplicate(ex)) {
						throw ex;
					}
					// inserted by someone else in between: update it
				}
			}
			throw new SQLException("Record " + kind + "/" + id + " could not be written");
		});
	}

	@Override
	public @Nullable Map<String, String> get(String kind, String id) {
		return this.connection.run(null, (connection) -> {
			try (PreparedStatement select = connection
				.prepareStatement("SELECT data FROM " + TABLE + " WHERE kind = ? AND id = ?")) {
				select.setString(1, kind);
				select.setString(2, id);
				try (ResultSet rows = select.executeQuery()) {
					return rows.next() ? Records.parse(rows.getString(1)) : null;
				}
			}
		});
	}

	@Override
	public Map<String, Map<String, String>> list(String kind) {
		return this.connection.run(null, (connection) -> {
			Map<String, Map<String, String>> records = new TreeMap<>();
			try (PreparedStatement select = connection.prepareStatement("SELECT id, data FROM " + TABLE
					+ " WHERE kind = ?")) {
				select.setString(1, kind);
				try (ResultSet rows = select.executeQuery()) {
					while (rows.next()) {
						records.put(rows.getString(1), Records.parse(rows.getString(2)));
					}
				}
			}
			return records;
		});
	}

	@Override
	public void delete(String kind, String id) {
		this.connection.run(null, (connection) -> {
			try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + TABLE
					+ " WHERE kind = ? AND id = ?")) {
				delete.setString(1, kind);
				delete.setString(2, id);
				delete.executeUpdate();
			}
			return Boolean.TRUE;
		});
	}

	@Override
	public String location() {
		return this.connection.location() + " (table " + TABLE + ")";
	}

	@Override
	public void close() {
		this.connection.close();
	}

}
