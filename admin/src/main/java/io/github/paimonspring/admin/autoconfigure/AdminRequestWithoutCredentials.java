package io.github.paimonspring.admin.autoconfigure;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * An admin API request ({@link PaimonAdminRequest#toAdminApi()}) with neither an {@code Authorization} header nor
 * a cookie: no credential a browser would send by itself, so nothing for a cross-site request forgery to use.
 */
final class AdminRequestWithoutCredentials implements RequestMatcher {

	private final RequestMatcher adminApi = PaimonAdminRequest.toAdminApi();

	@Override
	public boolean matches(HttpServletRequest request) {
		return request.getHeader("Authorization") == null && request.getCookies() == null
				&& this.adminApi.matches(request);
	}

}
