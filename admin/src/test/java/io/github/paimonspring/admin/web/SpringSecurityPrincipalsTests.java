package io.github.paimonspring.admin.web;

import java.util.List;

import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminPrincipal.Grant;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.admin.access.TablePattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SpringSecurityPrincipals}: which authorities grant which scopes on which tables, and which authentications
 * are no principal.
 */
class SpringSecurityPrincipalsTests {

	private final SecurityContextHolderStrategy holder = SecurityContextHolder.getContextHolderStrategy();

	private final SpringSecurityPrincipals principals = new SpringSecurityPrincipals(this.holder);

	@AfterEach
	void clear() {
		this.holder.clearContext();
	}

	@Test
	void paimonAuthoritiesGrantAScopeOnEveryTableOrOnAPattern() {
		AdminPrincipal principal = principal(authenticated("ops", "PAIMON_READ", "PAIMON_INGEST:shop.*",
				"PAIMON_maintain:shop.orders", "ROLE_PAIMON_ADMIN"));
		assertThat(principal.name()).isEqualTo("ops");
		assertThat(principal.grants()).containsExactly(new Grant(AdminScope.READ, TablePattern.ALL),
				new Grant(AdminScope.INGEST, TablePattern.of("shop.*")),
				new Grant(AdminScope.MAINTAIN, TablePattern.of("shop.orders")),
				new Grant(AdminScope.ADMIN, TablePattern.ALL));
	}

	@Test
	void oauth2ScopesAsSpringSecurityMapsThemGrantScopes() {
		AdminPrincipal principal = principal(authenticated("ingest-client", "SCOPE_paimon:ingest:shop.*",
				"SCOPE_paimon:read", "SCOPE_openid", "SCOPE_paimon:admin:finance.ledger"));
		assertThat(principal.grants()).containsExactly(new Grant(AdminScope.INGEST, TablePattern.of("shop.*")),
				new Grant(AdminScope.READ, TablePattern.ALL),
				new Grant(AdminScope.ADMIN, TablePattern.of("finance.ledger")));
		assertThat(principal.allows(AdminScope.INGEST, "shop.orders")).isTrue();
		assertThat(principal.allows(AdminScope.INGEST, "finance.payments")).isFalse();
		assertThat(principal.allows(AdminScope.ADMIN, "shop.orders")).isFalse();
	}

	@Test
	void invalidPaimonAuthoritiesAndOtherAuthoritiesAreIgnored() {
		AdminPrincipal principal = principal(authenticated("someone", "PAIMON_WRITE", "PAIMON_INGEST:shop",
				"PAIMON_INGEST:shop.*.x", "SCOPE_paimon:", "SCOPE_paimon:delete:shop.*", "ROLE_PAIMON_INGEST:shop.*",
				"ROLE_USER", "SCOPE_openid", "paimon_ingest", "PAIMON_INGEST:shop.orders",
				"PAIMON_INGEST:shop.orders"));
		assertThat(principal.grants()).containsExactly(new Grant(AdminScope.INGEST, TablePattern.of("shop.orders")));
	}

	@Test
	void anAuthenticatedUserWithoutPaimonAuthoritiesIsAPrincipalWithoutGrants() {
		AdminPrincipal principal = principal(authenticated("alice", "ROLE_USER"));
		assertThat(principal.name()).isEqualTo("alice");
		assertThat(principal.grants()).isEmpty();
		assertThat(principal.allowsSomeTable(AdminScope.READ)).isFalse();
	}

	@Test
	void noAuthenticationAnonymousOrUnauthenticatedIsNoPrincipal() {
		assertThat(this.principals.principal(new MockHttpServletRequest())).isNull();
		for (Authentication authentication : List.of(
				new AnonymousAuthenticationToken("key", "anonymousUser",
						AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS", "PAIMON_ADMIN")),
				UsernamePasswordAuthenticationToken.unauthenticated("bob", "password"),
				new TestingAuthenticationToken("carol", "password"))) {
			this.holder.getContext().setAuthentication(authentication);
			assertThat(this.principals.principal(new MockHttpServletRequest())).as(authentication.toString()).isNull();
		}
	}

	private AdminPrincipal principal(Authentication authentication) {
		this.holder.getContext().setAuthentication(authentication);
		AdminPrincipal principal = this.principals.principal(new MockHttpServletRequest());
		assertThat(principal).isNotNull();
		assertThat(principal).isEqualTo(SpringSecurityPrincipals.principal(authentication));
		return principal;
	}

	private static Authentication authenticated(String name, String... authorities) {
		return UsernamePasswordAuthenticationToken.authenticated(name, "n/a",
				AuthorityUtils.createAuthorityList(authorities));
	}

}
