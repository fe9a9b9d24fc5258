package io.github.paimonspring.admin.autoconfigure;

import io.github.paimonspring.PaimonException;

/**
 * The admin REST API is enabled with bearer authentication but no credential is configured: neither a token,
 * nor scoped credentials, nor a credentials file.
 */
public class AdminTokenMissingException extends PaimonException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the exception.
	 */
	public AdminTokenMissingException() {
		super(null, "paimon.admin.enabled=true requires paimon.admin.token, paimon.admin.credentials.<name>.* or "
				+ "paimon.admin.credentials-file (every admin request must send 'Authorization: Bearer <token>'), "
				+ "unless paimon.admin.auth=spring-security (the application's Spring Security authenticates) or "
				+ "paimon.admin.auth=none is set");
	}

}
