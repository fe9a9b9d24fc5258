package io.github.paimonspring.admin.access;

import org.jspecify.annotations.Nullable;

/**
 * One state-changing admin request, as the audit trail records it.
 *
 * @param principal the principal's name (a credential's name, or the authenticated user); never a secret
 * @param operation the operation
 * @param table {@code database.table}, or {@code null} when the request named none that exists
 * @param transaction the transaction id, or {@code null}
 * @param channel the channel name, or {@code null}
 * @param outcome {@code succeeded}, {@code denied} (403), or {@code failed}
 * @param status the HTTP status answered
 * @param snapshotId the snapshot the request committed, or {@code null}
 * @param detail why it was denied or failed, or {@code null}
 */
public record AdminAuditEvent(String principal, AdminOperation operation, @Nullable String table,
		@Nullable String transaction, @Nullable String channel, String outcome, int status,
		@Nullable Long snapshotId, @Nullable String detail) {

	/** The outcome of a request answered with a 2xx status. */
	public static final String SUCCEEDED = "succeeded";

	/** The outcome of a request refused for a missing scope. */
	public static final String DENIED = "denied";

	/** The outcome of a request answered with any other status. */
	public static final String FAILED = "failed";

}
