package io.github.paimonspring.admin.web;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import com.jayway.jsonpath.JsonPath;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin error contract on a real embedded Tomcat (real sockets, no mock): Spring MVC errors,
 * the error dispatch and Tomcat's own rejections are problem+json on admin paths, while the
 * application's other paths keep Spring Boot's and Tomcat's usual answers.
 */
class AdminErrorsOverHttpTests {

	@TempDir
	static Path warehouse;

	static ConfigurableApplicationContext context;

	static int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() {
		context = new SpringApplicationBuilder(App.class).properties("server.port=0", "spring.main.banner-mode=off",
				"paimon.catalog.warehouse=" + warehouse, "paimon.admin.enabled=true", "paimon.admin.token=secret",
				"paimon.admin.max-json-size=1KB")
			.run();
		port = ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	@AfterAll
	static void stop() {
		if (context != null) {
			context.close();
		}
	}

	@Test
	void springMvcErrorsOnAdminPathsAreProblems() throws Exception {
		HttpResponse<String> notFound = get("/paimon/nope", "Bearer secret");
		assertProblem(notFound.statusCode(), notFound.headers().firstValue("Content-Type").orElse(""), notFound.body(),
				404);
		HttpResponse<String> unauthorized = get("/paimon/tables", null);
		assertProblem(unauthorized.statusCode(), unauthorized.headers().firstValue("Content-Type").orElse(""),
				unauthorized.body(), 401);
	}

	@Test
	void jsonBodiesOverTheLimitAreRefused() throws Exception {
		String big = "{\"commitUser\":\"" + "u".repeat(2000) + "\"}";
		HttpResponse<String> declared = send(HttpRequest.newBuilder(uri("/paimon/tables/db/t/transactions"))
			.header("Authorization", "Bearer secret")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(big))
			.build());
		assertProblem(declared.statusCode(), declared.headers().firstValue("Content-Type").orElse(""), declared.body(),
				413);
		assertThat(declared.body()).contains("max-json-size");
		// without a declared length (chunked), reading stops at the limit
		HttpResponse<String> chunked = send(HttpRequest.newBuilder(uri("/paimon/tables/db/t/transactions"))
			.header("Authorization", "Bearer secret")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofInputStream(
					() -> new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))
			.build());
		assertProblem(chunked.statusCode(), chunked.headers().firstValue("Content-Type").orElse(""), chunked.body(),
				400);
	}

	@Test
	void otherPathsKeepSpringBootsErrors() throws Exception {
		HttpResponse<String> notFound = get("/nope", null);
		assertThat(notFound.statusCode()).isEqualTo(404);
		assertThat(notFound.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/json"));
		assertThat(get("/hello", null).body()).isEqualTo("hello");
	}

	@Test
	void theErrorDispatchOfAdminRequestsIsAProblem() throws Exception {
		HttpResponse<String> admin = send(HttpRequest.newBuilder(uri("/paimon/tables"))
			.header("Authorization", "Bearer secret")
			.header("X-Send-Error", "403")
			.build());
		assertProblem(admin.statusCode(), admin.headers().firstValue("Content-Type").orElse(""), admin.body(), 403);
		HttpResponse<String> other = send(HttpRequest.newBuilder(uri("/hello")).header("X-Send-Error", "403").build());
		assertThat(other.statusCode()).isEqualTo(403);
		assertThat(other.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/json"));
		assertThat(other.body()).doesNotContain("urn:paimon-spring");
	}

	@Test
	void tomcatRejectionsOfAdminPathsAreProblemsWithoutServerInfo() throws Exception {
		for (String request : new String[] { "GET /paimon/tables/a%2Fb HTTP/1.1\r\nHost: x\r\n\r\n",
				"GET /paimon/tables/a%00b HTTP/1.1\r\nHost: x\r\n\r\n",
				"GET /paimon/tables HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(100_000) + "\r\n\r\n",
				"G@T /paimon/tables HTTP/1.1\r\nHost: x\r\n\r\n" }) {
			String[] response = raw(request);
			assertProblem(Integer.parseInt(response[0]), response[1], response[2], 400);
			assertThat(response[2]).doesNotContain("Tomcat", "Exception", "<html");
		}
	}

	@Test
	void tomcatRejectionsOfOtherPathsStayTomcatsPageWithoutServerInfo() throws Exception {
		String[] response = raw("GET /hello/a%2Fb HTTP/1.1\r\nHost: x\r\n\r\n");
		assertThat(response[0]).isEqualTo("400");
		assertThat(response[1]).startsWith("text/html");
		assertThat(response[2]).doesNotContain("Apache Tomcat/", "urn:paimon-spring");
	}

	private static void assertProblem(int status, String contentType, String body, int expected) {
		assertThat(status).as(body).isEqualTo(expected);
		assertThat(contentType).as(body).startsWith("application/problem+json");
		assertThat((Integer) JsonPath.read(body, "$.status")).isEqualTo(expected);
		assertThat((String) JsonPath.read(body, "$.type")).startsWith("urn:paimon-spring:problem:");
		assertThat((String) JsonPath.read(body, "$.title")).isNotBlank();
		assertThat((String) JsonPath.read(body, "$.detail")).isNotBlank();
	}

	private HttpResponse<String> get(String path, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return send(request.build());
	}

	private HttpResponse<String> send(HttpRequest request) throws Exception {
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static URI uri(String path) {
		return URI.create("http://127.0.0.1:" + port + path);
	}

	/** Sends bytes as they are and returns status, Content-Type and body (the server closes). */
	static String[] raw(String request) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(request.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = socket.getInputStream();
			ByteArrayOutputStream received = new ByteArrayOutputStream();
			byte[] buffer = new byte[8192];
			for (int n; (n = in.read(buffer)) > 0;) {
				received.write(buffer, 0, n);
			}
			String text = received.toString(StandardCharsets.UTF_8);
			int end = text.indexOf("\r\n\r\n");
			String head = text.substring(0, end);
			String type = "";
			for (String line : head.split("\r\n")) {
				if (line.regionMatches(true, 0, "Content-Type:", 0, 13)) {
					type = line.substring(13).trim();
				}
			}
			return new String[] { head.split(" ")[1], type, text.substring(end + 4) };
		}
	}

	/** The admin API on an embedded warehouse, one application endpoint and a filter that fails on request. */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class App {

		@Bean
		HelloController helloController() {
			return new HelloController();
		}

		@Bean
		FilterRegistrationBean<Filter> sendErrorFilter() {
			FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(
					(request, response, chain) -> {
						String status = ((HttpServletRequest) request).getHeader("X-Send-Error");
						if (status != null) {
							((HttpServletResponse) response).sendError(Integer.parseInt(status));
							return;
						}
						chain.doFilter(request, response);
					});
			registration.addUrlPatterns("/*");
			return registration;
		}

	}

	@RestController
	static class HelloController {

		@GetMapping("/hello")
		String hello() {
			return "hello";
		}

	}

}
