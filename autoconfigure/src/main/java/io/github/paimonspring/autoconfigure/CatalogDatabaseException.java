package io.github.paimonspring.autoconfigure;

import java.sql.SQLException;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * The database of a JDBC catalog ({@code paimon.catalog.metastore=jdbc}) cannot be used, found at start-up: no
 * {@code uri} is set, or the database does not exist, refuses the user or cannot be reached.
 *
 * @since 0.1.0
 */
public class CatalogDatabaseException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final @Nullable String url;

	private final @Nullable String sqlState;

	/**
	 * Creates the exception for a database that failed.
	 * @param url the JDBC URL (only its part before any parameters is shown, as these may hold a password)
	 * @param user the user, or {@code null}
	 * @param cause the failure, with a {@link SQLException} among its causes
	 */
	public CatalogDatabaseException(String url, @Nullable String user, Throwable cause) {
		super(null, "Cannot use the JDBC catalog's database " + location(url)
				+ ((user != null) ? " as user '" + user + "'" : " (no user set)") + ": " + sqlMessage(cause), cause);
		this.url = location(url);
		SQLException sql = sqlException(cause);
		this.sqlState = (sql != null) ? sql.getSQLState() : null;
	}

	/**
	 * Creates the exception for a JDBC catalog without a database.
	 * @param message what is missing
	 */
	public CatalogDatabaseException(String message) {
		super(null, message);
		this.url = null;
		this.sqlState = null;
	}

	/**
	 * Returns the JDBC URL, without its parameters.
	 * @return the URL, or {@code null} when none is set
	 */
	public @Nullable String getUrl() {
		return this.url;
	}

	/**
	 * Returns the SQL state of the database's answer.
	 * @return for example {@code 3D000} (no such database) or {@code 28P01} (wrong password), or {@code null}
	 */
	public @Nullable String getSqlState() {
		return this.sqlState;
	}

	/**
	 * Returns whether a failure has a {@link SQLException} among its causes.
	 * @param failure the failure
	 * @return whether the database failed it
	 */
	public static boolean isDatabaseFailure(Throwable failure) {
		return sqlException(failure) != null;
	}

	private static @Nullable SQLException sqlException(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			if (cause instanceof SQLException sql) {
				return sql;
			}
		}
		return null;
	}

	private static String sqlMessage(Throwable failure) {
		SQLException sql = sqlException(failure);
		return String.valueOf(((sql != null) ? sql : failure).getMessage());
	}

	private static String location(String url) {
		return url.replaceAll("\\?.*", "");
	}

}
