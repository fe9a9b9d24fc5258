package io.github.paimonspring.admin.web;

import java.io.IOException;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;

import io.github.paimonspring.PaimonArgumentException;
import io.github.paimonspring.PaimonCommitException;
import io.github.paimonspring.PaimonException;
import io.github.paimonspring.PaimonStateException;
import io.github.paimonspring.PaimonUnavailableException;
import io.github.paimonspring.UnsupportedTableException;
import io.github.paimonspring.admin.access.AdminAccessDeniedException;
import io.github.paimonspring.admin.model.AdminException;
import io.github.paimonspring.arrow.ArrowDataException;
import io.github.paimonspring.arrow.ArrowFormatException;
import io.github.paimonspring.catalog.TableDefinitionException;
import io.github.paimonspring.catalog.TableNotFoundException;
import io.github.paimonspring.ingest.ChannelOrderException;
import io.github.paimonspring.ingest.ChannelOverlapException;
import io.github.paimonspring.ingest.IngestBusyException;
import io.github.paimonspring.ingest.IngestShutDownException;
import io.github.paimonspring.postpone.BucketPlanException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.context.request.async.AsyncRequestTimeoutException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Renders every exception of a request under the admin base path as
 * {@code application/problem+json} (RFC 9457): the starter's own exceptions with the status their
 * kind implies (plus {@code table}, and for schema errors {@code column}, {@code expectedType},
 * {@code actualType} and {@code row}), and Spring MVC's (no endpoint, method not allowed, not
 * acceptable, unsupported or malformed media type, unreadable body, bad parameter) with theirs.
 *
 * <p>A {@link HandlerExceptionResolver} ordered before Spring MVC's own resolvers, so it also sees
 * what happens outside the admin controller (no handler, method or media type mismatch); requests
 * outside the base path are left to the application. Client mistakes are 4xx, never 500; a 5xx
 * detail never carries the exception's message, which is logged instead.
 */
public class AdminExceptionHandler implements HandlerExceptionResolver, Ordered {

	/** After Boot's {@code DefaultErrorAttributes}, before Spring MVC's resolvers (order 0). */
	public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 10;

	private static final Logger logger = LoggerFactory.getLogger(AdminExceptionHandler.class);

	/** The {@code Retry-After} of a commit that was not possible now (catalog, storage or lock unavailable). */
	private static final int UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

	private final AdminPath adminPath;

	/**
	 * Creates the resolver.
	 * @param basePath the normalized admin base path, such as {@code /paimon}
	 */
	public AdminExceptionHandler(String basePath) {
		this.adminPath = new AdminPath(basePath);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public @Nullable ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response,
			@Nullable Object handler,
			Exception failure) {
		// a failed asynchronous result (a grouped upload) arrives wrapped
		Exception ex = (failure instanceof CompletionException && failure.getCause() instanceof Exception cause)
				? cause : failure;
		String path = request.getRequestURI();
		if (!this.adminPath.matches(path.substring(Math.min(request.getContextPath().length(), path.length())))) {
			return null;
		}
		AdminProblem problem = problem(ex, request.getMethod(), path);
		Integer retryAfter = (ex instanceof AdminException admin) ? admin.getRetryAfterSeconds()
				: (ex instanceof IngestBusyException busy) ? AdminException.busy(busy.getTable(),
						busy).getRetryAfterSeconds()
				: (ex instanceof PaimonUnavailableException || ex instanceof ChannelOrderException)
						? UNAVAILABLE_RETRY_AFTER_SECONDS : null;
		if (retryAfter != null) {
			// a limit of the service, not a failure: no stack trace
			logger.info("Admin request {} {} refused: {}", request.getMethod(), path, ex.getMessage());
		}
		else if (problem.getStatus() >= 500) {
			logger.error("Admin request {} {} failed", request.getMethod(), path, ex);
		}
		if (response.isCommitted()) {
			// sendError was called (a read timeout: 408) or a body is on its way: the error page follows
			logger.debug("Admin request {} failed after its response was committed", path, ex);
			return new ModelAndView();
		}
		try {
			response.resetBuffer();
			if (ex instanceof ErrorResponse error) {
				error.getHeaders().forEach((name, values) -> values.forEach((value) -> response.addHeader(name,
						value)));
			}
			if (ex instanceof AdminAccessDeniedException denied && denied.isUnauthenticated()) {
				response.setHeader("WWW-Authenticate", "Bearer");
			}
			if (retryAfter != null) {
				response.setHeader("Retry-After", String.valueOf(retryAfter));
			}
			problem.writeTo(response);
		}
		catch (IOException | IllegalStateException writeFailure) {
			logger.debug("Cannot write the problem of admin request {}", path, writeFailure);
		}
		return new ModelAndView();
	}

