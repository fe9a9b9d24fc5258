package io.github.paimonspring.admin.console;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.actuate.ActuatorFixtures;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin console behind an application's browser login, as docs/rest-api.md describes it: Spring Security's
 * form login, CSRF protection kept on with the token in a cookie ({@code csrf.spa()}), and
 * {@code springdoc.swagger-ui.csrf.enabled=true}, so that the console sends the token with its requests. A person
 * signs in on the application's login page, lists the tables and uploads an Arrow file in the console — the
 * upload on the first try —, and sees a 403 for what the user's authorities do not grant. Real server, real
 * table, headless Chromium.
 */
class AdminConsoleSpringSecurityTests {

	@TempDir
	Path temp;

	@Test
	void aPersonSignsInWithTheApplicationsLoginAndUploadsInTheConsole() throws Exception {
		Path warehouse = this.temp.resolve("warehouse");
		try (TestWarehouse tables = new TestWarehouse(warehouse)) {
			for (String table : List.of("shop.visits", "finance.ledger")) {
				tables.create(table, Schema.newBuilder().column("id", DataTypes.INT())
					.column("name", DataTypes.STRING())
					.build());
			}
			Path arrowFile = this.temp.resolve("visits.arrows");
			Files.write(arrowFile, ActuatorFixtures.arrowStream(1, "alice", 2, "bob"));
			try (ConfigurableApplicationContext app = new SpringApplicationBuilder(FormLoginApplication.class)
				.properties("server.port=0", "spring.main.banner-mode=off", "paimon.catalog.warehouse=" + warehouse,
						"paimon.admin.enabled=true", "springdoc.swagger-ui.csrf.enabled=true")
				.run(); ConsoleBrowser browser = ConsoleBrowser.start(this.temp)) {
				String base = "http://127.0.0.1:" + ((WebServerApplicationContext) app).getWebServer().getPort();
				browser.driver().get(base + ConsoleBrowser.CONSOLE);
				// the application's login page, not the console's token sign-in
				WebElement user = browser.await().until(ExpectedConditions.elementToBeClickable(By.id("username")));
				assertThat(browser.driver().getPageSource()).doesNotContain("paimon-admin-token");
				user.sendKeys("writer");
				browser.driver().findElement(By.id("password")).sendKeys("writer-pw");
				browser.screenshot("10-application-login", user);
				browser.driver().findElement(By.cssSelector("button[type='submit']")).click();

				WebElement title = browser.await()
					.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".info .title")));
				assertThat(title.getText()).contains("Paimon admin API");
				String listed = browser.execute(browser.operation("get", "/paimon/tables"), Map.of());
				assertThat(JsonPath.<List<String>>read(listed, "$[*].identifier")).containsExactly("shop.visits");

				long ledger = tables.snapshotCount("finance.ledger");
				WebElement upload = browser.operation("post", "/paimon/tables/{database}/{table}/uploads");
				String uploaded = browser.execute(upload, Map.of("database", "shop", "table", "visits"), arrowFile);
				assertThat(JsonPath.<Boolean>read(uploaded, "$.committed")).as(uploaded).isTrue();
				browser.screenshot("11-uploaded-after-login",
						upload.findElement(By.cssSelector(".live-responses-table")));
				assertThat(tables.idNames("shop.visits")).containsExactlyInAnyOrder("1:alice", "2:bob");

				// CSRF protection is on: the session's own POST without the token is refused and changes nothing;
				// with the token of the XSRF-TOKEN cookie in X-XSRF-TOKEN, as the console sends it, it is accepted
				String carol = Base64.getEncoder().encodeToString(ActuatorFixtures.arrowStream(3, "carol"));
				assertThat(post(browser, carol, false)).isEqualTo(403L);
				assertThat(tables.idNames("shop.visits")).containsExactlyInAnyOrder("1:alice", "2:bob");
				assertThat(post(browser, carol, true)).isEqualTo(200L);
				assertThat(tables.idNames("shop.visits")).containsExactlyInAnyOrder("1:alice", "2:bob", "3:carol");

				WebElement truncate = browser.operation("post", "/paimon/tables/{database}/{table}/truncate");
				String refused = browser.execute(truncate, Map.of("database", "shop", "table", "visits"), "403");
				assertThat(JsonPath.<String>read(refused, "$.scope")).isEqualTo("admin");
				assertThat(tables.idNames("shop.visits")).hasSize(3);
				assertThat(tables.snapshotCount("finance.ledger")).isEqualTo(ledger);
			}
		}
	}

	/** Uploads an Arrow stream (base64) from the page with the session's cookies; returns the status. */
	private static Object post(ConsoleBrowser browser, String arrowBase64, boolean withToken) {
		return ((JavascriptExecutor) browser.driver()).executeAsyncScript("""
				const [body, withToken, done] = arguments;
				const headers = { 'Content-Type': 'application/vnd.apache.arrow.stream' };
				const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
				if (withToken && cookie) {
					headers['X-XSRF-TOKEN'] = decodeURIComponent(cookie.substring('XSRF-TOKEN='.length));
				}
				fetch('/paimon/tables/shop/visits/uploads', { method: 'POST', credentials: 'same-origin', headers,
						body: Uint8Array.from(atob(body), (c) => c.charCodeAt(0)) })
					.then((response) => done(response.status), (error) => done(String(error)));
				""", arrowBase64, withToken);
	}

}
