package io.github.paimonspring.admin.web;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin filter: the token is required on the protected paths only, and any request with the
 * valid token gets the admin principal.
 */
class AdminAuthenticationFilterTests {

	private final AdminAuthenticationFilter filter = new AdminAuthenticationFilter("secret",
			List.of("/paimon", "/actuator/paimon", "/actuator/metrics", "/v3/api-docs*"));

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
		}
	}

	@Test
	void aServletUnderAPrefixIsCheckedBelowItsPrefixToo() throws Exception {
		assertThat(run("/api", "/paimon/tables", null).response().getStatus()).isEqualTo(401);
		assertThat(run("/api", "/orders", null).response().getStatus()).isEqualTo(200);
	}

	@Test
	void theSingleArgumentFilterProtectsEverything() throws Exception {
		AdminAuthenticationFilter all = new AdminAuthenticationFilter("secret");
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
