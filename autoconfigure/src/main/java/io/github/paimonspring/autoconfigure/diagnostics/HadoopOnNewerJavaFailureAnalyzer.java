package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.catalog.HadoopOnNewerJavaException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a catalog whose Hadoop file system cannot start on Java 24 or later ({@link HadoopOnNewerJavaException}):
 * paimon-s3 serving an {@code s3://} warehouse, typically.
 */
public class HadoopOnNewerJavaFailureAnalyzer extends AbstractFailureAnalyzer<HadoopOnNewerJavaException> {

	static final String NEWER_JAVA_FIX = """
			For an s3:// warehouse, add io.github.paimonspring:paimon-spring-boot-s3 to the dependencies and leave
			paimon.s3.enabled at its default (true): its FileIO replaces paimon-s3's Hadoop one on every Java from
			17. Otherwise run this application on Java 23 or earlier.""";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, HadoopOnNewerJavaException cause) {
		return new FailureAnalysis(cause.getMessage(), NEWER_JAVA_FIX, cause);
	}

}
