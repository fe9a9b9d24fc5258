package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.autoconfigure.CatalogDatabaseException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a JDBC catalog whose database cannot be used ({@link CatalogDatabaseException}), with the property to
 * change for what the database answered: no such database, a user it refuses, no answer.
 */
public class CatalogDatabaseFailureAnalyzer extends AbstractFailureAnalyzer<CatalogDatabaseException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, CatalogDatabaseException cause) {
		return new FailureAnalysis(cause.getMessage(), action(cause), cause);
	}

	static String action(CatalogDatabaseException cause) {
		String state = String.valueOf(cause.getSqlState());
		if (cause.getUrl() == null) {
			return """
					Set paimon.catalog.options.uri to the JDBC URL of the catalog's database, for example
					jdbc:postgresql://db:5432/paimon, with paimon.catalog.options.jdbc.user and
					paimon.catalog.options.jdbc.password; or set paimon.catalog.metastore=filesystem.""";
		}
		if (state.equals("3D000")) {
			return """
					Create the database (the JDBC catalog creates its tables in it, not the database itself), or set
					paimon.catalog.options.uri to a database that exists.""";
		}
		if (state.startsWith("28")) {
			return """
					Set paimon.catalog.options.jdbc.user and paimon.catalog.options.jdbc.password to a user the
					database accepts.""";
		}
		if (state.startsWith("08")) {
			return """
					Check the host and port of paimon.catalog.options.uri, that the database is up and reachable from
					this instance, and that its JDBC driver is on the class path.""";
		}
		return """
				Check paimon.catalog.options.uri, paimon.catalog.options.jdbc.user and
				paimon.catalog.options.jdbc.password, and that this user may create tables in the database.""";
	}

}
