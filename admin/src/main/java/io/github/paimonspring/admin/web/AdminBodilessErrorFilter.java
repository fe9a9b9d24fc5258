package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.jspecify.annotations.Nullable;

/**
 * Gives an admin request's error a body when whoever refused it set only a status: Spring Security's bearer-token
 * entry point answers a missing, expired, tampered or unsigned token with {@code 401} and a
 * {@code WWW-Authenticate} header but no body, and so may an application's own filters. The filter runs before
 * the security filter chain; when the chain returns with a status of 400 or more, nothing written and the response
 * not committed, it writes the {@code application/problem+json} of that status (the {@code error_description} of
 * a {@code WWW-Authenticate: Bearer} challenge as its detail), keeping every header. Responses with a body, and
 * {@code sendError} (rendered by {@link AdminErrorPageFilter} on the error dispatch), are left as they are.
 */
public class AdminBodilessErrorFilter extends HttpFilter {

	private static final long serialVersionUID = 1L;

	private static final Pattern DESCRIPTION = Pattern.compile("error_description=\"([^\"]*)\"");

	private final transient AdminPath adminPath;

	/**
	 * Creates the filter.
	 * @param basePath the normalized admin base path, such as {@code /paimon}
	 */
	public AdminBodilessErrorFilter(String basePath) {
		this.adminPath = new AdminPath(basePath);
	}

	@Override
	protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		String path = request.getRequestURI().substring(Math.min(request.getContextPath().length(),
				request.getRequestURI().length()));
		if (request.getDispatcherType() != DispatcherType.REQUEST || !this.adminPath.matches(path)) {
			chain.doFilter(request, response);
			return;
		}
		Watching watching = new Watching(response);
		chain.doFilter(request, watching);
		if (watching.getStatus() >= 400 && !watching.wroteBody && !watching.sentError && !response.isCommitted()
				&& !request.isAsyncStarted()) {
			AdminProblem.forStatus(watching.getStatus(), detail(response), request.getRequestURI())
				.writeTo(response);
		}
	}

	/** The {@code error_description} of a bearer challenge, if the response carries one. */
	private static @Nullable String detail(HttpServletResponse response) {
		String challenge = response.getHeader("WWW-Authenticate");
		if (challenge == null || !challenge.toLowerCase(Locale.ROOT).startsWith("bearer")) {
			return null;
		}
		Matcher description = DESCRIPTION.matcher(challenge);
		return description.find() ? description.group(1) : null;
	}

	/** A response that notes whether a body was started or an error page was asked for. */
	private static final class Watching extends HttpServletResponseWrapper {

		private boolean wroteBody;

		private boolean sentError;

		Watching(HttpServletResponse response) {
			super(response);
		}

		@Override
		public ServletOutputStream getOutputStream() throws IOException {
			this.wroteBody = true;
			return super.getOutputStream();
		}

		@Override
		public PrintWriter getWriter() throws IOException {
			this.wroteBody = true;
			return super.getWriter();
		}

		@Override
		public void sendError(int status) throws IOException {
			this.sentError = true;
			super.sendError(status);
		}

		@Override
		public void sendError(int status, String message) throws IOException {
			this.sentError = true;
			super.sendError(status, message);
		}

		@Override
		public void sendRedirect(String location) throws IOException {
			this.sentError = true; // a redirect (to a login page) is an answer of its own
			super.sendRedirect(location);
		}

	}

}
