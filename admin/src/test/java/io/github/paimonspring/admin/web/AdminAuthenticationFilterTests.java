package io.github.paimonspring.admin.web;

import java.util.List;

import io.github.paimonspring.admin.access.AdminCredential;
import io.github.paimonspring.admin.access.AdminCredentials;
import io.github.paimonspring.admin.access.AdminPrincipal;
import io.github.paimonspring.admin.access.AdminScope;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter.ProtectedPath;
import io.github.paimonspring.admin.web.AdminAuthenticationFilter.Requirement;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin filter: a valid token is required on the protected paths only, any request with a
 * valid token gets its credential's principal, and the actuator endpoints and OpenAPI documents
 * need read on every table and on some table.
 */
class AdminAuthenticationFilterTests {

	private static final AdminCredentials CREDENTIALS = new AdminCredentials(List.of(AdminCredential.token("secret"),
			AdminCredential.of("gateway", List.of(AdminCredential.hash("gateway-token")), List.of("ingest"),
					List.of("shop.*")),
			AdminCredential.of("auditor", List.of(AdminCredential.hash("auditor-token")), List.of("read"),
					List.of("*"))));

	private final AdminAuthenticationFilter filter = new AdminAuthenticationFilter(CREDENTIALS,
			List.of(new ProtectedPath("/paimon", Requirement.AUTHENTICATED),
					new ProtectedPath("/actuator/paimon", Requirement.READ_EVERY_TABLE),
					new ProtectedPath("/actuator/metrics", Requirement.READ_EVERY_TABLE),
					new ProtectedPath("/v3/api-docs*", Requirement.READ_SOME_TABLE)));

	@Test
	void protectedPathsWithoutTheTokenAre401ProblemJson() throws Exception {
		for (String path : List.of("/paimon", "/paimon/tables", "/actuator/paimon", "/actuator/paimon/",
				"/actuator/metrics/paimon.write.rows", "/v3/api-docs", "/v3/api-docs/paimon-admin",
				"/v3/api-docs.yaml", "/v3/api-docs/swagger-config")) {
			for (String header : new String[] { null, "Bearer wrong", "Basic c2VjcmV0", "Bearer secret " }) {
				MockHttpServletResponse response = run(path, null, header).response();
				assertThat(response.getStatus()).as("%s with %s", path, header).isEqualTo(401);
				assertThat(response.getContentType()).startsWith("application/problem+json");
				assertThat(response.getHeader("WWW-Authenticate")).isEqualTo("Bearer realm=\"paimon-admin\"");
				assertThat(response.getContentAsString()).contains("\"status\":401");
			}
		}
	}

	@Test
	void otherPathsPassWithoutAPrincipal() throws Exception {
		for (String path : List.of("/", "/orders", "/paimonx", "/actuator", "/actuator/health",
				"/actuator/health/paimon", "/actuator/info", "/swagger-ui/index.html", "/v3")) {
			Result result = run(path, null, null);
			assertThat(result.response().getStatus()).as(path).isEqualTo(200);
			assertThat(result.request()).as(path).isNotNull();
			assertThat(result.request().getUserPrincipal()).as(path).isNull();
		}
		Result wrong = run("/actuator/health", null, "Bearer wrong");
		assertThat(wrong.request().getUserPrincipal()).isNull();
	}

	@Test
	void theTokenYieldsTheAdminPrincipalEverywhere() throws Exception {
		for (String path : List.of("/paimon/tables", "/actuator/paimon", "/actuator/health", "/orders")) {
			Result result = run(path, null, "Bearer secret");
			assertThat(result.response().getStatus()).as(path).isEqualTo(200);
			HttpServletRequest request = result.request();
			assertThat(request.getUserPrincipal().getName()).isEqualTo(AdminAuthenticationFilter.PRINCIPAL_NAME);
			assertThat(request.getRemoteUser()).isEqualTo("paimon-admin");
			assertThat(request.isUserInRole("PAIMON_ADMIN")).isTrue();
			assertThat(request.isUserInRole("ROLE_PAIMON_ADMIN")).isTrue();
			assertThat(request.isUserInRole("ADMIN")).isFalse();
			assertThat(request.getAttribute(AdminPrincipals.ATTRIBUTE)).isInstanceOfSatisfying(AdminPrincipal.class,
					(principal) -> assertThat(principal).isEqualTo(AdminPrincipal.unrestricted("paimon-admin")));
		}
	}

