package io.github.paimonspring.admin.autoconfigure;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Keeps admin requests without credentials ({@link AdminRequestWithoutCredentials}) out of a chain's request
 * cache. Spring Security saves a request that authentication refuses so that a login can resume it; for the
 * default cache that means a new HTTP session and a {@code JSESSIONID} cookie on a token-less {@code GET} of the
 * admin API, which has no login to resume. Runs after the chain's request cache is settled (the default one or
 * the chain's own) and wraps it; a chain without a request cache is left as it is.
 */
final class AdminRequestCacheConfigurer extends AbstractHttpConfigurer<AdminRequestCacheConfigurer, HttpSecurity> {

	@Override
	public void init(HttpSecurity http) {
		RequestCache cache = http.getSharedObject(RequestCache.class);
		if (cache != null && !(cache instanceof WithoutAdminRequests)) {
			http.setSharedObject(RequestCache.class, new WithoutAdminRequests(cache,
					new AdminRequestWithoutCredentials()));
		}
	}

	/** A request cache that does not save the requests one matcher matches, and is the cache it wraps otherwise. */
	static final class WithoutAdminRequests implements RequestCache {

		private final RequestCache cache;

		private final RequestMatcher notSaved;

		WithoutAdminRequests(RequestCache cache, RequestMatcher notSaved) {
			this.cache = cache;
			this.notSaved = notSaved;
		}

		@Override
		public void saveRequest(HttpServletRequest request, HttpServletResponse response) {
			if (!this.notSaved.matches(request)) {
				this.cache.saveRequest(request, response);
			}
		}

		@Override
		public @Nullable SavedRequest getRequest(HttpServletRequest request, HttpServletResponse response) {
			return this.cache.getRequest(request, response);
		}

		@Override
		public @Nullable HttpServletRequest getMatchingRequest(HttpServletRequest request,
				HttpServletResponse response) {
			return this.cache.getMatchingRequest(request, response);
		}

		@Override
		public void removeRequest(HttpServletRequest request, HttpServletResponse response) {
			this.cache.removeRequest(request, response);
		}

	}

}
