package io.github.paimonspring.httptests.backends;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

/**
 * A client that resends exactly what rest-api.md's retry rule says — no answer, 408, 429, 503 and 409
 * {@code channel-out-of-order} — the same request again, after {@code Retry-After} or a jittered backoff from 0.5 s
 * doubling up to 30 s, for at most two minutes; every other answer is final.
 */
final class RetryRule {

	private static final Duration GIVE_UP = Duration.ofMinutes(2);

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private final AtomicLong resends = new AtomicLong();

	/** The final answer to a request: a response, or the last failure to get one. */
	record Outcome(@Nullable HttpResponse<String> response, @Nullable IOException noAnswer, int attempts) {

		boolean succeeded() {
			return this.response != null && this.response.statusCode() / 100 == 2;
		}

		String describe() {
			return (this.response != null) ? this.response.statusCode() + " " + this.response.body()
					: "no answer (" + this.noAnswer + ")";
		}

	}

	/** Whether the rule resends an answer. */
	static boolean retryable(HttpResponse<String> response) {
		int status = response.statusCode();
		return status == 408 || status == 429 || status == 503
				|| (status == 409 && response.body().contains("urn:paimon-spring:problem:channel-out-of-order"));
	}

	/**
	 * Sends a request, and again as the rule says, until a final answer or the bound.
	 * @param request the request (sent unchanged every time)
	 * @return the final answer
	 */
	Outcome send(HttpRequest request) throws InterruptedException {
		long giveUp = System.nanoTime() + GIVE_UP.toNanos();
		long backoff = 500;
		int attempts = 0;
		while (true) {
			attempts++;
			HttpResponse<String> response = null;
			IOException noAnswer = null;
			try {
				response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
				if (!retryable(response)) {
					return new Outcome(response, null, attempts);
				}
			}
			catch (IOException ex) {
				noAnswer = ex;
			}
			if (System.nanoTime() > giveUp) {
				return new Outcome(response, noAnswer, attempts);
			}
			long wait = (response != null) ? response.headers().firstValue("Retry-After")
				.map((seconds) -> TimeUnit.SECONDS.toMillis(Long.parseLong(seconds.trim())))
				.orElse(-1L) : -1L;
			if (wait < 0) {
				wait = backoff / 2 + ThreadLocalRandom.current().nextLong(backoff / 2 + 1);
				backoff = Math.min(backoff * 2, 30_000);
			}
			this.resends.incrementAndGet();
			Thread.sleep(wait);
		}
	}

	/** How many times requests were sent again. */
	long resends() {
		return this.resends.get();
	}

}
