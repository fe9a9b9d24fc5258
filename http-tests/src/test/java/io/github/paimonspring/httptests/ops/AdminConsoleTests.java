package io.github.paimonspring.httptests.ops;

import java.io.File;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
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
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The admin console as a person uses it, in headless Chromium driven by Selenium (Debian's
 * {@code chromium} and {@code chromium-driver}) against the packaged sample app, without a proxy:
 * open {@value #CONSOLE}, sign in by typing the token, list the tables with <em>Try it out</em>, upload
 * an Arrow file chosen in the page's file input, and read the rows back with Paimon's reader. Each step
 * leaves a screenshot in {@code target/admin-console/}. Also checks the OpenAPI document behind it.
 */
class AdminConsoleTests {

	/** The console URL the documentation gives. */
	static final String CONSOLE = "/swagger-ui.html";

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private static final Path SCREENSHOTS = Path.of("target", "admin-console").toAbsolutePath();

	private static final String ARROW = "application/vnd.apache.arrow.stream";

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

			assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
					"the admin console test needs Chromium and its driver at " + CHROMIUM + " and " + CHROMEDRIVER
							+ " (apt-get install chromium chromium-driver)");
			WebDriver browser = browser();
			try {
				WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
				browser.get(app.uri(CONSOLE).toString());
				WebElement token = wait.until(ExpectedConditions.elementToBeClickable(By.id("paimon-admin-token")));
				screenshot(browser, "01-sign-in", token);
				assertThat(browser.getPageSource()).doesNotContain("/paimon/tables");
				token.sendKeys(TOKEN);
				browser.findElement(By.id("paimon-sign-in-button")).click();

				WebElement title = wait.until(ExpectedConditions.visibilityOfElementLocated(By
						.cssSelector(".info .title")));
				assertThat(title.getText()).contains("Paimon admin API");
				wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));
				// the bearer scheme is pre-authorized with the token: Authorize shows it as such
				assertThat(browser.findElement(By.cssSelector(".btn.authorize")).getAttribute("class"))
						.contains("locked");
				assertThat(browser.findElement(By.id("paimon-sign-out")).getText()).isEqualTo("Sign out");
				screenshot(browser, "02-signed-in", title);

				WebElement tables = operation(wait, "get", "/paimon/tables");
				String listed = execute(wait, tables, Map.of());
				assertThat(JsonPath.<List<String>>read(listed, "$[*].identifier")).contains("console.events",
						"shop.orders");
				screenshot(browser, "03-tables", tables.findElement(By.cssSelector(".live-responses-table")));

				WebElement upload = operation(wait, "post", "/paimon/tables/{database}/{table}/uploads");
				String uploaded = execute(wait, upload, Map.of("database", "console", "table", "events"), arrowFile);
				assertThat(JsonPath.<Boolean>read(uploaded, "$.committed")).as(uploaded).isTrue();
				assertThat(JsonPath.<Integer>read(uploaded, "$.rows")).as(uploaded).isEqualTo(2);
				screenshot(browser, "04-uploaded", upload.findElement(By.cssSelector(".live-responses-table")));
			}
			finally {
				browser.quit();
			}
		}
		try (Warehouse fixture = new Warehouse(warehouse)) {
			assertThat(fixture.idNames("console.events")).containsExactlyInAnyOrder("1:alice", "2:bob");
		}
		for (String step : List.of("01-sign-in", "02-signed-in", "03-tables", "04-uploaded")) {
			Path screenshot = SCREENSHOTS.resolve(step + ".png");
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
			assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
					"the admin console test needs Chromium and its driver at " + CHROMIUM + " and " + CHROMEDRIVER
							+ " (apt-get install chromium chromium-driver)");
			WebDriver browser = browser();
			try {
				WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
				browser.get(app.uri(CONSOLE).toString());
				wait.until(ExpectedConditions.elementToBeClickable(By.id("paimon-admin-token"))).sendKeys(token);
				browser.findElement(By.id("paimon-sign-in-button")).click();
				wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-summary-path")));

				String listed = execute(wait, operation(wait, "get", "/paimon/tables"), Map.of());
				assertThat(JsonPath.<List<String>>read(listed, "$[*].identifier")).containsExactly("console.events");
				String uploaded = execute(wait, operation(wait, "post", "/paimon/tables/{database}/{table}/uploads"),
						Map.of("database", "console", "table", "events"), arrowFile);
				assertThat(JsonPath.<Boolean>read(uploaded, "$.committed")).as(uploaded).isTrue();
				WebElement truncate = operation(wait, "post", "/paimon/tables/{database}/{table}/truncate");
				String refused = execute(wait, truncate, Map.of("database", "console", "table", "events"), "403");
				assertThat(JsonPath.<String>read(refused, "$.scope")).isEqualTo("admin");
				assertThat(refused).contains("console.events").doesNotContain(token);
				screenshot(browser, "05-forbidden", truncate.findElement(By.cssSelector(".live-responses-table")));
				// a 403 is an answer, not a sign-out: the console stays signed in
				assertThat(browser.findElement(By.id("paimon-sign-out")).getText()).isEqualTo("Sign out");
			}
			finally {
				browser.quit();
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

	/** Expands an operation and returns its block once Swagger UI rendered it. */
	private static WebElement operation(WebDriverWait wait, String method, String path) {
		By summary = By.cssSelector(".opblock-" + method + " .opblock-summary-path[data-path='" + path + "']");
		WebElement link = wait.until(ExpectedConditions.elementToBeClickable(summary));
		WebElement block = link.findElement(By.xpath("ancestor::div[contains(@class,'opblock ')][1]"));
		link.click();
		wait.until((driver) -> !block.findElements(By.cssSelector(".try-out__btn")).isEmpty());
		return block;
	}

	/**
	 * Clicks <em>Try it out</em>, types the parameters, chooses the file (if any) in the body's file
	 * input, clicks <em>Execute</em> and returns the response body once it shows a 2xx status.
	 */
	private static String execute(WebDriverWait wait, WebElement block, Map<String, String> parameters, Path... file) {
		return execute(wait, block, parameters, "2", file);
	}

	/** Runs an operation in the page and returns the response body shown, checking the status's first digits. */
	private static String execute(WebDriverWait wait, WebElement block, Map<String, String> parameters,
			String status, Path... file) {
		block.findElement(By.cssSelector(".try-out__btn")).click();
		parameters.forEach((name, value) -> {
			WebElement input = wait.until((driver) -> block
				.findElements(By.cssSelector("tr[data-param-name='" + name + "'] input"))
				.stream()
				.findFirst()
				.orElse(null));
			input.clear();
			input.sendKeys(value);
		});
		if (file.length > 0) {
			List<WebElement> types = block.findElements(By.cssSelector(".body-param-content-type select"));
			if (!types.isEmpty()) {
				new Select(types.get(0)).selectByVisibleText(ARROW);
			}
			WebElement chooser = wait.until((driver) -> block.findElements(By.cssSelector("input[type='file']"))
				.stream()
				.findFirst()
				.orElse(null));
			chooser.sendKeys(file[0].toAbsolutePath().toString());
		}
		block.findElement(By.cssSelector(".btn.execute")).click();
		WebElement shown = wait.until((driver) -> block
			.findElements(By.cssSelector(".live-responses-table .response .response-col_status"))
			.stream()
			.findFirst()
			.orElse(null));
		String body = wait.until((driver) -> {
			List<WebElement> bodies = block.findElements(By
					.cssSelector(".live-responses-table .response-col_description pre"));
			return bodies.isEmpty() || bodies.get(0).getText().isBlank() ? null : bodies.get(0).getText();
		});
		assertThat(shown.getText()).as("status of the request; response: %s", body).startsWith(status);
		return body;
	}

	private WebDriver browser() throws Exception {
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--disable-dev-shm-usage", "--window-size=1400,1200",
				"--user-data-dir=" + Files.createTempDirectory(this.temp, "chromium-profile"));
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.withLogFile(this.temp.resolve("chromedriver.log").toFile())
			.build();
		return new ChromeDriver(service, options);
	}

	/** Scrolls an element to the middle of the window and saves a screenshot of the step. */
	private static void screenshot(WebDriver browser, String step, WebElement shown) throws Exception {
		((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView({block: 'center'})", shown);
		File shot = ((ChromeDriver) browser).getScreenshotAs(OutputType.FILE);
		Files.createDirectories(SCREENSHOTS);
		Files.copy(shot.toPath(), SCREENSHOTS.resolve(step + ".png"), StandardCopyOption.REPLACE_EXISTING);
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
