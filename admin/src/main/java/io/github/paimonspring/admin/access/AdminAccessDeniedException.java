package io.github.paimonspring.admin.access;

import io.github.paimonspring.PaimonException;
import org.jspecify.annotations.Nullable;

/**
 * An admin request its principal may not make (403), or one without a principal where one is required (401).
 * The message names the principal, the operation, the scope and the table, never a credential.
 */
public class AdminAccessDeniedException extends PaimonException {

	private static final long serialVersionUID = 1L;

	private final @Nullable AdminScope scope;

	private final @Nullable String operation;

	/**
	 * Creates the refusal of an authenticated request.
	 * @param table the table, or {@code null} for an operation on no table
	 * @param message what was missing
	 * @param scope the scope that was missing
	 * @param operation the operation
	 */
	public AdminAccessDeniedException(@Nullable String table, String message, AdminScope scope,
			AdminOperation operation) {
		super(table, message);
		this.scope = scope;
		this.operation = operation.id();
	}

	private AdminAccessDeniedException(String message) {
		super(null, message);
		this.scope = null;
		this.operation = null;
	}

	/**
	 * Creates the refusal of a request nobody authenticated.
	 * @return the refusal (401)
	 */
	public static AdminAccessDeniedException unauthenticated() {
		return new AdminAccessDeniedException("The request is not authenticated; the admin API needs a principal "
				+ "with a paimon scope (see docs/rest-api.md, Security)");
	}

	/**
	 * Whether the request had no principal (401) rather than too few rights (403).
	 * @return {@code true} for a request nobody authenticated
	 */
	public boolean isUnauthenticated() {
		return this.scope == null;
	}

	/**
	 * The scope that was missing.
	 * @return the scope, or {@code null} for an unauthenticated request
	 */
	public @Nullable AdminScope getScope() {
		return this.scope;
	}

	/**
	 * The operation refused.
	 * @return its id, or {@code null} for an unauthenticated request
	 */
	public @Nullable String getOperation() {
		return this.operation;
	}

}