	/**
	 * Maps an exception to its problem; a 5xx problem never carries the exception's message.
	 * @param ex the failure
	 * @param method the request method
	 * @param instance the request path
	 * @return the problem
	 */
	public static AdminProblem problem(Throwable ex, String method, String instance) {
		if (ex instanceof PaimonException paimon) {
			return paimon(paimon, instance);
		}
		if (ex instanceof InvalidMediaTypeException || ex instanceof UnsupportedCharsetException
				|| ex instanceof IllegalCharsetNameException) {
			return AdminProblem.of(415, "unsupported-media-type", "Unsupported media type",
					"The Content-Type header is malformed: " + ex.getMessage(), instance);
		}
		if (ex instanceof HttpMediaTypeNotSupportedException) {
			return AdminProblem.of(415, "unsupported-media-type", "Unsupported media type", ex.getMessage(), instance);
		}
		if (ex instanceof HttpMessageNotReadableException unreadable
				&& String.valueOf(unreadable.getMessage()).startsWith("Required request body is missing")) {
			// Spring appends the handler method's signature
			return AdminProblem.of(400, "malformed-request", "Malformed request", "A JSON request body is required.",
					instance);
		}
		if (ex instanceof HttpMessageNotReadableException || ex instanceof TypeMismatchException
				|| ex instanceof ServletRequestBindingException) {
			return AdminProblem.of(400, "malformed-request", "Malformed request", ex.getMessage(), instance);
		}
		if (ex instanceof NoResourceFoundException || ex instanceof NoHandlerFoundException) {
			return AdminProblem.of(404, "no-endpoint", "No such endpoint",
					"No admin endpoint matches " + method + " on this path; see docs/rest-api.md or the OpenAPI "
							+ "group 'paimon-admin'.",
					instance);
		}
		if (ex instanceof HttpRequestMethodNotSupportedException notSupported) {
			return AdminProblem.of(405, "method-not-allowed", "Method not allowed", "Method " + method
					+ " is not supported by this endpoint; it allows " + allowed(notSupported.getSupportedMethods())
							+ ".",
					instance);
		}
		if (ex instanceof HttpMediaTypeNotAcceptableException notAcceptable) {
			return AdminProblem.of(406, "not-acceptable", "Not acceptable",
					"The Accept header allows none of " + notAcceptable.getSupportedMediaTypes()
							+ "; errors are application/problem+json.",
					instance);
		}
		if (ex instanceof AsyncRequestTimeoutException || ex instanceof RejectedExecutionException) {
			return AdminProblem.forStatus(503, instance);
		}
		if (ex instanceof ErrorResponse error && error.getStatusCode().is4xxClientError()) {
			return AdminProblem.forStatus(error.getStatusCode().value(), error.getBody().getDetail(), instance);
		}
		return AdminProblem.of(500, "internal-error", "Internal error",
				"The request failed on the server; the server log has the cause.", instance);
	}

