package io.github.paimonspring.flight;

import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminAudit;
import io.github.paimonspring.admin.access.AdminAuditEvent;
import io.github.paimonspring.admin.access.AdminOperation;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import org.jspecify.annotations.Nullable;

/**
 * The admin API's scopes and audit trail for Flight calls: a call is checked before any of its data is read, and
 * every state-changing call leaves one audit event with {@code channel=flight} and the HTTP status the HTTP API
 * answers for the same outcome.
 */
final class FlightAccess {

	/** The {@code channel} of the audit events of Flight calls. */
	static final String CHANNEL = "flight";

	private final AdminAudit audit;

	FlightAccess(AdminAudit audit) {
		this.audit = audit;
	}

	/**
	 * Refuses a call whose principal lacks a scope on a table, recording the refusal.
	 * @param principal the principal
	 * @param operation the operation
	 * @param scope the scope it needs ({@link AdminOperation#scope()}, or admin on another principal's transaction)
	 * @param table the table
	 * @param transaction the transaction, or {@code null}
	 * @param owner the transaction's owner when it is another principal's, or {@code null}
	 */
	void require(AdminPrincipal principal, AdminOperation operation, AdminScope scope, String table,
			@Nullable String transaction, @Nullable String owner) {
		if (principal.allows(scope, table)) {
			return;
		}
		String whose = (owner == null) ? "" : " (the transaction was opened by '" + owner + "')";
		AdminAccessDeniedException denied = new AdminAccessDeniedException(table, "Principal '" + principal.name()
				+ "' may not run '" + operation.id() + "'" + whose + ": it needs scope '" + scope.id()
				+ "' on table '" + table + "'", scope, operation);
		if (operation.changesState()) {
			this.audit.record(new AdminAuditEvent(principal.name(), operation, table, transaction, CHANNEL,
					AdminAuditEvent.DENIED, 403, null, denied.getMessage()));
		}
		throw denied;
	}

	void succeeded(AdminPrincipal principal, AdminOperation operation, @Nullable String table,
			@Nullable String transaction, @Nullable Long snapshotId) {
		this.audit.record(new AdminAuditEvent(principal.name(), operation, table, transaction, CHANNEL,
				AdminAuditEvent.SUCCEEDED, 200, snapshotId, null));
	}

	void failed(AdminPrincipal principal, AdminOperation operation, @Nullable String table,
			@Nullable String transaction, FlightErrors.Refusal refusal) {
		if (refusal.httpStatus() == 403) {
			return; // recorded by require
		}
		this.audit.record(new AdminAuditEvent(principal.name(), operation, table, transaction, CHANNEL,
				AdminAuditEvent.FAILED, refusal.httpStatus(), null, refusal.exception().status().description()));
	}

}
