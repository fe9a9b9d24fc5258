package io.github.paimonspring.admin.console;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

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
 * The admin console (springdoc's Swagger UI) in headless Chromium, driven by Selenium as a person would use it
 * (Debian's {@code chromium} and {@code chromium-driver}): expand an operation, <em>Try it out</em>, type the
 * parameters, choose a file, <em>Execute</em>, read the response shown. Screenshots of the steps go to
 * {@code target/admin-console/}. Shared by the admin module's and http-tests' console tests.
 */
public final class ConsoleBrowser implements AutoCloseable {

	/** The console URL the documentation gives. */
	public static final String CONSOLE = "/swagger-ui.html";

	/** The Arrow IPC stream media type, as the console offers it for request bodies. */
	public static final String ARROW = "application/vnd.apache.arrow.stream";

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private static final Path SCREENSHOTS = Path.of("target", "admin-console").toAbsolutePath();

	private final WebDriver driver;

	private final WebDriverWait wait;

	private ConsoleBrowser(WebDriver driver) {
		this.driver = driver;
		this.wait = new WebDriverWait(driver, Duration.ofSeconds(60));
	}

	/**
	 * Starts a headless Chromium, or skips the test when Chromium or its driver is not installed.
	 * @param temp a directory for the browser's profile and the driver's log
	 * @return the browser
	 * @throws Exception if the browser cannot be started
	 */
	public static ConsoleBrowser start(Path temp) throws Exception {
		assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
				"the admin console tests need Chromium and its driver at " + CHROMIUM + " and " + CHROMEDRIVER
						+ " (apt-get install chromium chromium-driver)");
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--disable-dev-shm-usage", "--window-size=1400,1200",
				"--user-data-dir=" + Files.createTempDirectory(temp, "chromium-profile"));
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.withLogFile(temp.resolve("chromedriver.log").toFile())
			.build();
		return new ConsoleBrowser(new ChromeDriver(service, options));
	}

	/**
	 * Returns the driver.
	 * @return the driver
	 */
	public WebDriver driver() {
		return this.driver;
	}

	/**
	 * Returns a wait of 60 s on this browser.
	 * @return the wait
	 */
	public WebDriverWait await() {
		return this.wait;
	}

	/**
	 * Expands an operation and returns its block once Swagger UI rendered it.
	 * @param method the HTTP method, lower case
	 * @param path the path template, as the OpenAPI document gives it
	 * @return the operation's block
	 */
	public WebElement operation(String method, String path) {
		By summary = By.cssSelector(".opblock-" + method + " .opblock-summary-path[data-path='" + path + "']");
		WebElement link = this.wait.until(ExpectedConditions.elementToBeClickable(summary));
		WebElement block = link.findElement(By.xpath("ancestor::div[contains(@class,'opblock ')][1]"));
		link.click();
		this.wait.until((driver) -> !block.findElements(By.cssSelector(".try-out__btn")).isEmpty());
		return block;
	}

	/**
	 * Clicks <em>Try it out</em>, types the parameters, chooses the file (if any) in the body's file input, clicks
	 * <em>Execute</em> and returns the response body once it shows a 2xx status.
	 * @param block the operation's block
	 * @param parameters the parameters by name
	 * @param file the Arrow file of the body, if any
	 * @return the response body shown
	 */
	public String execute(WebElement block, Map<String, String> parameters, Path... file) {
		return execute(block, parameters, "2", file);
	}

	/**
	 * Runs an operation in the page and returns the response body shown, checking the status's first digits.
	 * @param block the operation's block
	 * @param parameters the parameters by name
	 * @param status what the status shown must start with
	 * @param file the Arrow file of the body, if any
	 * @return the response body shown
	 */
	public String execute(WebElement block, Map<String, String> parameters, String status, Path... file) {
		block.findElement(By.cssSelector(".try-out__btn")).click();
		parameters.forEach((name, value) -> {
			WebElement input = this.wait.until((driver) -> block
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
			WebElement chooser = this.wait.until((driver) -> block.findElements(By.cssSelector("input[type='file']"))
				.stream()
				.findFirst()
				.orElse(null));
			chooser.sendKeys(file[0].toAbsolutePath().toString());
		}
		block.findElement(By.cssSelector(".btn.execute")).click();
		WebElement shown = this.wait.until((driver) -> block
			.findElements(By.cssSelector(".live-responses-table .response .response-col_status"))
			.stream()
			.findFirst()
			.orElse(null));
		String body = this.wait.until((driver) -> {
			List<WebElement> bodies = block.findElements(By
				.cssSelector(".live-responses-table .response-col_description pre"));
			return bodies.isEmpty() || bodies.get(0).getText().isBlank() ? null : bodies.get(0).getText();
		});
		assertThat(shown.getText()).as("status of the request; response: %s", body).startsWith(status);
		return body;
	}

	/**
	 * Scrolls an element to the middle of the window and saves a screenshot of the step.
	 * @param step the screenshot's name
	 * @param shown the element to show
	 * @return the screenshot's file
	 * @throws Exception if it cannot be saved
	 */
	public Path screenshot(String step, WebElement shown) throws Exception {
		((JavascriptExecutor) this.driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", shown);
		File shot = ((ChromeDriver) this.driver).getScreenshotAs(OutputType.FILE);
		Files.createDirectories(SCREENSHOTS);
		Path saved = SCREENSHOTS.resolve(step + ".png");
		Files.copy(shot.toPath(), saved, StandardCopyOption.REPLACE_EXISTING);
		return saved;
	}

	/**
	 * Returns where the screenshot of a step is saved.
	 * @param step the step
	 * @return the file
	 */
	public static Path screenshotOf(String step) {
		return SCREENSHOTS.resolve(step + ".png");
	}

	@Override
	public void close() {
		this.driver.quit();
	}

}
