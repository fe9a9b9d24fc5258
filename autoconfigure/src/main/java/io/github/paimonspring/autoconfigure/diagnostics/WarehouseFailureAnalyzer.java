package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.autoconfigure.WarehouseAccessException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a warehouse that cannot be used ({@link WarehouseAccessException}): a local directory that cannot be
 * created or written, a scheme no file system serves, storage that refused or did not answer. paimon-spring-boot-s3
 * explains an {@code s3://} warehouse's failure itself, before this analyzer.
 */
public class WarehouseFailureAnalyzer extends AbstractFailureAnalyzer<WarehouseAccessException> {

	static final String LOCAL_FIX = """
			Set paimon.catalog.warehouse to a directory this process can create and write (a path or a file:///
			URI), or to the URI of shared storage (s3://bucket/path with paimon-spring-boot-s3). Without it the
			embedded warehouse under java.io.tmpdir is used.""";

	static final String REMOTE_FIX = """
			Check paimon.catalog.warehouse: its scheme must be one a file system on the class path serves
			(s3:// with paimon-spring-boot-s3, hdfs:// with Hadoop's), and its storage must be up and reachable
			from this instance with the options its file system reads under paimon.catalog.options.* (see
			docs/configuration.md).""";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, WarehouseAccessException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.isLocal() ? LOCAL_FIX : REMOTE_FIX, cause);
	}

}
