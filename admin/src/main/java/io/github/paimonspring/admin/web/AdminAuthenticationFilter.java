package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.security.Principal;
import java.util.Collection;
import java.util.List;

import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bearer authentication of the admin API and of the other paths that reveal its state (the
 * {@code paimon} and {@code metrics} actuator endpoints, the OpenAPI documents).
 * <p>
 * The token of {@code Authorization: Bearer <token>} is authenticated by {@link AdminCredentials}
 * (its SHA-256 compared in constant time with every credential's hashes). A request to a protected
 * path without a valid token is answered 401 with {@code application/problem+json} and
 * {@code WWW-Authenticate} before its body is read. A request with a valid token continues with
 * its {@link AdminPrincipal} in the request attribute {@link AdminPrincipals#ATTRIBUTE}; a credential with
 * {@code read} on every table ({@code *}) is also the request's servlet principal, in the role {@link #ROLE} (so
 * Boot's {@code management.endpoint.health.show-details=when-authorized} shows it the health details, which name
 * every table), while a narrower credential stays anonymous to the rest of the application (status only),
 * unless the path needs more than authentication ({@link Requirement}): then it is answered 403
 * {@code forbidden}, naming the scope and what it must cover. Which operation a credential may run
 * on which table below the admin base path is not decided here but per operation. Requests to
 * other paths without a valid token pass unchanged.
 */
public class AdminAuthenticationFilter extends OncePerRequestFilter {

	/** The name of the principal of requests that carry {@code paimon.admin.token}. */
	public static final String PRINCIPAL_NAME = AdminPrincipal.TOKEN_NAME;

	/** The role of the principal of a request whose credential has {@code read} on every table. */
	public static final String ROLE = "PAIMON_ADMIN";

	private static final String BEARER = "Bearer ";

	private final AdminCredentials credentials;

	private final List<ProtectedPath> protectedPaths;

	/**
	 * Creates a filter that requires a valid token on every request it sees.
	 * @param credentials the credentials
	 */
	public AdminAuthenticationFilter(AdminCredentials credentials) {
		this(credentials, List.of(new ProtectedPath("/", Requirement.AUTHENTICATED)));
	}

	/**
	 * Creates a filter that requires a valid token on some paths and authenticates it on all.
	 * @param credentials the credentials
	 * @param protectedPaths paths within the application that require a valid token, each with what
	 * its principal must hold: a path ({@code /paimon}) protects itself and everything below it, a
	 * path ending with {@code *} ({@code /v3/api-docs*}) every path that starts with it, {@code /}
	 * everything. Where several match, the longest decides (the strictest of equally long ones)
	 */
	public AdminAuthenticationFilter(AdminCredentials credentials, Collection<ProtectedPath> protectedPaths) {
		this.credentials = credentials;
		this.protectedPaths = List.copyOf(protectedPaths);
	}

	/**
	 * Returns the paths that require a valid token.
	 * @return the paths, in the order given to the constructor
	 */
	public List<String> getProtectedPaths() {
		return this.protectedPaths.stream().map(ProtectedPath::path).toList();
	}

	/**
	 * Returns the paths that require a valid token, with what their principals must hold.
	 * @return the paths, as given to the constructor
	 */
	public List<ProtectedPath> getProtectedPathRequirements() {
		return this.protectedPaths;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader("Authorization");
		AdminPrincipal principal = (header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length()))
				? this.credentials.authenticate(header.substring(BEARER.length())) : null;
		Requirement requirement = requirement(request);
		if (principal != null) {
			if (requirement != null && !requirement.isMet(principal)) {
				AdminProblem.of(HttpServletResponse.SC_FORBIDDEN, "forbidden", "Forbidden",
						requirement.refusal(principal), request.getRequestURI())
					.with("scope", AdminScope.READ.id())
					.with("tables", (requirement == Requirement.READ_EVERY_TABLE) ? "*" : null)
					.writeTo(response);
				return;
			}
			request.setAttribute(AdminPrincipals.ATTRIBUTE, principal);
			// the servlet principal and the role only for what shows every table (health details, for one)
			chain.doFilter(principal.allowsEveryTable(AdminScope.READ)
					? new AuthenticatedRequest(request, principal.name()) : request, response);
			return;
		}
		if (requirement == null) {
			chain.doFilter(request, response);
			return;
		}
		String detail = (header == null)
				? "Missing Authorization header; send 'Authorization: Bearer <token>'"
				: "Invalid bearer token";
		response.setHeader("WWW-Authenticate", "Bearer realm=\"paimon-admin\"");
		AdminProblem.of(HttpServletResponse.SC_UNAUTHORIZED, "unauthorized", "Unauthorized", detail,
				request.getRequestURI())
			.writeTo(response);
	}

	/**
	 * What a request needs. The container's decoded and normalized path is checked, both whole and,
	 * for a servlet mapped under a prefix, below that prefix.
	 */
	private @Nullable Requirement requirement(HttpServletRequest request) {
		String servletPath = (request.getServletPath() != null) ? request.getServletPath() : "";
		String pathInfo = request.getPathInfo();
		String path = servletPath + ((pathInfo != null) ? pathInfo : "");
		if (path.isEmpty()) {
			path = "/";
		}
		Requirement whole = requirement(path);
		Requirement below = (pathInfo != null) ? requirement(pathInfo) : null;
		if (whole == null || below == null) {
			return (whole != null) ? whole : below;
		}
		return (whole.compareTo(below) >= 0) ? whole : below;
	}

	/**
	 * What a path needs.
	 * @param path the path within the application
	 * @return the requirement of the longest protected path that matches (the strictest of equally
	 * long ones), or {@code null} if none does
	 */
	@Nullable Requirement requirement(String path) {
		ProtectedPath decisive = null;
		for (ProtectedPath candidate : this.protectedPaths) {
			if (candidate.matches(path) && (decisive == null || candidate.path().length() > decisive.path().length()
					|| (candidate.path().length() == decisive.path().length()
							&& candidate.requirement().compareTo(decisive.requirement()) > 0))) {
				decisive = candidate;
			}
		}
		return (decisive != null) ? decisive.requirement() : null;
	}

	boolean isProtected(String path) {
		return requirement(path) != null;
	}

	/**
	 * A path that requires a valid token, and what its principal must hold.
	 *
	 * @param path {@code /paimon} (itself and below), {@code /v3/api-docs*} (every path that starts so)
	 * or {@code /} (everything)
	 * @param requirement what the principal must hold
	 */
	public record ProtectedPath(String path, Requirement requirement) {

		/**
		 * Whether the path covers a request path.
		 * @param requestPath the path within the application
		 * @return {@code true} if it does
		 */
		public boolean matches(String requestPath) {
			if (this.path.equals("/")) {
				return true;
			}
			if (this.path.endsWith("*")) {
				return requestPath.startsWith(this.path.substring(0, this.path.length() - 1));
			}
			return requestPath.equals(this.path) || requestPath.startsWith(this.path + "/");
		}

	}

	/** What the principal of a request to a protected path must hold, weakest first. */
	public enum Requirement {

		/** A valid token: the admin API, whose operations are authorised one by one. */
		AUTHENTICATED("", ""),

		/** {@code read} on some table: the OpenAPI documents. */
		READ_SOME_TABLE("the OpenAPI documents", "some table"),

		/** {@code read} on every table ({@code *}): the actuator endpoints, which show every table. */
		READ_EVERY_TABLE("this actuator endpoint", "every table (*)");

		private final String what;

		private final String tables;

		Requirement(String what, String tables) {
			this.what = what;
			this.tables = tables;
		}

		/**
		 * Whether a principal holds what the path needs.
		 * @param principal the principal
		 * @return {@code true} if it does
		 */
		public boolean isMet(AdminPrincipal principal) {
			return switch (this) {
				case AUTHENTICATED -> true;
				case READ_SOME_TABLE -> principal.allowsSomeTable(AdminScope.READ);
				case READ_EVERY_TABLE -> principal.allowsEveryTable(AdminScope.READ);
			};
		}

		String refusal(AdminPrincipal principal) {
			return "The credential '" + principal.name() + "' may not read " + this.what + ": it needs scope '"
					+ AdminScope.READ.id() + "' on " + this.tables;
		}

	}

	/** A request authenticated by a credential: its principal in the admin role. */
	private static final class AuthenticatedRequest extends HttpServletRequestWrapper {

		private final String name;

		private final Principal principal;

		AuthenticatedRequest(HttpServletRequest request, String name) {
			super(request);
			this.name = name;
			this.principal = () -> name;
		}

		@Override
		public Principal getUserPrincipal() {
			return this.principal;
		}

		@Override
		public String getRemoteUser() {
			return this.name;
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
