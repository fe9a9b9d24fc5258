package io.github.paimonspring.flight;

import io.github.paimonspring.admin.web.AdminExceptionHandler;
import io.github.paimonspring.admin.web.AdminProblem;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.ErrorFlightMetadata;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a failure into the Flight status a client gets: the HTTP API's problem for the same failure (the same
 * text; a 5xx problem never carries the exception's message), with the status its HTTP status stands for, and
 * the problem's JSON in the trailer {@value #PROBLEM_HEADER}.
 * <table>
 * <caption>HTTP status → Flight status</caption>
 * <tr><td>400, 409, 415, 422</td><td>{@code INVALID_ARGUMENT} (Flight has no status for a conflict: the
 * problem's {@code status} says 409)</td></tr>
 * <tr><td>401</td><td>{@code UNAUTHENTICATED}</td></tr>
 * <tr><td>403</td><td>{@code UNAUTHORIZED} (gRPC {@code PERMISSION_DENIED})</td></tr>
 * <tr><td>404</td><td>{@code NOT_FOUND}</td></tr>
 * <tr><td>413, 429</td><td>{@code RESOURCE_EXHAUSTED}</td></tr>
 * <tr><td>408</td><td>{@code TIMED_OUT}</td></tr>
 * <tr><td>501</td><td>{@code UNIMPLEMENTED}</td></tr>
 * <tr><td>503</td><td>{@code UNAVAILABLE}: retry later</td></tr>
 * <tr><td>other</td><td>{@code INTERNAL}</td></tr>
 * </table>
 */
final class FlightErrors {

	/** The trailer with the problem's JSON ({@code application/problem+json}). */
	static final String PROBLEM_HEADER = "x-paimon-problem";

	private static final Logger logger = LoggerFactory.getLogger(FlightErrors.class);

	private FlightErrors() {
	}

	/**
	 * A failure as the client gets it, with the HTTP status the HTTP API answers for it (for the audit trail).
	 * @param exception what the client gets
	 * @param httpStatus the HTTP API's status for the same failure
	 */
	record Refusal(FlightRuntimeException exception, int httpStatus) {
	}

	static Refusal refusal(Throwable failure, String call) {
		if (failure instanceof FlightRuntimeException flight) {
			return new Refusal(flight, httpStatus(flight.status().code()));
		}
		AdminProblem problem = AdminExceptionHandler.problem(failure, "Flight", call);
		int status = problem.getStatus();
		if (status >= 500 && status != 503) {
			logger.error("Flight call {} failed", call, failure);
		}
		else {
			logger.info("Flight call {} refused: {}", call, failure.getMessage());
		}
		ErrorFlightMetadata metadata = new ErrorFlightMetadata();
		metadata.insert(PROBLEM_HEADER, problem.toJson());
		CallStatus callStatus = new CallStatus(code(status), null, problem.getTitle() + ": " + problem.getDetail(),
				metadata);
		return new Refusal(callStatus.toRuntimeException(), status);
	}

	static FlightStatusCode code(int httpStatus) {
		return switch (httpStatus) {
			case 400, 409, 415, 422 -> FlightStatusCode.INVALID_ARGUMENT;
			case 401 -> FlightStatusCode.UNAUTHENTICATED;
			case 408 -> FlightStatusCode.TIMED_OUT;
			case 403 -> FlightStatusCode.UNAUTHORIZED;
			case 404 -> FlightStatusCode.NOT_FOUND;
			case 413, 429 -> FlightStatusCode.RESOURCE_EXHAUSTED;
			case 501 -> FlightStatusCode.UNIMPLEMENTED;
			case 503 -> FlightStatusCode.UNAVAILABLE;
			default -> FlightStatusCode.INTERNAL;
		};
	}

	static int httpStatus(FlightStatusCode code) {
		return switch (code) {
			case OK -> 200;
			case INVALID_ARGUMENT -> 400;
			case UNAUTHENTICATED -> 401;
			case UNAUTHORIZED -> 403;
			case NOT_FOUND -> 404;
			case ALREADY_EXISTS -> 409;
			case RESOURCE_EXHAUSTED -> 413;
			case UNIMPLEMENTED -> 501;
			case TIMED_OUT -> 408;
			case UNAVAILABLE, CANCELLED -> 503;
			default -> 500;
		};
	}

	static FlightRuntimeException invalid(String message) {
		return CallStatus.INVALID_ARGUMENT.withDescription(message).toRuntimeException();
	}

}
