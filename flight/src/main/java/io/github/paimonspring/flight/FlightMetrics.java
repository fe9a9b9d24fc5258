package io.github.paimonspring.flight;

import java.time.Duration;

/**
 * Told of every Flight SQL call the endpoint answers (the Micrometer timer {@code paimon.flight.calls}).
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface FlightMetrics {

	/** Records nothing. */
	FlightMetrics NONE = (command, status, duration) -> {
	};

	/**
	 * A call was answered.
	 * @param command what it asked: {@code ingest}, {@code begin-transaction}, {@code commit}, {@code rollback},
	 * {@code get-tables} and so on
	 * @param status the Flight status answered ({@code OK}, {@code INVALID_ARGUMENT}, ...)
	 * @param duration how long it took
	 */
	void called(String command, String status, Duration duration);

}
