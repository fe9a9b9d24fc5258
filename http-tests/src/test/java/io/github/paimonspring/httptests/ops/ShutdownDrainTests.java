package io.github.paimonspring.httptests.ops;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.httptests.SampleAppProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A SIGTERM as a rolling deploy sends it, to the packaged sample app: its readiness probe turns 503 at once, while
 * requests are still accepted and committed for {@code paimon.ingest.shutdown-drain} (here 30 s, far longer than
 * the few requests below take); then it stops by itself, cleanly, and what it acknowledged during the drain is in
 * the table when the app starts again on the same warehouse.
 */
class ShutdownDrainTests {

	private static final String ORDER = "[{\"orderId\": 41, \"customer\": \"drain\", \"amount\": 4.10, "
			+ "\"createdAt\": \"2026-11-30T12:00:00\"}]";

	@TempDir
	Path warehouse;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@Test
	void readinessTurnsFirstAndRequestsAreStillCommittedWhileTheInstanceDrains() throws Exception {
		SampleAppProcess app = SampleAppProcess.start(this.warehouse, List.of("-Xmx512m"),
				"--paimon.ingest.shutdown-drain=30s");
		try {
			assertThat(get(app, "/actuator/health/readiness").statusCode()).isEqualTo(200);
			assertThat(get(app, "/actuator/health/liveness").statusCode()).isEqualTo(200);
			app.terminate();
			awaitReadiness(app, 503);
			// draining: still accepted, committed and readable
			HttpResponse<String> created = this.client.send(HttpRequest.newBuilder(app.uri("/orders"))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(ORDER))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
			assertThat(get(app, "/orders").body()).contains("\"orderId\":41");
			assertThat(app.isAlive()).as("still draining").isTrue();
			assertThat(app.awaitExit(Duration.ofMinutes(2))).as("exit code after SIGTERM").isIn(0, 143);
			assertThat(app.output()).contains("readiness is REFUSING_TRAFFIC; requests are still accepted")
				.contains("Drained for PT30S: stopping");
		}
		finally {
			app.close();
		}
		try (SampleAppProcess again = SampleAppProcess.start(this.warehouse, List.of("-Xmx512m"))) {
			assertThat(get(again, "/orders").body()).contains("\"orderId\":41").contains("\"customer\":\"drain\"");
		}
	}

	private HttpResponse<String> get(SampleAppProcess app, String path) throws Exception {
		return this.client.send(HttpRequest.newBuilder(app.uri(path)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
	}

	/** Waits, with a bound, for the readiness probe to answer this status. */
	private void awaitReadiness(SampleAppProcess app, int status) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		int last = -1;
		while (System.nanoTime() < deadline) {
			last = get(app, "/actuator/health/readiness").statusCode();
			if (last == status) {
				return;
			}
			Thread.onSpinWait();
		}
		throw new AssertionError("readiness answered " + last + ", not " + status + ", within 30 s");
	}

}
