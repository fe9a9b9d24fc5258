package io.github.paimonspring.admin.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains an admin API enabled without a token ({@link AdminTokenMissingException}) and prints the fix.
 */
public class AdminFailureAnalyzer implements FailureAnalyzer {

	/**
	 * Analyses a start-up failure.
	 * @param failure the failure
	 * @return the analysis, or {@code null} when the failure is not an admin set-up problem
	 */
	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof AdminTokenMissingException) {
				return new FailureAnalysis(cause.getMessage(), """
						Set a token, for example from an environment variable:

						    paimon.admin.token=${PAIMON_ADMIN_TOKEN}

						or, if the application secures the admin base path itself (for example with Spring Security),
						disable the starter's authentication explicitly:

						    paimon.admin.auth=none""", cause);
			}
		}
		return null;
	}

}
