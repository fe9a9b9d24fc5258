package io.github.paimonspring.httptests.docs;

import java.io.File;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.data.InternalRow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The recipes of docs/rest-api.md "Making an Arrow IPC stream file" as a reader runs them: the Java
 * program is compiled and run in its own JVM, the Node script runs with {@code apache-arrow} installed
 * by {@code npm ci} from the JavaScript client's lock file (skipped, and reported so, without node and
 * npm). Each file is uploaded into the packaged sample app's {@code shop.orders} and read back with
 * Paimon's reader.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArrowFileRecipesTests {

	private static final String DOC = "docs/rest-api.md";

	private static final String TOKEN = "recipes-token";

	private static final List<String> ROWS = List.of("1:2026-11-30:alice:9.99:2026-11-30T10:00",
			"2:2026-11-30:bob:5.00:null");

	@TempDir
	static Path dir;

	private SampleAppProcess app;

	@BeforeAll
	void start() throws Exception {
		this.app = SampleAppProcess.start(dir.resolve("warehouse"), List.of("-Xmx512m", "-XX:TieredStopAtLevel=1"),
				"--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN);
	}

	@AfterAll
	void stop() throws Exception {
		if (this.app != null) {
			this.app.close();
		}
	}

	@Test
	void theJavaRecipeWritesAFileTheServerTakes() throws Exception {
		Path work = Files.createDirectories(dir.resolve("java"));
		Files.writeString(work.resolve("MakeOrders.java"), block("java", "class MakeOrders"));
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		int compiled = compiler.run(null, null, null, "-classpath", classPath(), "-d", work.toString(),
				work.resolve("MakeOrders.java").toString());
		assertThat(compiled).as("javac of the Java recipe").isZero();
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		run(work, Duration.ofMinutes(2), java, "--add-opens=java.base/java.nio=ALL-UNNAMED", "-cp",
				work + File.pathSeparator + classPath(), "MakeOrders");
		assertUploads(work.resolve("orders.arrows"));
	}

	@Test
	void theNodeRecipeWritesAFileTheServerTakes() throws Exception {
		assumeTrue(onPath("node") && onPath("npm"), "node and npm are not on the PATH");
		Path work = Files.createDirectories(dir.resolve("node"));
		Path client = MarkdownBlocks.root().resolve("clients/javascript");
		Files.copy(client.resolve("package.json"), work.resolve("package.json"));
		Files.copy(client.resolve("package-lock.json"), work.resolve("package-lock.json"));
		run(work, Duration.ofMinutes(5), "npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts");
		Files.writeString(work.resolve("make-orders.mjs"), block("javascript", "tableToIPC"));
		run(work, Duration.ofMinutes(2), "node", "make-orders.mjs");
		assertUploads(work.resolve("orders.arrows"));
	}

	private void assertUploads(Path file) throws Exception {
		assertThat(file).isRegularFile();
		HttpResponse<String> uploaded = new AdminClient(this.app, TOKEN).postArrow("/paimon/tables/shop/orders/uploads",
				Files.readAllBytes(file));
		assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(200);
		assertThat(JsonPath.<Integer>read(uploaded.body(), "$.rows")).isEqualTo(2);
		long snapshot = JsonPath.<Number>read(uploaded.body(), "$.snapshotId").longValue();
		try (Warehouse warehouse = new Warehouse(dir.resolve("warehouse"))) {
			// the two recipes write the same rows: the primary key keeps one of each
			assertThat(warehouse.read("shop.orders",
					ArrowFileRecipesTests::order)).containsExactlyInAnyOrderElementsOf(ROWS);
			assertThat(warehouse.table("shop.orders").snapshotManager().latestSnapshotId()).isEqualTo(snapshot);
		}
	}

	private static String order(InternalRow row) {
		return row.getLong(0) + ":" + row.getString(1) + ":" + row.getString(2) + ":"
				+ row.getDecimal(3, 10, 2).toBigDecimal() + ":"
				+ (row.isNullAt(4) ? "null" : row.getTimestamp(4, 6).toLocalDateTime());
	}

	private static String block(String language, String containing) {
		return MarkdownBlocks.of(DOC)
			.stream()
			.filter((block) -> block.language().equals(language) && block.text().contains(containing))
			.findFirst()
			.orElseThrow(() -> new AssertionError(DOC + " has no " + language + " block with " + containing))
			.text();
	}

	private static void run(Path directory, Duration timeout, String... command) throws Exception {
		Path log = Files.createTempFile(directory, "run-", ".log");
		ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		builder.environment().put("npm_config_update_notifier", "false");
		Process process = builder.start();
		if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly().waitFor();
			throw new AssertionError(String.join(" ", command) + " did not finish within " + timeout + ":\n"
					+ Files.readString(log));
		}
		assertThat(process.exitValue()).as("%s:%n%s", String.join(" ", command), Files.readString(log)).isZero();
	}

	private static boolean onPath(String command) {
		String path = System.getenv("PATH");
		return path != null && Arrays.stream(path.split(File.pathSeparator))
			.filter((entry) -> !entry.isEmpty())
			.anyMatch((entry) -> Files.isExecutable(Path.of(entry, command)));
	}

	/** Surefire may run the tests from a manifest-only jar; it passes the real class path separately. */
	private static String classPath() {
		String classPath = System.getProperty("surefire.test.class.path");
		return (classPath == null || classPath.isBlank()) ? System.getProperty("java.class.path") : classPath;
	}

}
