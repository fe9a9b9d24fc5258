package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.catalog.TableDefinitionException;
import io.github.paimonspring.catalog.TableMismatchException;
import io.github.paimonspring.catalog.TableNotFoundException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains a table of {@code paimon.tables} that could not be provided at start-up: an invalid declaration, a
 * table that differs from it or does not exist, or a catalog that could not be reached while the table was
 * provisioned.
 */
public class TableDeclarationFailureAnalyzer implements FailureAnalyzer {

	static final String DECLARATION_FIX = """
			Fix the table declaration under paimon.tables: the message names the property. Column types are Paimon
			SQL types, for example BIGINT NOT NULL, STRING, DECIMAL(10, 2), TIMESTAMP(6), ARRAY<STRING> or
			MAP<STRING, INT> (see docs/configuration.md).""";

	/**
	 * Analyzes a start-up failure.
	 * @param failure the failure
	 * @return the analysis, or {@code null} when no declared table failed
	 */
	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if ((cause instanceof TableDefinitionException || cause instanceof TableNotFoundException)
					&& PaimonUnavailableException.isUnavailable(cause)) {
				return new FailureAnalysis(cause.getMessage(), """
						The catalog or the warehouse could not be reached while the table was provisioned. Check
						that the catalog database (paimon.catalog.options.uri) and the storage
						(paimon.catalog.warehouse) are up and reachable from this instance, then start it
						again.""", cause);
			}
			if (cause instanceof TableMismatchException) {
				return new FailureAnalysis(cause.getMessage(),
						"Fix the table declaration under paimon.tables, or change the existing table to match it.",
						cause);
			}
			if (cause instanceof TableNotFoundException) {
				return new FailureAnalysis(cause.getMessage(),
						"Create the table, or declare it under paimon.tables with create-if-missing=true and its "
								+ "columns.",
						cause);
			}
			if (cause instanceof TableDefinitionException) {
				return new FailureAnalysis(cause.getMessage(), DECLARATION_FIX, cause);
			}
		}
		return null;
	}

}
