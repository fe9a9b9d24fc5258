package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.autoconfigure.ArrowMemoryAccessException;
import io.github.paimonspring.autoconfigure.HadoopMissingException;
import io.github.paimonspring.catalog.TableDefinitionException;
import io.github.paimonspring.catalog.TableMismatchException;
import io.github.paimonspring.catalog.TableNotFoundException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains the classic Paimon start-up failures and prints the exact fix: Arrow without
 * {@code --add-opens}, missing Hadoop classes, and invalid {@code paimon.tables} declarations.
 */
public class PaimonFailureAnalyzer implements FailureAnalyzer {

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

	static final String ARROW_FIX = """
			Start the JVM with %s, for example:

			    java %s -jar app.jar
			    export JDK_JAVA_OPTIONS="%s"

			In Maven, add it to the surefire argLine and to spring-boot:run's jvmArguments; for an executable jar,
			add the manifest entry 'Add-Opens: java.base/java.nio'.""".formatted(ArrowMemoryAccessException.ADD_OPENS,
			ArrowMemoryAccessException.ADD_OPENS, ArrowMemoryAccessException.ADD_OPENS);

	static final String DECLARATION_FIX = """
			Fix the table declaration under paimon.tables: the message names the property. Column types are Paimon
			SQL types, for example BIGINT NOT NULL, STRING, DECIMAL(10, 2), TIMESTAMP(6), ARRAY<STRING> or
			MAP<STRING, INT> (see docs/configuration.md).""";

	/**
	 * Analyzes a start-up failure.
	 * @param failure the failure
	 * @return the analysis, or {@code null} when the failure is not a Paimon set-up problem
	 */
	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof HadoopMissingException || (cause instanceof NoClassDefFoundError
					&& String.valueOf(cause.getMessage()).contains("org/apache/hadoop"))) {
				return new FailureAnalysis(cause.getMessage(), HADOOP_FIX, cause);
			}
			if (cause instanceof ArrowMemoryAccessException || isArrowMemoryFailure(cause)) {
				return new FailureAnalysis(cause.getMessage(), ARROW_FIX, cause);
			}
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

	private static boolean isArrowMemoryFailure(Throwable cause) {
		String message = String.valueOf(cause.getMessage());
		return (cause instanceof UnsupportedOperationException
				&& message.contains("sun.misc.Unsafe or java.nio.DirectByteBuffer"))
				|| message.contains("Failed to initialize MemoryUtil");
	}

}
