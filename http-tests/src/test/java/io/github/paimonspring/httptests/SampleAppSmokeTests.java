package io.github.paimonspring.httptests;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Starts the packaged sample app jar with plain {@code java -jar} (its manifest carries the Arrow
 * {@code Add-Opens}) and drives its own order API over HTTP. Its log has none of Paimon's misleading
 * lines (no Hadoop configuration files, the "uncertain" commit line), and a clean stop leaves no
 * instance record in the warehouse.
 */
class SampleAppSmokeTests {

	@TempDir
	Path warehouse;

	@Test
	void packagedJarStartsAndWritesOrders() throws Exception {
		SampleAppProcess started = SampleAppProcess.start(this.warehouse, List.of("-Xmx512m"));
		try (SampleAppProcess app = started) {
			HttpClient client = HttpClient.newHttpClient();
			HttpResponse<String> created = client.send(HttpRequest.newBuilder(app.uri("/orders"))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(
						"[{\"orderId\": 7, \"customer\": \"zoe\", \"amount\": 1.99, \"createdAt\": "
								+ "\"2026-11-30T12:00:00\"}]"))
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
			HttpResponse<String> listed = client.send(HttpRequest.newBuilder(app.uri("/orders")).GET().build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(listed.body()).contains("\"orderId\":7").contains("\"customer\":\"zoe\"");
			assertThat(app.output()).doesNotContain("add-opens")
				.doesNotContain("Could not find Hadoop configuration")
				.doesNotContain("Uncertain of success")
				.contains("Registered instance");
			assertThat(this.warehouse.resolve("shop.db/orders")).isDirectory();
			assertThat(this.warehouse.resolve("shop.db/events")).isDirectory();
			assertThat(instanceRecords()).hasSize(1);
		}
		assertThat(started.isAlive()).isFalse();
		assertThat(instanceRecords()).as("instance records after a clean stop (SIGTERM)").isEmpty();
	}

	private List<Path> instanceRecords() throws IOException {
		Path directory = this.warehouse.resolve("_paimon-spring/instance");
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> !file.getFileName().toString().startsWith(".")).toList();
		}
	}

}
