package io.github.paimonspring.admin.autoconfigure;

import io.github.paimonspring.admin.access.AdminCredentialsException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains invalid admin credentials ({@link AdminCredentialsException}): a value of
 * {@code paimon.admin.credentials.<name>.*} or an entry of {@code paimon.admin.credentials-file} that is not valid,
 * named by the message.
 */
public class AdminCredentialsFailureAnalyzer extends AbstractFailureAnalyzer<AdminCredentialsException> {

	static final String CREDENTIALS_FIX = """
			Fix the property the description names (paimon.admin.credentials.<name>.token-hashes, .scopes or
			.tables), or the file of paimon.admin.credentials-file or its entries. A token hash is
			sha256:<64 lowercase hex digits>, the SHA-256 of the UTF-8 token:

			    printf %s "$TOKEN" | sha256sum

			scopes are read, ingest, maintain and admin, and table patterns *, <database>.* or
			<database>.<table> (see docs/rest-api.md, Credentials).""";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AdminCredentialsException cause) {
		return new FailureAnalysis(cause.getMessage(), CREDENTIALS_FIX, cause);
	}

}
