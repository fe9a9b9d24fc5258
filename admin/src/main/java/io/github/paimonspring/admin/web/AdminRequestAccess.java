package io.github.paimonspring.admin.web;

import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * What one admin request may do and what it did, for its checks and its audit event: the principal (or, when
 * the starter authenticates nobody, the application's user name), the operation, its table, transaction and
 * channel, and the snapshot it committed. Kept as a request attribute by {@link AdminAccessInterceptor}.
 */
public final class AdminRequestAccess {

	static final String ATTRIBUTE = AdminRequestAccess.class.getName();

	private final @Nullable AdminPrincipal principal;

	private final String principalName;

	private AdminOperation operation;

	private final @Nullable String table;

	private @Nullable String transaction;

	private final @Nullable String channel;

	private @Nullable Long snapshotId;

	private @Nullable String refusal;

	AdminRequestAccess(@Nullable AdminPrincipal principal, String principalName, AdminOperation operation,
			@Nullable String table, @Nullable String transaction, @Nullable String channel) {
		this.principal = principal;
		this.principalName = principalName;
		this.operation = operation;
		this.table = table;
		this.transaction = transaction;
		this.channel = channel;
	}

	/**
	 * The access of a request the interceptor checked.
	 * @param request the request
	 * @return its access, or {@code null} if no admin operation was checked
	 */
	public static @Nullable AdminRequestAccess of(HttpServletRequest request) {
		return (request.getAttribute(ATTRIBUTE) instanceof AdminRequestAccess access) ? access : null;
	}

	/**
	 * The owner a transaction or channel the request opens gets.
	 * @return the principal's name, or {@code null} when the starter authenticates nobody
	 */
	public @Nullable String owner() {
		return (this.principal != null) ? this.principal.name() : null;
	}

	/**
	 * Requires the principal to hold another operation's scope on the request's table, for what only the body
	 * tells (a transaction with {@code overwrite}); the audit event then names that operation.
	 * @param required the operation
	 * @param table {@code database.table}
	 * @throws AdminAccessDeniedException if the principal does not hold it
	 */
	public void require(AdminOperation required, String table) {
		// the audit event names what was asked for, allowed or refused
		this.operation = required;
		if (this.principal != null && !this.principal.allows(required.scope(), table)) {
			AdminAccessDeniedException denied = AdminAccessInterceptor.denied(this.principal, required,
					required.scope(), table, null);
			this.refusal = denied.getMessage();
			throw denied;
		}
	}

	/** Why {@link #require} refused the request, for its audit event; {@code null} when it did not. */
	@Nullable String refusal() {
		return this.refusal;
	}

	/**
	 * Whether the principal may read a table (lists are narrowed to these).
	 * @param table {@code database.table}
	 * @return {@code true} if it may, or when the starter authenticates nobody
	 */
	public boolean mayRead(String table) {
		return this.principal == null || this.principal.allows(AdminScope.READ, table);
	}

	@Nullable AdminPrincipal principal() {
		return this.principal;
	}

	String principalName() {
		return this.principalName;
	}

	AdminOperation operation() {
		return this.operation;
	}

	@Nullable String table() {
		return this.table;
	}

	@Nullable String transaction() {
		return this.transaction;
	}

	@Nullable String channel() {
		return this.channel;
	}

	@Nullable Long snapshotId() {
		return this.snapshotId;
	}

	void answered(@Nullable String transaction, @Nullable Long snapshotId) {
		if (transaction != null) {
			this.transaction = transaction;
		}
		if (snapshotId != null) {
			this.snapshotId = snapshotId;
		}
	}

}