	@Test
	void aCredentialsTokenYieldsItsPrincipalNamedAsTheCredentialButNoRoleItWasNotGranted() throws Exception {
		for (String path : List.of("/paimon/tables", "/paimon/tables/finance/ledger/truncate", "/actuator/health")) {
			Result result = run(path, null, "Bearer gateway-token");
			assertThat(result.response().getStatus()).as(path).isEqualTo(200);
			HttpServletRequest request = result.request();
			// ingest on shop.*: not read on every table, so neither the servlet principal nor the role that shows
			// the health details (which name every table)
			assertThat(request.getUserPrincipal()).as(path).isNull();
			assertThat(request.isUserInRole("PAIMON_ADMIN")).as(path).isFalse();
			AdminPrincipal principal = AdminPrincipals.BEARER.principal(request);
			assertThat(principal).isNotNull();
			assertThat(principal.name()).isEqualTo("gateway");
			assertThat(principal.allows(AdminScope.INGEST, "shop.orders")).isTrue();
			assertThat(principal.allows(AdminScope.INGEST, "finance.ledger")).isFalse();
		}
		assertThat(run("/paimon/tables", null, "bearer gateway-token").response().getStatus()).isEqualTo(200);
	}

	@Test
	void actuatorEndpointsNeedReadOnEveryTableAndOpenApiDocumentsReadOnSomeTable() throws Exception {
		for (String path : List.of("/actuator/paimon", "/actuator/metrics/paimon.write.rows")) {
			Result refused = run(path, null, "Bearer gateway-token");
			MockHttpServletResponse response = refused.response();
			assertThat(response.getStatus()).as(path).isEqualTo(403);
			assertThat(response.getContentType()).startsWith("application/problem+json");
			assertThat(response.getContentAsString()).contains("urn:paimon-spring:problem:forbidden")
				.contains("'gateway'")
				.contains("scope 'read' on every table (*)")
				.contains("\"scope\":\"read\"")
				.contains("\"tables\":\"*\"")
				.doesNotContain("gateway-token");
			assertThat(refused.request()).as("not passed on").isNull();
			assertThat(run(path, null, "Bearer auditor-token").response().getStatus()).as(path).isEqualTo(200);
			assertThat(run(path, null, "Bearer secret").response().getStatus()).as(path).isEqualTo(200);
		}
		// ingest on shop.* includes read on shop.*: enough for the documents
		assertThat(run("/v3/api-docs/paimon-admin", null, "Bearer gateway-token").response().getStatus())
			.isEqualTo(200);
		// every scope includes read, so only a principal without grants (Spring Security's, say) is refused those
		AdminPrincipal none = new AdminPrincipal("nobody", List.of());
		assertThat(Requirement.READ_SOME_TABLE.isMet(none)).isFalse();
		assertThat(Requirement.READ_EVERY_TABLE.isMet(none)).isFalse();
		assertThat(Requirement.AUTHENTICATED.isMet(none)).isTrue();
	}

	@Test
	void theLongestMatchingPathDecidesAndTheStrictestOfEquallyLongOnes() {
		AdminAuthenticationFilter overlapping = new AdminAuthenticationFilter(CREDENTIALS,
				List.of(new ProtectedPath("/paimon", Requirement.AUTHENTICATED),
						new ProtectedPath("/paimon", Requirement.READ_EVERY_TABLE),
						new ProtectedPath("/paimon/open", Requirement.AUTHENTICATED)));
		assertThat(overlapping.requirement("/paimon/tables")).isEqualTo(Requirement.READ_EVERY_TABLE);
		assertThat(overlapping.requirement("/paimon/open/x")).isEqualTo(Requirement.AUTHENTICATED);
		assertThat(overlapping.requirement("/other")).isNull();
	}

	@Test
	void aServletUnderAPrefixIsCheckedBelowItsPrefixToo() throws Exception {
		assertThat(run("/api", "/paimon/tables", null).response().getStatus()).isEqualTo(401);
		assertThat(run("/api", "/orders", null).response().getStatus()).isEqualTo(200);
	}

	@Test
	void theSingleArgumentFilterProtectsEverything() throws Exception {
		AdminAuthenticationFilter all = new AdminAuthenticationFilter(CREDENTIALS);
		MockHttpServletRequest request = request("/anything", null, null);
		MockHttpServletResponse response = new MockHttpServletResponse();
		all.doFilter(request, response, new MockFilterChain());
		assertThat(response.getStatus()).isEqualTo(401);
	}

	private Result run(String servletPath, String pathInfo, String authorization) throws Exception {
		MockHttpServletRequest request = request(servletPath, pathInfo, authorization);
		MockHttpServletResponse response = new MockHttpServletResponse();
		MockFilterChain chain = new MockFilterChain();
		this.filter.doFilter(request, response, chain);
		return new Result((HttpServletRequest) chain.getRequest(), response);
	}

	private static MockHttpServletRequest request(String servletPath, String pathInfo, String authorization) {
		MockHttpServletRequest request = new MockHttpServletRequest("GET",
				servletPath + ((pathInfo != null) ? pathInfo : ""));
		request.setServletPath(servletPath);
		request.setPathInfo(pathInfo);
		if (authorization != null) {
			request.addHeader("Authorization", authorization);
		}
		return request;
	}

	private record Result(HttpServletRequest request, MockHttpServletResponse response) {
	}

}
