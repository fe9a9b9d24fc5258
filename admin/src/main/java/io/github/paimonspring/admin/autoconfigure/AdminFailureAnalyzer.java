package io.github.paimonspring.admin.autoconfigure;

import io.github.paimonspring.admin.access.AdminCredentialsException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Explains an admin API enabled without a credential ({@link AdminTokenMissingException}) or with invalid ones
 * ({@link AdminCredentialsException}) and prints the fix.
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

						or scoped credentials with the SHA-256 of their tokens (printf %s "$TOKEN" | sha256sum):

						    paimon.admin.credentials.gateway.token-hashes=sha256:<64 hex digits>
						    paimon.admin.credentials.gateway.scopes=ingest
						    paimon.admin.credentials.gateway.tables=shop.*

						or a credentials file with such entries, re-read when it changes:

						    paimon.admin.credentials-file=/etc/paimon/credentials.yml

						or let the application's Spring Security authenticate (the default when Spring Security
						is on the class path; the scopes come from the authorities, for example from a JWT's
						scope paimon:ingest:shop.*):

						    paimon.admin.auth=spring-security

						or, if the application secures the admin base path itself, disable the starter's authentication:

						    paimon.admin.auth=none""", cause);
			}
			if (cause instanceof AdminCredentialsException) {
				return new FailureAnalysis(cause.getMessage(), """
						Fix the property (or the credentials file) the message names. A token hash is
						sha256:<64 lowercase hex digits>, the SHA-256 of the UTF-8 token:

						    printf %s "$TOKEN" | sha256sum

						scopes are read, ingest, maintain and admin, and table patterns *, <database>.* or
						<database>.<table> (see docs/rest-api.md, Credentials).""", cause);
			}
		}
		return null;
	}

}
