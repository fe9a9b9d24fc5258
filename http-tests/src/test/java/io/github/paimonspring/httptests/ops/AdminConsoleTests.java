package io.github.paimonspring.httptests.ops;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.jayway.jsonpath.JsonPath;
import com.sun.net.httpserver.HttpServer;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The admin console (Swagger UI on the {@code paimon-admin} OpenAPI group) rendered by headless
 * Chromium against the packaged sample app, and the OpenAPI document behind it. The documents need
 * the admin token, so the browser goes through a proxy that adds it.
 */
class AdminConsoleTests {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	/** Swagger UI selects a group by its display name. */
	private static final String CONSOLE = "/swagger-ui/index.html?urls.primaryName=Paimon%20admin";

	private static final String ARROW = "application/vnd.apache.arrow.stream";

	@TempDir
	Path temp;

	@Test
	void consoleShowsTheAdminOperationsAndTheSpecDocumentsThem() throws Exception {
		try (SampleAppProcess app = SampleAppProcess.start(this.temp.resolve("warehouse"), List.of("-Xmx512m"),
				"--paimon.admin.enabled=true", "--paimon.admin.token=t");
				TokenProxy proxy = new TokenProxy(app, "t")) {
			// the OpenAPI documents need the token, which a browser cannot send by itself: the console
			// is opened through a proxy that adds it, as an authenticating gateway would
			assertThat(new AdminClient(app, null).get("/v3/api-docs/paimon-admin").statusCode()).isEqualTo(401);
			assertThat(new AdminClient(app, null).get("/swagger-ui/index.html").statusCode()).isEqualTo(200);
			HttpClient browser = HttpClient.newHttpClient();
			for (String path : List.of("/v3/api-docs/swagger-config", "/v3/api-docs/paimon-admin")) {
				HttpResponse<String> fetched = browser.send(HttpRequest.newBuilder(proxy.uri(path)).build(),
						HttpResponse.BodyHandlers.ofString());
				assertThat(fetched.statusCode()).as("%s through the proxy: %s", path, fetched.body()).isEqualTo(200);
			}
			assumeTrue(Files.isExecutable(CHROMIUM), "Chromium is not installed at " + CHROMIUM
					+ " (apt-get install chromium); the admin console test needs a headless browser");
			String url = proxy.uri(CONSOLE).toString();

			String dom = chromium("dom", "--dump-dom", url);
			assertThat(dom).as("rendered console").contains("Paimon admin API")
				.contains("data-path=\"/paimon/tables/{database}/{table}/uploads\"")
				.contains("data-path=\"/paimon/transactions/{id}/batches\"")
				.contains("data-path=\"/paimon/transactions/{id}/commit\"")
				.contains("data-path=\"/paimon/transactions/{id}/abort\"")
				.contains("data-path=\"/paimon/tables/{database}/{table}/transactions\"")
				.contains("Upload an Arrow IPC stream into a transaction")
				.contains("Write and commit an Arrow IPC stream in one request")
				.contains("Commit a transaction (repeating returns the same result)");

			Path screenshot = Path.of("target", "admin-console.png").toAbsolutePath();
			Files.createDirectories(screenshot.getParent());
			Files.deleteIfExists(screenshot);
			chromium("screenshot", "--screenshot=" + screenshot, "--window-size=1400,2400", url);
			assertThat(screenshot).isRegularFile();
			assertThat(Files.size(screenshot)).as("screenshot size").isGreaterThan(20_000);
			byte[] signature = new byte[8];
			System.arraycopy(Files.readAllBytes(screenshot), 0, signature, 0, 8);
			assertThat(signature).as("PNG signature")
				.containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');

			HttpResponse<String> spec = new AdminClient(app, "t").get("/v3/api-docs/paimon-admin");
			assertThat(spec.statusCode()).as(spec.body()).isEqualTo(200);
			assertSpec(spec.body());
		}
	}

