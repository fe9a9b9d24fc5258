package io.github.paimonspring.flight;

import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.access.AdminPrincipal;
import org.jspecify.annotations.Nullable;

/**
 * Tells who sends a Flight SQL call from its {@code authorization} header ({@code Bearer <token>}, as ADBC
 * drivers send it with {@code adbc.flight.sql.rpc.call_header.authorization}).
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface FlightAuthenticator {

	/** The header that carries the credentials. */
	String HEADER = "authorization";

	/** The scheme of the header's value. */
	String BEARER = "Bearer ";

	/**
	 * Authenticates a call.
	 * @param authorization the {@code authorization} header, or {@code null} when the call has none
	 * @return the principal, with its grants
	 * @throws AdminAccessDeniedException ({@link AdminAccessDeniedException#unauthenticated()}) if the header is
	 * missing or its token is not valid
	 */
	AdminPrincipal authenticate(@Nullable String authorization);

	/**
	 * Returns the token of a {@code Bearer} header.
	 * @param authorization the header, or {@code null}
	 * @return the token
	 * @throws AdminAccessDeniedException if there is no bearer token
	 */
	static String bearerToken(@Nullable String authorization) {
		if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
				|| authorization.length() == BEARER.length()) {
			throw AdminAccessDeniedException.unauthenticated();
		}
		return authorization.substring(BEARER.length()).trim();
	}

}
