package io.github.paimonspring.cluster;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import io.github.paimonspring.PaimonUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * One JDBC connection to the database the instances share (typically the JDBC catalog's), used
 * serially: each unit of work runs on it in auto-commit mode, and a connection that broke is opened
 * again once. A database that cannot be reached fails the work with a retryable
 * {@link PaimonUnavailableException}.
 */
public final class JdbcConnection implements AutoCloseable {

	private final String url;

	private final Properties credentials = new Properties();

	private final String purpose;

	private @Nullable Connection connection;

	/**
	 * Creates the connection (opened on first use).
	 * @param url the JDBC URL
	 * @param user the user, or {@code null}
	 * @param password the password, or {@code null}
	 * @param purpose what the connection is for, in error messages (for example the table it uses)
	 */
	public JdbcConnection(String url, @Nullable String user, @Nullable String password, String purpose) {
		this.url = url;
		this.purpose = purpose;
		if (user != null) {
			this.credentials.setProperty("user", user);
		}
		if (password != null) {
			this.credentials.setProperty("password", password);
		}
	}

	/**
	 * Work to run on the connection.
	 * @param <T> the result
	 */
	@FunctionalInterface
	public interface Work<T extends @Nullable Object> {

		/**
		 * Runs the work.
		 * @param connection the open connection
		 * @return the result
		 * @throws SQLException if a statement fails
		 */
		T apply(Connection connection) throws SQLException;

	}

	/**
	 * Runs work on the connection, reconnecting once if the connection broke.
	 * @param <T> the result
	 * @param table the Paimon table the work is for, or {@code null}, for the exception
	 * @param work the work
	 * @return the result of the work
	 * @throws PaimonUnavailableException if the database cannot be reached or the work keeps failing
	 */
	public synchronized <T extends @Nullable Object> T run(@Nullable String table, Work<T> work) {
		for (int attempt = 1;; attempt++) {
			try {
				if (this.connection == null || this.connection.isClosed()) {
					this.connection = DriverManager.getConnection(this.url, this.credentials);
					this.connection.setAutoCommit(true);
				}
				return work.apply(this.connection);
			}
			catch (SQLException ex) {
				closeConnection();
				if (attempt == 2) {
					throw new PaimonUnavailableException(table, this.purpose + " at " + location() + " failed: "
							+ ex.getMessage() + "; retry later", ex);
				}
			}
		}
	}

	/**
	 * Creates a table if it does not exist, tolerating another instance creating it at the same time.
	 * @param ddl the {@code CREATE TABLE IF NOT EXISTS} statement
	 */
	public void createTable(String ddl) {
		run(null, (connection) -> {
			try (Statement statement = connection.createStatement()) {
				statement.execute(ddl);
			}
			catch (SQLException ex) {
				if (!isDuplicate(ex) && !"42P07".equals(ex.getSQLState())) {
					throw ex;
				}
			}
			return Boolean.TRUE;
		});
	}

	/**
	 * Returns whether a statement failed because a row with its key exists (SQL state class 23).
	 * @param ex the failure
	 * @return whether it is a duplicate key
	 */
	public static boolean isDuplicate(SQLException ex) {
		return ex.getSQLState() != null && ex.getSQLState().startsWith("23");
	}

	/**
	 * Returns the URL without its parameters, for messages.
	 * @return the location
	 */
	public String location() {
		return this.url.replaceAll("\\?.*", "");
	}

	private void closeConnection() {
		if (this.connection != null) {
			try {
				this.connection.close();
			}
			catch (SQLException ex) {
				// already broken
			}
			this.connection = null;
		}
	}

	@Override
	public synchronized void close() {
		closeConnection();
	}

}