	private static void assertSpec(String spec) {
		for (String path : List.of("/paimon/transactions/{id}/batches", "/paimon/tables/{database}/{table}/uploads")) {
			Map<String, Object> schema = JsonPath.read(spec,
					"$.paths['" + path + "'].post.requestBody.content['" + ARROW + "'].schema");
			assertThat(schema).as("Arrow body of %s", path).containsEntry("type", "string").containsEntry("format", "binary");
			assertThat(JsonPath.<Boolean>read(spec, "$.paths['" + path + "'].post.requestBody.required")).isTrue();
		}
		Map<String, List<String>> errors = Map.of(
				"post /paimon/tables/{database}/{table}/uploads", List.of("400", "401", "404", "409", "413", "415", "422"),
				"post /paimon/transactions/{id}/batches", List.of("400", "401", "404", "409", "413", "415", "422"),
				"post /paimon/tables/{database}/{table}/transactions", List.of("400", "401", "404", "415", "422", "429"),
				"post /paimon/transactions/{id}/commit", List.of("400", "401", "404", "409"),
				"post /paimon/transactions/{id}/abort", List.of("401", "404", "409"),
				"post /paimon/tables/{database}/{table}/truncate", List.of("400", "401", "404", "409"),
				"get /paimon/tables/{database}/{table}", List.of("400", "401", "404"),
				"get /paimon/transactions/{id}", List.of("401", "404"),
				"get /paimon/transactions", List.of("401"),
				"get /paimon/tables", List.of("401"));
		errors.forEach((operation, codes) -> {
			String[] parts = operation.split(" ");
			Map<String, Object> responses = JsonPath.read(spec, "$.paths['" + parts[1] + "']." + parts[0] + ".responses");
			assertThat(responses.keySet()).as("responses of %s", operation).containsAll(codes);
			for (String code : codes) {
				assertThat(JsonPath.<String>read(spec,
						"$.paths['" + parts[1] + "']." + parts[0] + ".responses['" + code + "'].description"))
					.as("description of %s %s", operation, code)
					.isNotBlank();
			}
			assertThat(JsonPath.<List<Object>>read(spec, "$.paths['" + parts[1] + "']." + parts[0] + ".security[*]['paimon-bearer']"))
				.as("security of %s", operation)
				.hasSize(1);
		});
		Map<String, Object> bearer = JsonPath.read(spec, "$.components.securitySchemes['paimon-bearer']");
		assertThat(bearer).containsEntry("type", "http").containsEntry("scheme", "bearer");
	}

	/**
	 * A reverse proxy on a free local port that forwards every request to the app with
	 * {@code Authorization: Bearer <token>}.
	 */
	private static final class TokenProxy implements AutoCloseable {

		private static final Set<String> HOP_BY_HOP = Set.of("host", "connection", "content-length", "transfer-encoding",
				"upgrade", "keep-alive", "expect", "authorization");

		private final HttpServer server;

		private final ExecutorService executor = Executors.newFixedThreadPool(4);

		TokenProxy(SampleAppProcess app, String token) throws IOException {
			HttpClient client = HttpClient.newHttpClient();
			this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
			this.server.createContext("/", (exchange) -> {
				try (exchange) {
					HttpRequest.Builder request = HttpRequest.newBuilder(app.uri(exchange.getRequestURI().toString()))
						.method(exchange.getRequestMethod(),
								HttpRequest.BodyPublishers.ofByteArray(exchange.getRequestBody().readAllBytes()));
					exchange.getRequestHeaders().forEach((name, values) -> {
						if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
							values.forEach((value) -> request.header(name, value));
						}
					});
					request.header("Authorization", "Bearer " + token);
					HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
					response.headers().map().forEach((name, values) -> {
						if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) {
							exchange.getResponseHeaders().put(name, values);
						}
					});
					byte[] body = response.body();
					exchange.sendResponseHeaders(response.statusCode(), (body.length == 0) ? -1 : body.length);
					if (body.length > 0) {
						exchange.getResponseBody().write(body);
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			});
			this.server.setExecutor(this.executor);
			this.server.start();
		}

		URI uri(String path) {
			return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + path);
		}

		@Override
		public void close() {
			this.server.stop(0);
			this.executor.shutdownNow();
		}

	}

	/** Runs headless Chromium once and returns its standard output. */
	private String chromium(String name, String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
				"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
				"--user-data-dir=" + this.temp.resolve("chromium-" + name), "--virtual-time-budget=15000"));
		command.addAll(List.of(args));
		Path out = this.temp.resolve("chromium-" + name + ".out");
		Path err = this.temp.resolve("chromium-" + name + ".err");
		Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		if (!process.waitFor(2, TimeUnit.MINUTES)) {
			process.destroyForcibly().waitFor();
			throw new IllegalStateException("Chromium (" + name + ") did not finish in 2 minutes:\n" + Files.readString(err));
		}
		assertThat(process.exitValue()).as("Chromium (%s) exit code; stderr:%n%s", name, Files.readString(err)).isZero();
		return Files.readString(out, StandardCharsets.UTF_8);
	}

}
