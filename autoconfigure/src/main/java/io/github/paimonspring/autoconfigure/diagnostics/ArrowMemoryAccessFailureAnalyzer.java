package io.github.paimonspring.autoconfigure.diagnostics;

import io.github.paimonspring.autoconfigure.ArrowMemoryAccessException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains a JVM started without {@code --add-opens=java.base/java.nio=ALL-UNNAMED}, in which Apache Arrow cannot
 * access direct memory ({@link ArrowMemoryAccessException}, or Arrow's own failure), and prints the flag and where
 * to put it.
 */
public class ArrowMemoryAccessFailureAnalyzer implements FailureAnalyzer {

	static final String ARROW_FIX = """
			Start the JVM with %s, for example:

			    java %s -jar app.jar
			    export JDK_JAVA_OPTIONS="%s"

			In Maven, add it to the surefire argLine and to spring-boot:run's jvmArguments; for an executable jar,
			add the manifest entry 'Add-Opens: java.base/java.nio'.""".formatted(ArrowMemoryAccessException.ADD_OPENS,
			ArrowMemoryAccessException.ADD_OPENS, ArrowMemoryAccessException.ADD_OPENS);

	/**
	 * Analyzes a start-up failure.
	 * @param failure the failure
	 * @return the analysis, or {@code null} when Arrow's memory access did not fail
	 */
	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof ArrowMemoryAccessException || isArrowMemoryFailure(cause)) {
				return new FailureAnalysis(cause.getMessage(), ARROW_FIX, cause);
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
