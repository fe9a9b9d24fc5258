package io.github.paimonspring.admin.web;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminPrincipal.Grant;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.authentication.AuthenticationTrustResolver;
import org.springframework.security.authentication.AuthenticationTrustResolverImpl;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

/**
 * The principals of {@code paimon.admin.auth=spring-security}: the {@link Authentication} Spring Security holds for
 * the request, named {@link Authentication#getName()}, with grants mapped from its authorities:
 * <table>
 * <caption>Authorities and grants</caption>
 * <tr><th>authority</th><th>grant</th></tr>
 * <tr><td>{@code PAIMON_<SCOPE>} (or the role {@code ROLE_PAIMON_<SCOPE>})</td><td>the scope on every table</td></tr>
 * <tr><td>{@code PAIMON_<SCOPE>:<tables>}</td><td>the scope on a table pattern ({@code shop.*},
 * {@code shop.orders})</td></tr>
 * <tr><td>{@code SCOPE_paimon:<scope>}</td><td>the scope on every table: an OAuth2 scope {@code paimon:<scope>}
 * as Spring Security's JWT and opaque-token converters map it</td></tr>
 * <tr><td>{@code SCOPE_paimon:<scope>:<tables>}</td><td>the scope on a table pattern: the OAuth2 scope
 * {@code paimon:<scope>:<tables>}</td></tr>
 * </table>
 * The scope is {@code read}, {@code ingest}, {@code maintain} or {@code admin}, in any case. Authorities with those
 * prefixes that are not valid grants are ignored (logged at debug level), as are all others: an authenticated user
 * with none of them is a principal without grants, whom the admin API refuses every operation (403). A request
 * without an authentication, or with an anonymous or unauthenticated one, has no principal (401).
 */
public final class SpringSecurityPrincipals implements AdminPrincipals {

	/** The prefix of the authorities that grant a scope ({@code PAIMON_INGEST}, {@code PAIMON_INGEST:shop.*}). */
	public static final String AUTHORITY_PREFIX = "PAIMON_";

	/** The prefix of the roles that grant a scope on every table ({@code ROLE_PAIMON_ADMIN}). */
	public static final String ROLE_PREFIX = "ROLE_" + AUTHORITY_PREFIX;

	/** The prefix of the OAuth2 scopes, as Spring Security maps them, that grant a scope. */
	public static final String SCOPE_PREFIX = "SCOPE_paimon:";

	private static final Logger logger = LoggerFactory.getLogger(SpringSecurityPrincipals.class);

	private final SecurityContextHolderStrategy securityContextHolderStrategy;

	private final AuthenticationTrustResolver trustResolver = new AuthenticationTrustResolverImpl();

	/** The principals of the {@link SecurityContextHolder}'s current strategy. */
	public SpringSecurityPrincipals() {
		this(SecurityContextHolder.getContextHolderStrategy());
	}

	/**
	 * The principals of a security context holder strategy.
	 * @param securityContextHolderStrategy where the request's authentication is held
	 */
	public SpringSecurityPrincipals(SecurityContextHolderStrategy securityContextHolderStrategy) {
		this.securityContextHolderStrategy = securityContextHolderStrategy;
	}

	/**
	 * Returns the principal of the request's authentication.
	 * @param request the request (its authentication is the current thread's)
	 * @return the principal, or {@code null} if the request is not authenticated or anonymous
	 */
	@Override
	public @Nullable AdminPrincipal principal(HttpServletRequest request) {
		Authentication authentication = this.securityContextHolderStrategy.getContext().getAuthentication();
		if (authentication == null || !this.trustResolver.isAuthenticated(authentication)) {
			return null;
		}
		return principal(authentication);
	}

	/**
	 * The principal of an authentication, whatever its state.
	 * @param authentication the authentication
	 * @return the principal named {@link Authentication#getName()} with the grants of its authorities
	 */
	public static AdminPrincipal principal(Authentication authentication) {
		return new AdminPrincipal(authentication.getName(), grants(authentication.getAuthorities()));
	}

	/**
	 * The grants of authorities; those that are no grant are left out.
	 * @param authorities the authorities
	 * @return the grants, each once, in the authorities' order
	 */
	public static List<Grant> grants(Collection<? extends GrantedAuthority> authorities) {
		Set<Grant> grants = new LinkedHashSet<>();
		for (GrantedAuthority authority : authorities) {
			String name = authority.getAuthority();
			if (name == null) {
				continue;
			}
			Grant grant = grant(name);
			if (grant != null) {
				grants.add(grant);
			}
		}
		return new ArrayList<>(grants);
	}

	private static @Nullable Grant grant(String authority) {
		String text;
		if (authority.startsWith(AUTHORITY_PREFIX)) {
			text = authority.substring(AUTHORITY_PREFIX.length());
		}
		else if (authority.startsWith(SCOPE_PREFIX)) {
			text = authority.substring(SCOPE_PREFIX.length());
		}
		else if (authority.startsWith(ROLE_PREFIX) && authority.indexOf(':') < 0) {
			text = authority.substring(ROLE_PREFIX.length());
		}
		else {
			return null;
		}
		try {
			return Grant.parse(text);
		}
		catch (IllegalArgumentException ex) {
			logger.debug("Authority '{}' grants nothing on the admin API: {}", authority, ex.getMessage());
			return null;
		}
	}

}
