package io.github.paimonspring.admin.web;

import io.github.paimonspring.admin.access.AdminPrincipal;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * Tells who sent an admin request: the starter's bearer credentials, or Spring Security's
 * {@code Authentication} when the application uses Spring Security.
 */
@FunctionalInterface
public interface AdminPrincipals {

	/** The request attribute under which the starter's bearer authentication leaves the principal. */
	String ATTRIBUTE = AdminPrincipal.class.getName();

	/** The principals of the starter's bearer authentication: the request attribute {@link #ATTRIBUTE}. */
	AdminPrincipals BEARER = (request) -> (request.getAttribute(ATTRIBUTE) instanceof AdminPrincipal principal)
			? principal : null;

	/**
	 * Returns the principal of a request.
	 * @param request the request
	 * @return the principal, or {@code null} if the request is not authenticated
	 */
	@Nullable AdminPrincipal principal(HttpServletRequest request);

}
