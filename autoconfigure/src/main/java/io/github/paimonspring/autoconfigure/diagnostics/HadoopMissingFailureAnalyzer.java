package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.autoconfigure.HadoopMissingException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains a start without the Hadoop client classes Paimon needs, even for a local warehouse
 * ({@link HadoopMissingException}, or Hadoop's {@link NoClassDefFoundError}), and prints the dependencies to add.
 */
public class HadoopMissingFailureAnalyzer implements FailureAnalyzer {

	static final String HADOOP_FIX = """
			Add the shaded Hadoop client to your dependencies (Paimon needs it even for a local warehouse):

			    <dependency>
			        <groupId>org.apache.hadoop</groupId>
			        <artifactId>hadoop-client-api</artifactId>
			        <version>3.4.1</version>
			    </dependency>
			    <dependency>
			        <groupId>org.apache.hadoop</groupId>
			        <artifactId>hadoop-client-runtime</artifactId>
			        <version>3.4.1</version>
			    </dependency>

			The paimon-spring-boot-starter brings both.""";

	/**
	 * Analyzes a start-up failure.
	 * @param failure the failure
	 * @return the analysis, or {@code null} when no Hadoop class was missing
	 */
	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof HadoopMissingException || (cause instanceof NoClassDefFoundError
					&& String.valueOf(cause.getMessage()).contains("org/apache/hadoop"))) {
				return new FailureAnalysis(cause.getMessage(), HADOOP_FIX, cause);
			}
		}
		return null;
	}

}
