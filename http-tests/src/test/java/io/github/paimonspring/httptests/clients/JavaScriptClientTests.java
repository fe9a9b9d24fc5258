package io.github.paimonspring.httptests.clients;

import java.io.File;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.InternalRow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The JavaScript client example ({@code clients/javascript/upload.mjs}, apache-arrow and fetch) run by
 * Node against the packaged sample app: {@code npm ci}, then {@code node upload.mjs}; the rows it wrote
 * are read back with Paimon's reader — the retried one-shot upload once, the transaction's rows, and
 * the channel's events without the refused append of the old generation. Skipped where {@code node}
 * or {@code npm} is not on the {@code PATH}.
 */
class JavaScriptClientTests {

	private static final String TOKEN = "js-client-token";

	private static final List<String> JVM = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	private static final Duration NPM_CI_TIMEOUT = Duration.ofMinutes(5);

	private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(3);

	private static final String KEY = "js-example-orders-1001-1002";

	/** Whether node and npm are on the PATH; each test is skipped (and reported as such) without them. */
	static final boolean NODE = onPath("node") && onPath("npm");

	@TempDir
	static Path warehouseDir;

	static SampleAppProcess app;

	static Warehouse warehouse;

	static String output;

	@BeforeAll
	static void runScript() throws Exception {
		if (!NODE) {
			return;
		}
		Path project = Path.of(System.getProperty("clients.dir", "../clients")).resolve("javascript");
		assertThat(project.resolve("package-lock.json")).isRegularFile();
		Run install = run(project, Map.of(), NPM_CI_TIMEOUT, "npm", "ci", "--no-audit", "--no-fund");
		assertThat(install.code()).as("npm ci:\n%s", install.output()).isZero();

		app = SampleAppProcess.start(warehouseDir, JVM, "--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN);
		warehouse = new Warehouse(warehouseDir);
		Run script = run(project, Map.of("PAIMON_URL", app.uri("").toString(), "PAIMON_ADMIN_TOKEN", TOKEN),
				SCRIPT_TIMEOUT, "node", "upload.mjs");
		output = script.output();
		assertThat(script.code()).as("node upload.mjs:\n%s", output).isZero();
	}

	@BeforeEach
	void requireNode() {
		assumeTrue(NODE, "node and npm are not on the PATH");
	}

	@AfterAll
	static void stop() throws Exception {
		if (app != null) {
			app.close();
			app = null;
		}
		if (warehouse != null) {
			warehouse.close();
			warehouse = null;
		}
	}

	@Test
	void printsTheArrowTypesOfTheTableAndTheOutcomes() {
		assertThat(output.lines()).as(output)
			.contains("shop.orders columns:", "  order_id: Int64 NOT NULL (BIGINT NOT NULL)",
					"  dt: Utf8 NOT NULL (STRING NOT NULL)", "  customer: Utf8 (STRING)",
					"  amount: Decimal128(10, 2) (DECIMAL(10, 2))",
					"  created_at: Timestamp(MICROSECOND) (TIMESTAMP(6))",
					"upload " + KEY + ": committed=true snapshotId=1 rows=2",
					"retry  " + KEY + ": committed=false snapshotId=1 rows=0",
					"channel: appended events 1,2 offsetToken=2 committed=true rows=2",
					"channel: appended events 3,4 offsetToken=4 committed=true rows=2",
					"channel: resent events 3,4 committed=false rows=0",
					"channel: skip events 1,2 (at or before offset 4)",
					"channel: skip events 3,4 (at or before offset 4)", "done");
		assertThat(output.lines().filter((line) -> line
				.matches("transaction \\S+: committed=true snapshotId=2 rows=2")))
			.as(output)
			.hasSize(1);
	}

	@Test
	void ordersAreTheUploadsRowsOnceAndTheTransactionsRows() throws Exception {
		assertThat(warehouse.read("shop.orders",
				JavaScriptClientTests::order).stream().sorted().toList()).containsExactly(
				"1001|2026-11-30|alice|9.99|2026-11-30T09:15:00.250", "1002|2026-11-30|bob|null|null",
				"1003|2026-12-01|customer-1003|100.50|2026-11-30T09:15:00.250",
				"1004|2026-12-01|customer-1004|100.50|2026-11-30T09:15:00.250");
		// one commit for the upload (the retry none), one for the transaction
		assertThat(warehouse.snapshotCount("shop.orders")).isEqualTo(2);
		Snapshot upload = warehouse.table("shop.orders").snapshotManager().snapshot(1);
		assertThat(upload.properties()).containsEntry("paimon-spring.idempotency-keys", KEY);
		assertThat(upload.totalRecordCount()).isEqualTo(2);
	}

	@Test
	void eventsAreTheChannelsAppendsOnceAndNotTheFencedOne() throws Exception {
		assertThat(warehouse.read("shop.events",
				JavaScriptClientTests::event).stream().sorted().toList()).containsExactly(
				"2026-11-30T12:00:01|click|event-1", "2026-11-30T12:00:02|click|event-2",
				"2026-11-30T12:00:03|click|event-3", "2026-11-30T12:00:04|click|event-4");
		long first = number(output, "channel opened: generation=(\\d+) offsetToken=null");
		long reopened = number(output, "channel reopened: generation=(\\d+) offsetToken=4");
		assertThat(reopened).isGreaterThan(first);
		assertThat(output.lines()).as(output).contains("channel: append of generation " + first + " refused with 409");

		assertThat(output.lines()).as(output)
			.anyMatch((line) -> line.matches("channel state: generation=" + reopened
					+ " offsetToken=4 snapshotId=\\d+"));
	}

	@Test
	void theClosedChannelIsGoneAndItsRowsStay() throws Exception {
		long reopened = number(output, "channel reopened: generation=(\\d+) offsetToken=4");
		assertThat(output.lines()).as(output)
			.contains("channel closed: generation=" + reopened + " offsetToken=4",
					"channel: retried close answered 404");
		AdminClient client = new AdminClient(app, TOKEN);
		HttpResponse<String> response = client.get("/paimon/tables/shop/events/channels/js-example");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(404);
		assertThat(warehouse.read("shop.events", JavaScriptClientTests::event)).hasSize(4);
		// opening it again starts a new channel: no offset token, a newer generation
		HttpResponse<String> opened = client.send(client.request("/paimon/tables/shop/events/channels/js-example")
			.PUT(HttpRequest.BodyPublishers.noBody())
			.build());
		assertThat(opened.statusCode()).as(opened.body()).isEqualTo(200);
		JsonNode state = new ObjectMapper().readTree(opened.body());
		assertThat(state.path("offsetToken").isNull()).as(opened.body()).isTrue();
		assertThat(state.path("generation").asLong()).isGreaterThan(reopened);
	}

	private static String order(InternalRow row) {
		return row.getLong(0) + "|" + row.getString(1) + "|" + (row.isNullAt(2) ? null : row.getString(2)) + "|"
				+ (row.isNullAt(3) ? null : row.getDecimal(3, 10, 2).toBigDecimal().toPlainString()) + "|"
				+ (row.isNullAt(4) ? null : row.getTimestamp(4, 6).toLocalDateTime());
	}

	/** event_time is TIMESTAMP_LTZ(3): the UTC instant, shown as UTC date-time. */
	private static String event(InternalRow row) {
		return row.getTimestamp(0, 3).toLocalDateTime() + "|" + row.getString(1) + "|" + row.getString(2);
	}

	private static long number(String text, String regex) {
		Matcher matcher = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
		assertThat(matcher.find()).as("/%s/ in:\n%s", regex, text).isTrue();
		return Long.parseLong(matcher.group(1));
	}

	private static boolean onPath(String command) {
		String path = System.getenv("PATH");
		return path != null && Arrays.stream(path.split(File.pathSeparator))
			.filter((dir) -> !dir.isEmpty())
			.anyMatch((dir) -> Files.isExecutable(Path.of(dir, command)));
	}

	private record Run(int code, String output) {
	}

	/** Runs a command in a directory and waits for it, at most {@code timeout}; output and errors together. */
	private static Run run(Path directory, Map<String, String> environment, Duration timeout, String... command)
			throws IOException, InterruptedException {
		Path log = Files.createTempFile("js-client-", ".log");
		try {
			ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile());
			builder.environment().put("npm_config_update_notifier", "false");
			builder.environment().putAll(environment);
			Process process = builder.start();
			if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly().waitFor();
				throw new AssertionError(String.join(" ", command) + " did not finish within " + timeout + ":\n"
						+ Files.readString(log));
			}
			return new Run(process.exitValue(), Files.readString(log));
		}
		finally {
			Files.deleteIfExists(log);
		}
	}

}
