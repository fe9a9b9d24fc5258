package io.github.paimonspring.httptests;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A real HTTP client (JDK {@link HttpClient}) for the admin API of a running sample app.
 */
public final class AdminClient {

	public static final String ARROW = "application/vnd.apache.arrow.stream";

	private final SampleAppProcess app;

	private final String token;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	public AdminClient(SampleAppProcess app, String token) {
		this.app = app;
		this.token = token;
	}

	public HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return send(request(path).GET().build());
	}

	public HttpResponse<String> postJson(String path, String json) throws IOException, InterruptedException {
		return send(request(path).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
			.build());
	}

	public HttpResponse<String> postArrow(String path, byte[] body) throws IOException, InterruptedException {
		return send(request(path).header("Content-Type",
				ARROW).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
	}

	public HttpResponse<String> postArrow(String path, byte[] body, String header, String value)
			throws IOException, InterruptedException {
		return send(request(path).header("Content-Type", ARROW)
			.header(header, value)
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build());
	}

	public HttpResponse<String> post(String path, String contentType, byte[] body)
			throws IOException, InterruptedException {
		HttpRequest.Builder builder = request(path);
		if (contentType != null) {
			builder.header("Content-Type", contentType);
		}
		return send(builder.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
	}

	public HttpRequest.Builder request(String path) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(this.app.uri(path)).timeout(Duration.ofMinutes(10));
		if (this.token != null) {
			builder.header("Authorization", "Bearer " + this.token);
		}
		return builder;
	}

	public HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	public HttpClient http() {
		return this.http;
	}

	public URI uri(String path) {
		return this.app.uri(path);
	}

}
