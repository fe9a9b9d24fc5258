package io.github.paimonspring.admin.web;

import java.io.IOException;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Answers the container's error dispatch (the forward to {@code /error} after
 * {@code sendError} or an exception thrown by a filter) with {@code application/problem+json} when
 * the failed request was an admin request, instead of Boot's {@code BasicErrorController}. Examples:
 * 408 when the request body stalls, 400 for a malformed chunked body, 405 for {@code TRACE}.
 *
 * <p>Registered for {@link DispatcherType#ERROR} only; error dispatches of other requests pass
 * through untouched. Headers set before the dispatch (such as {@code Allow}) are kept.
 */
public class AdminErrorPageFilter extends HttpFilter {

	private static final long serialVersionUID = 1L;

	private final transient AdminPath adminPath;

	/**
	 * Creates the filter.
	 * @param basePath the normalized admin base path, such as {@code /paimon}
	 */
	public AdminErrorPageFilter(String basePath) {
		this.adminPath = new AdminPath(basePath);
	}

	@Override
	protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
		if (request.getDispatcherType() != DispatcherType.ERROR || !(uri instanceof String path)
				|| !this.adminPath.matches(path.substring(Math.min(request.getContextPath().length(), path.length())))
				|| response.isCommitted()) {
			chain.doFilter(request, response);
			return;
		}
		AdminProblem problem = AdminProblem.forStatus(status(request), path);
		Object thrown = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
		if (problem.getStatus() == 500 && thrown instanceof Throwable ex) {
			// an exception thrown outside Spring MVC (by a filter): map the starter's and Spring's own
			Throwable cause = (ex instanceof ServletException && ex.getCause() != null) ? ex.getCause() : ex;
			AdminProblem mapped = AdminExceptionHandler.problem(cause, request.getMethod(), path);
			problem = (mapped.getStatus() < 500) ? mapped : problem;
		}
		response.resetBuffer();
		problem.writeTo(response);
	}

	private static int status(HttpServletRequest request) {
		Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
		int code = (status instanceof Integer value) ? value : 500;
		return (code >= 400 && code <= 599) ? code : 500;
	}

}
