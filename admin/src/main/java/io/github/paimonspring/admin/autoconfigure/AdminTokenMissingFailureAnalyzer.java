package io.github.paimonspring.admin.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an admin API enabled without a credential ({@link AdminTokenMissingException}) and prints the ways to
 * give one.
 */
public class AdminTokenMissingFailureAnalyzer extends AbstractFailureAnalyzer<AdminTokenMissingException> {

	static final String TOKEN_FIX = """
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

			    paimon.admin.auth=none""";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AdminTokenMissingException cause) {
		return new FailureAnalysis(cause.getMessage(), TOKEN_FIX, cause);
	}

}
