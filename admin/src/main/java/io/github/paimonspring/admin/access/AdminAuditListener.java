package io.github.paimonspring.admin.access;

/**
 * Told of every audit event after it is logged (the Micrometer counter is one); a bean of this type joins the
 * audit trail.
 */
@FunctionalInterface
public interface AdminAuditListener {

	/**
	 * Receives an event.
	 * @param event the event
	 */
	void audited(AdminAuditEvent event);

}
