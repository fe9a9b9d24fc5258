package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.autoconfigure.CatalogCreationException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a catalog Paimon could not create ({@link CatalogCreationException}): an unknown metastore, or
 * options the metastore refuses.
 */
public class CatalogCreationFailureAnalyzer extends AbstractFailureAnalyzer<CatalogCreationException> {

	static final String CATALOG_FIX = """
			Set paimon.catalog.metastore to filesystem, jdbc, hive or rest (hive and rest need their Paimon module
			on the class path), and the options that metastore needs under paimon.catalog.options.* (see
			docs/configuration.md).""";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, CatalogCreationException cause) {
		return new FailureAnalysis(cause.getMessage(), CATALOG_FIX, cause);
	}

}
