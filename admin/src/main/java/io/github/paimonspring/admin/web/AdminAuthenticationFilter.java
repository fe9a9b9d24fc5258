package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Principal;
import java.util.Collection;
import java.util.List;

import io.github.paimonspring.admin.access.AdminPrincipal;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bearer authentication of the admin API and of the other paths that reveal its state (the
 * {@code paimon} and {@code metrics} actuator endpoints, the OpenAPI documents).
 * <p>
 * A request to a protected path without {@code Authorization: Bearer <token>} is answered 401 with
 * {@code application/problem+json} before its body is read. Any request that carries the valid token
 * continues with a {@link #PRINCIPAL_NAME principal} in the role {@link #ROLE}, so Boot's
 * {@code management.endpoint.health.show-details=when-authorized} shows it the health details.
 * Requests to other paths without the token pass unchanged. Tokens are compared in constant time.
 */
public class AdminAuthenticationFilter extends OncePerRequestFilter {

	/** The name of the principal of requests that carry the token. */
	public static final String PRINCIPAL_NAME = "paimon-admin";

	/** The role of the principal of requests that carry the token. */
	public static final String ROLE = "PAIMON_ADMIN";

	private static final Principal PRINCIPAL = () -> PRINCIPAL_NAME;

	private final byte[] expected;

	private final List<String> protectedPaths;

	/**
	 * Creates a filter that requires the token on every request it sees.
	 * @param token the token requests must send
	 */
	public AdminAuthenticationFilter(String token) {
		this(token, List.of("/"));
	}

	/**
	 * Creates a filter that requires the token on some paths and authenticates it on all.
	 * @param token the token requests must send
	 * @param protectedPaths paths within the application that require the token: a path ({@code /paimon})
	 * protects itself and everything below it, a path ending with {@code *} ({@code /v3/api-docs*})
	 * every path that starts with it, {@code /} everything
	 */
	public AdminAuthenticationFilter(String token, Collection<String> protectedPaths) {
		this.expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
		this.protectedPaths = List.copyOf(protectedPaths);
	}

	/**
	 * Returns the paths that require the token.
	 * @return the paths, as given to the constructor
	 */
	public List<String> getProtectedPaths() {
		return this.protectedPaths;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader("Authorization");
		if (header != null && MessageDigest.isEqual(this.expected, header.getBytes(StandardCharsets.UTF_8))) {
			request.setAttribute(AdminPrincipals.ATTRIBUTE, AdminPrincipal.unrestricted(PRINCIPAL_NAME));
			chain.doFilter(new AuthenticatedRequest(request), response);
			return;
		}
		if (!isProtected(request)) {
			chain.doFilter(request, response);
			return;
		}
		String detail = (header == null)
				? "Missing Authorization header; send 'Authorization: Bearer <paimon.admin.token>'"
				: "Invalid bearer token";
		response.setHeader("WWW-Authenticate", "Bearer realm=\"paimon-admin\"");
		AdminProblem.of(HttpServletResponse.SC_UNAUTHORIZED, "unauthorized", "Unauthorized", detail,
				request.getRequestURI())
			.writeTo(response);
	}

	/**
	 * Whether a request needs the token. The container's decoded and normalized path is checked, both
	 * whole and, for a servlet mapped under a prefix, below that prefix.
	 */
	private boolean isProtected(HttpServletRequest request) {
		String servletPath = (request.getServletPath() != null) ? request.getServletPath() : "";
		String pathInfo = request.getPathInfo();
		String path = servletPath + ((pathInfo != null) ? pathInfo : "");
		if (path.isEmpty()) {
			path = "/";
		}
		return isProtected(path) || (pathInfo != null && isProtected(pathInfo));
	}

	boolean isProtected(String path) {
		for (String candidate : this.protectedPaths) {
			if (candidate.equals("/")) {
				return true;
			}
			if (candidate.endsWith("*")) {
				if (path.startsWith(candidate.substring(0, candidate.length() - 1))) {
					return true;
				}
			}
			else if (path.equals(candidate) || path.startsWith(candidate + "/")) {
				return true;
			}
		}
		return false;
	}

	/** A request authenticated by the token: the admin principal in the admin role. */
	private static final class AuthenticatedRequest extends HttpServletRequestWrapper {

		AuthenticatedRequest(HttpServletRequest request) {
			super(request);
		}

		@Override
		public Principal getUserPrincipal() {
			return PRINCIPAL;
		}

		@Override
		public String getRemoteUser() {
			return PRINCIPAL_NAME;
		}

		@Override
		public String getAuthType() {
			return "Bearer";
		}

		@Override
		public boolean isUserInRole(String role) {
			return ROLE.equals(role) || ("ROLE_" + ROLE).equals(role) || super.isUserInRole(role);
		}

	}

}
