package io.github.paimonspring.admin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Requires {@code Authorization: Bearer <token>} on every admin request and answers 401 with
 * {@code application/problem+json} otherwise, before the body is read. Tokens are compared in
 * constant time.
 */
public class AdminAuthenticationFilter extends OncePerRequestFilter {

	private final byte[] expected;

	/**
	 * Creates the filter.
	 * @param token the token requests must send
	 */
	public AdminAuthenticationFilter(String token) {
		this.expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader("Authorization");
		if (header != null && MessageDigest.isEqual(this.expected, header.getBytes(StandardCharsets.UTF_8))) {
			chain.doFilter(request, response);
			return;
		}
		String detail = (header == null) ? "Missing Authorization header; send 'Authorization: Bearer <paimon.admin.token>'"
				: "Invalid bearer token";
		response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
		response.setHeader("WWW-Authenticate", "Bearer realm=\"paimon-admin\"");
		response.setContentType("application/problem+json");
		response.setCharacterEncoding(StandardCharsets.UTF_8.name());
		response.getWriter().write("{\"type\":\"urn:paimon-spring:problem:unauthorized\",\"title\":\"Unauthorized\","
				+ "\"status\":401,\"detail\":\"" + detail.replace("\"", "'") + "\",\"instance\":\""
				+ request.getRequestURI().replace("\"", "") + "\"}");
	}

}