	private static AdminProblem paimon(PaimonException ex, String instance) {
		AdminProblem problem;
		if (ex instanceof AdminAccessDeniedException denied) {
			problem = denied.isUnauthenticated()
					? AdminProblem.of(401, "unauthorized", "Unauthorized", ex.getMessage(), instance)
					: AdminProblem.of(403, "forbidden", "Forbidden", ex.getMessage(), instance)
						.with("scope", (denied.getScope() != null) ? denied.getScope().id() : null)
						.with("operation", denied.getOperation());
		}
		else if (ex instanceof AdminException admin) {
			problem = AdminProblem.of(status(admin.getKind()).value(), AdminProblem.slug(admin.getTitle()),
					admin.getTitle(),
					ex.getMessage(), instance);
		}
		else if (ex instanceof ArrowDataException data) {
			problem = AdminProblem.of(422, "schema-mismatch", "Arrow data does not match the table", ex.getMessage(),
					instance)
				.with("column", data.getColumn())
				.with("expectedType", data.getExpectedType())
				.with("actualType", data.getActualType())
				.with("row", (data.getRow() >= 0) ? data.getRow() : null);
		}
		else if (ex instanceof BucketPlanException) {
			problem = AdminProblem.of(422, "bucket-plan", "Invalid bucket plan", ex.getMessage(), instance);
		}
		else if (ex instanceof UnsupportedTableException || ex instanceof TableDefinitionException) {
			problem = AdminProblem.of(422, "unsupported-table", "Table cannot be written this way", ex.getMessage(),
					instance);
		}
		else if (ex instanceof ArrowFormatException format) {
			problem = AdminProblem.of(400, "malformed-arrow", "Malformed Arrow IPC stream", ex.getMessage(), instance)
				.with("column", format.getColumn());
		}
		else if (ex instanceof PaimonArgumentException) {
			problem = AdminProblem.of(400, "invalid-argument", "Invalid argument", ex.getMessage(), instance);
		}
		else if (ex instanceof TableNotFoundException) {
			problem = AdminProblem.of(404, "unknown-table", "Unknown table", ex.getMessage(), instance);
		}
		else if (ex instanceof IngestShutDownException) {
			// this instance is stopping: the same retry as any unavailability, and the detail says why
			problem = AdminProblem.of(503, "unavailable", "Instance shutting down", ex.getMessage(), instance);
		}
		else if (ex instanceof PaimonUnavailableException) {
			// the cause names hosts and URLs of the infrastructure: the server log has it, the client gets what to do
			problem = AdminProblem.of(503, "unavailable", "Commit not possible now", "The commit to table '"
					+ ex.getTable()
							+ "' was not possible now (catalog, storage or commit lock unavailable, or too many "
					+ "concurrent commits); nothing was committed: retry later with the same request", instance);
		}
		else if (ex instanceof IngestBusyException) {
			problem = AdminProblem.of(503, "server-busy", "Server busy", ex.getMessage(), instance);
		}
		else if (ex instanceof ChannelOrderException order) {
			problem = AdminProblem.of(409, "channel-out-of-order", "Channel append out of order", ex.getMessage(),
					instance)
				.with("tail", order.getTail());
		}
		else if (ex instanceof ChannelOverlapException) {
			problem = AdminProblem.of(409, "channel-overlap", "Channel append overlaps the channel", ex.getMessage(),
					instance);
		}
		else if (ex instanceof PaimonCommitException) {
			problem = AdminProblem.of(409, "commit-conflict", "Commit rejected", ex.getMessage(), instance);
		}
		else if (ex instanceof PaimonStateException) {
			problem = AdminProblem.of(409, "state-conflict", "Writer state conflict", ex.getMessage(), instance);
		}
		else {
			problem = AdminProblem.of(500, "write-failed", "Write failed",
					"Writing to the table failed on the server; the server log has the cause.", instance);
		}
		return problem.with("table", ex.getTable());
	}

	/**
	 * Maps a kind of admin refusal to its HTTP status.
	 * @param kind the kind
	 * @return the status
	 */
	public static HttpStatus status(AdminException.Kind kind) {
		return switch (kind) {
			case NOT_FOUND -> HttpStatus.NOT_FOUND;
			case CONFLICT -> HttpStatus.CONFLICT;
			case PAYLOAD_TOO_LARGE -> HttpStatus.CONTENT_TOO_LARGE;
			case UNSUPPORTED_MEDIA_TYPE -> HttpStatus.UNSUPPORTED_MEDIA_TYPE;
			case TOO_MANY_TRANSACTIONS -> HttpStatus.TOO_MANY_REQUESTS;
			case BUSY -> HttpStatus.SERVICE_UNAVAILABLE;
		};
	}

	private static String allowed(String @Nullable [] methods) {
		return (methods != null && methods.length > 0) ? String.join(", ", List.of(methods)) : "no method";
	}

}
