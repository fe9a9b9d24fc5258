package io.github.paimonspring.httptests.docs;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java examples of docs/flight.md as a reader runs them: each program is compiled and run in its own JVM
 * against the packaged sample app's Flight SQL endpoint — the ADBC Java driver's bulk ingest, read back with
 * Paimon's reader, and the JDBC driver's listing of the tables and their columns.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FlightDocExamplesTests {

	private static final String DOC = "docs/flight.md";

	private static final String TOKEN = "flight-docs-token";

	@TempDir
	static Path dir;

	private SampleAppProcess app;

	private int flightPort;

	@BeforeAll
	void start() throws Exception {
		try (Warehouse warehouse = new Warehouse(dir.resolve("warehouse"))) {
			warehouse.create("shop.docs_orders", Schema.newBuilder()
				.column("id", DataTypes.INT())
				.column("name", DataTypes.STRING())
				.build());
		}
		this.flightPort = SampleAppProcess.freePort();
		this.app = SampleAppProcess.start(dir.resolve("warehouse"), List.of("-Xmx512m", "-XX:TieredStopAtLevel=1"),
				"--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN, "--paimon.flight.enabled=true",
				"--paimon.flight.port=" + this.flightPort, "--paimon.flight.address=127.0.0.1");
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (!listening(this.flightPort)) {
			assertThat(System.nanoTime()).as("the Flight endpoint listens within 60 s").isLessThan(deadline);
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // the next look at the port
		}
	}

	@AfterAll
	void stop() throws Exception {
		if (this.app != null) {
			this.app.close();
		}
	}

	private static boolean listening(int port) {
		try (Socket probe = new Socket()) {
			probe.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	@Test
	void theAdbcJavaExampleIngests() throws Exception {
		String output = compileAndRun("AdbcIngestExample", "grpc+tcp://127.0.0.1:" + this.flightPort, TOKEN,
				"shop.docs_orders");
		assertThat(output).contains("rows: 1");
		try (Warehouse warehouse = new Warehouse(dir.resolve("warehouse"))) {
			assertThat(warehouse.idNames("shop.docs_orders")).containsExactly("1:alice");
		}
	}

	@Test
	void theJdbcExampleListsTablesAndColumns() throws Exception {
		String output = compileAndRun("JdbcBrowseExample", "127.0.0.1", String.valueOf(this.flightPort), TOKEN);
		assertThat(output).contains("shop.docs_orders (id, name)", "shop.orders (order_id, dt, customer, amount, "
				+ "created_at)");
	}

	private String compileAndRun(String name, String... args) throws Exception {
		Path work = Files.createDirectories(dir.resolve(name));
		Files.writeString(work.resolve(name + ".java"), MarkdownBlocks.of(DOC)
			.stream()
			.filter((block) -> block.language().equals("java") && block.text().contains("class " + name))
			.findFirst()
			.orElseThrow(() -> new AssertionError(DOC + " has no java block with class " + name))
			.text());
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		assertThat(compiler.run(null, null, null, "-classpath", classPath(), "-d", work.toString(),
				work.resolve(name + ".java").toString())).as("javac of " + name).isZero();
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Path log = work.resolve("run.log");
		List<String> command = new ArrayList<>(List.of(java, "--add-opens=java.base/java.nio=ALL-UNNAMED",
				"-cp", work + File.pathSeparator + classPath(), name));
		command.addAll(List.of(args));
		Process process = new ProcessBuilder(command).directory(work.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		Duration timeout = Duration.ofMinutes(2);
		if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly().waitFor();
			throw new AssertionError(name + " did not finish within " + timeout + ":\n" + Files.readString(log));
		}
		String output = Files.readString(log);
		assertThat(process.exitValue()).as("%s:%n%s", name, output).isZero();
		return output;
	}

	/** Surefire may run the tests from a manifest-only jar; it passes the real class path separately. */
	private static String classPath() {
		String classPath = System.getProperty("surefire.test.class.path");
		return (classPath == null || classPath.isBlank()) ? System.getProperty("java.class.path") : classPath;
	}

}
