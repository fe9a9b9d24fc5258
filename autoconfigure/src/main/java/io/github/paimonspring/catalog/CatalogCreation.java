package io.github.paimonspring.catalog;

import java.sql.SQLException;
import java.util.Set;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates a Paimon catalog, also when several instances start at the same moment on a database that
 * has no catalog tables yet: Paimon's JDBC catalog creates its tables with {@code CREATE TABLE IF NOT
 * EXISTS}, which PostgreSQL refuses for all but one of concurrent sessions (a unique violation in its
 * system catalog). A creation that failed that way is tried again, a few times, after a short pause;
 * every other failure is thrown at once.
 */
public final class CatalogCreation {

	/** How many times a creation that lost the race is tried in all. */
	static final int ATTEMPTS = 5;

	/** PostgreSQL's {@code unique_violation}, {@code duplicate_table} and {@code duplicate_object}. */
	private static final Set<String> LOST_RACE = Set.of("23505", "42P07", "42710");

	private static final Logger logger = LoggerFactory.getLogger(CatalogCreation.class);

	private CatalogCreation() {
	}

	/**
	 * Creates the catalog.
	 * @param context the catalog's options
	 * @return the catalog
	 */
	public static Catalog create(CatalogContext context) {
		NameResolver.load();
		for (int attempt = 1;; attempt++) {
			try {
				return CatalogFactory.createCatalog(context);
			}
			catch (RuntimeException ex) {
				if (isHadoopOnNewerJava(ex)) {
					throw new HadoopOnNewerJavaException(ex);
				}
				if (attempt >= ATTEMPTS || !lostInitializationRace(ex)) {
					throw ex;
				}
				logger
						.info("Creating the Paimon catalog raced another instance creating its tables (attempt {} of "
								+ "{}); "
						+ "trying again: {}", attempt, ATTEMPTS, ex.getMessage());
				pause(attempt);
			}
		}
	}

	/**
	 * Whether a failure is Hadoop's security code on a Java without {@code Subject.getSubject}.
	 * @param failure the failure
	 * @return whether no retry or configuration can help on this Java
	 */
	public static boolean isHadoopOnNewerJava(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			if (cause instanceof UnsupportedOperationException && cause.getStackTrace().length > 0
					&& "getSubject".equals(cause.getStackTrace()[0].getMethodName())) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether a failure is a concurrent creation of the same catalog tables.
	 * @param failure the failure
	 * @return whether trying again may succeed
	 */
	static boolean lostInitializationRace(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			if (cause instanceof SQLException sql && sql.getSQLState() != null
					&& LOST_RACE.contains(sql.getSQLState())) {
				return true;
			}
		}
		return false;
	}

	private static void pause(int attempt) {
		try {
			Thread.sleep(50L * attempt);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while creating the Paimon catalog", ex);
		}
	}

}
