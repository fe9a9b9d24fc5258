package io.github.paimonspring.httptests.ops;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.admin.console.ConsoleBrowser;
import io.github.paimonspring.admin.web.AccessMatrix;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin console as a person uses it, in headless Chromium driven by Selenium (Debian's
 * {@code chromium} and {@code chromium-driver}) against the packaged sample app, without a proxy:
 * open {@value #CONSOLE}, sign in by typing the token, list the tables with <em>Try it out</em>, upload
 * an Arrow file chosen in the page's file input, and read the rows back with Paimon's reader. Each step
 * leaves a screenshot in {@code target/admin-console/}. Also checks the OpenAPI document behind it.
 */
class AdminConsoleTests {

	/** The console URL the documentation gives. */
	static final String CONSOLE = ConsoleBrowser.CONSOLE;

	private static final String ARROW = ConsoleBrowser.ARROW;

	private static final String TOKEN = "console-token";

	@TempDir
	Path temp;

	@Test
	void aPersonSignsInListsTablesAndUploadsAnArrowFileInABrowser() throws Exception {
		Path warehouse = this.temp.resolve("warehouse");
		try (Warehouse fixture = new Warehouse(warehouse)) {
			fixture.create("console.events",
					Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING()).build());
		}
		Path arrowFile = this.temp.resolve("events.arrows");
		Files.write(arrowFile, ArrowBodies.idName(1, "alice", 2, "bob"));
		try (SampleAppProcess app = SampleAppProcess.start(warehouse, List.of("-Xmx512m"),
				"--paimon.admin.enabled=true",
				"--paimon.admin.token=" + TOKEN)) {
			// the page is static and public, what it loads needs the token
			AdminClient anonymous = new AdminClient(app, null);
			assertThat(anonymous.get("/v3/api-docs/paimon-admin").statusCode()).isEqualTo(401);
			assertThat(anonymous.get("/v3/api-docs/swagger-config").statusCode()).isEqualTo(401);
			HttpResponse<String> initializer = anonymous.get("/swagger-ui/swagger-initializer.js");
			assertThat(initializer.statusCode()).isEqualTo(200);
			assertThat(initializer.body()).contains("paimon-sign-in").contains("requestInterceptor")
				.doesNotContain("/paimon/tables").doesNotContain("console.events").doesNotContain(TOKEN);

			try (ConsoleBrowser browser = ConsoleBrowser.start(this.temp)) {
				WebDriverWait wait = browser.await();
				browser.driver().get(app.uri(CONSOLE).toString());
				WebElement token = wait.until(ExpectedConditions.elementToBeClickable(By.id("paimon-admin-token")));
				browser.screenshot("01-sign-in", token);
				assertThat(browser.driver().getPageSource()).doesNotContain("/paimon/tables");
				token.sendKeys(TOKEN);
				browser.driver().findElement(By.id("paimon-sign-in-button")).click();

				WebElement title = wait.until(ExpectedConditions.visibilityOfElementLocated(By
						.cssSelector(".info .title")));
				assertThat(title.getText()).contains("Paimon admin API");
				wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));
				// the bearer scheme is pre-authorized with the token: Authorize shows it as such
				assertThat(browser.driver().findElement(By.cssSelector(".btn.authorize")).getAttribute("class"))
						.contains("locked");
				assertThat(browser.driver().findElement(By.id("paimon-sign-out")).getText()).isEqualTo("Sign out");
				browser.screenshot("02-signed-in", title);

				WebElement tables = browser.operation("get", "/paimon/tables");
				String listed = browser.execute(tables, Map.of());
				assertThat(JsonPath.<List<String>>read(listed, "$[*].identifier")).contains("console.events",
						"shop.orders");
				browser.screenshot("03-tables", tables.findElement(By.cssSelector(".live-responses-table")));

				WebElement upload = browser.operation("post", "/paimon/tables/{database}/{table}/uploads");
				String uploaded = browser.execute(upload, Map.of("database", "console", "table", "events"), arrowFile);
				assertThat(JsonPath.<Boolean>read(uploaded, "$.committed")).as(uploaded).isTrue();
				assertThat(JsonPath.<Integer>read(uploaded, "$.rows")).as(uploaded).isEqualTo(2);
				browser.screenshot("04-uploaded", upload.findElement(By.cssSelector(".live-responses-table")));
			}
		}
		try (Warehouse fixture = new Warehouse(warehouse)) {
			assertThat(fixture.idNames("console.events")).containsExactlyInAnyOrder("1:alice", "2:bob");
		}
		for (String step : List.of("01-sign-in", "02-signed-in", "03-tables", "04-uploaded")) {
			Path screenshot = ConsoleBrowser.screenshotOf(step);
			assertThat(Files.size(screenshot)).as("screenshot %s", screenshot).isGreaterThan(10_000);
		}
	}

	@Test
	void aScopedCredentialSignsInAndSeesWhatItMayNotDo() throws Exception {
		Path warehouse = this.temp.resolve("warehouse");
		try (Warehouse fixture = new Warehouse(warehouse)) {
			fixture.create("console.events",
					Schema.newBuilder().column("id", DataTypes.INT()).column("name", DataTypes.STRING()).build());
		}
		Path arrowFile = this.temp.resolve("events.arrows");
		Files.write(arrowFile, ArrowBodies.idName(1, "alice"));
		String token = "console-ingest-0123456789";
		try (SampleAppProcess app = SampleAppProcess.start(warehouse, List.of("-Xmx512m"),
				"--paimon.admin.enabled=true",
				"--paimon.admin.credentials.console-writer.token-hashes=" + AccessMatrix.hash(token),
				"--paimon.admin.credentials.console-writer.scopes=ingest",
				"--paimon.admin.credentials.console-writer.tables=console.*")) {
			try (ConsoleBrowser browser = ConsoleBrowser.start(this.temp)) {
				WebDriverWait wait = browser.await();
				browser.driver().get(app.uri(CONSOLE).toString());
				wait.until(ExpectedConditions.elementToBeClickable(By.id("paimon-admin-token"))).sendKeys(token);
				browser.driver().findElement(By.id("paimon-sign-in-button")).click();
				wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));

				String listed = browser.execute(browser.operation("get", "/paimon/tables"), Map.of());
				assertThat(JsonPath.<List<String>>read(listed, "$[*].identifier")).containsExactly("console.events");
				WebElement upload = browser.operation("post", "/paimon/tables/{database}/{table}/uploads");
				String uploaded = browser.execute(upload, Map.of("database", "console", "table", "events"), arrowFile);
				assertThat(JsonPath.<Boolean>read(uploaded, "$.committed")).as(uploaded).isTrue();
				WebElement truncate = browser.operation("post", "/paimon/tables/{database}/{table}/truncate");
				String refused = browser.execute(truncate, Map.of("database", "console", "table", "events"), "403");
				assertThat(JsonPath.<String>read(refused, "$.scope")).isEqualTo("admin");
				assertThat(refused).contains("console.events").doesNotContain(token);
				browser.screenshot("05-forbidden", truncate.findElement(By.cssSelector(".live-responses-table")));
				// a 403 is an answer, not a sign-out: the console stays signed in
				assertThat(browser.driver().findElement(By.id("paimon-sign-out")).getText()).isEqualTo("Sign out");
			}
		}
		try (Warehouse fixture = new Warehouse(warehouse)) {
			assertThat(fixture.idNames("console.events")).containsExactly("1:alice");
		}
	}

	@Test
	void theOpenApiDocumentDescribesEveryOperationItsErrorsAndTheBearerScheme() throws Exception {
		try (SampleAppProcess app = SampleAppProcess.start(this.temp.resolve("warehouse"), List.of("-Xmx512m"),
				"--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN)) {
			HttpResponse<String> spec = new AdminClient(app, TOKEN).get("/v3/api-docs/paimon-admin");
			assertThat(spec.statusCode()).as(spec.body()).isEqualTo(200);
			assertSpec(spec.body());
			HttpResponse<String> config = new AdminClient(app, TOKEN).get("/v3/api-docs/swagger-config");
			assertThat(config.statusCode()).as(config.body()).isEqualTo(200);
			assertThat(JsonPath.<List<String>>read(config.body(), "$.urls[*].name")).contains("Paimon admin");
		}
	}

	private static void assertSpec(String spec) {
		for (String path : List.of("/paimon/transactions/{id}/batches", "/paimon/tables/{database}/{table}/uploads")) {
			Map<String, Object> schema = JsonPath.read(spec,
					"$.paths['" + path + "'].post.requestBody.content['" + ARROW + "'].schema");
			assertThat(schema).as("Arrow body of %s", path).containsEntry("type", "string").containsEntry("format",
					"binary");
			assertThat(JsonPath.<Boolean>read(spec, "$.paths['" + path + "'].post.requestBody.required")).isTrue();
		}
		Map<String, List<String>> errors = Map.of(
				"post /paimon/tables/{database}/{table}/uploads", List.of("400", "401", "404", "409", "413", "415",
						"422"),
				"post /paimon/transactions/{id}/batches", List.of("400", "401", "404", "409", "413", "415", "422"),
				"post /paimon/tables/{database}/{table}/transactions", List.of("400", "401", "404", "415", "422",
						"429"),
				"post /paimon/transactions/{id}/commit", List.of("400", "401", "404", "409"),
				"post /paimon/transactions/{id}/abort", List.of("401", "404", "409"),
				"post /paimon/tables/{database}/{table}/truncate", List.of("400", "401", "404", "409"),
				"get /paimon/tables/{database}/{table}", List.of("400", "401", "404"),
				"get /paimon/transactions/{id}", List.of("401", "404"),
				"get /paimon/transactions", List.of("401"),
				"get /paimon/tables", List.of("401"));
		errors.forEach((operation, codes) -> {
			String[] parts = operation.split(" ");
			Map<String, Object> responses = JsonPath.read(spec,
					"$.paths['" + parts[1] + "']." + parts[0] + ".responses");
			assertThat(responses.keySet()).as("responses of %s", operation).containsAll(codes);
			for (String code : codes) {
				assertThat(JsonPath.<String>read(spec,
						"$.paths['" + parts[1] + "']." + parts[0] + ".responses['" + code + "'].description"))
					.as("description of %s %s", operation, code)
					.isNotBlank();
			}
			assertThat(JsonPath.<List<Object>>read(spec,
					"$.paths['" + parts[1] + "']." + parts[0] + ".security[*]['paimon-bearer']"))
				.as("security of %s", operation)
				.hasSize(1);
		});
		Map<String, Object> bearer = JsonPath.read(spec, "$.components.securitySchemes['paimon-bearer']");
		assertThat(bearer).containsEntry("type", "http").containsEntry("scheme", "bearer");
	}

}
