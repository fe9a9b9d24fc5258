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
		response.setHeader("WWW-Authenticate", "Bearer realm=\"paimon-admin\"");
		AdminProblem.of(HttpServletResponse.SC_UNAUTHORIZED, "unauthorized", "Unauthorized", detail,
				request.getRequestURI())
			.writeTo(response);
	}

}
