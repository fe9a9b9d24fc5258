package io.github.paimonspring.httptests;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Starts the packaged sample app jar with plain {@code java -jar} (its manifest carries the Arrow
 * {@code Add-Opens}) and drives its own order API over HTTP.
 */
class SampleAppSmokeTests {

	@TempDir
	Path warehouse;

	@Test
	void packagedJarStartsAndWritesOrders() throws Exception {
		try (SampleAppProcess app = SampleAppProcess.start(this.warehouse, List.of("-Xmx512m"))) {
			HttpClient client = HttpClient.newHttpClient();
			HttpResponse<String> created = client.send(HttpRequest.newBuilder(app.uri("/orders"))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(
						"[{\"orderId\": 7, \"customer\": \"zoe\", \"amount\": 1.99, \"createdAt\": \"2026-11-30T12:00:00\"}]"))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
			HttpResponse<String> listed = client.send(HttpRequest.newBuilder(app.uri("/orders")).GET().build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(listed.body()).contains("\"orderId\":7").contains("\"customer\":\"zoe\"");
			assertThat(app.output()).doesNotContain("add-opens");
			assertThat(this.warehouse.resolve("shop.db/orders")).isDirectory();
			assertThat(this.warehouse.resolve("shop.db/events")).isDirectory();
		}
	}

}
