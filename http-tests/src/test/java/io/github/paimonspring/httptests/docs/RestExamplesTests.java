package io.github.paimonspring.httptests.docs;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.github.paimonspring.httptests.ArrowBodies;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.docs.MarkdownBlocks.Block;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the {@code curl} examples of the documentation against the packaged sample app (started once,
 * with the admin API on) and checks every response's status code, so that an example that no longer
 * works as written fails the build.
 *
 * <p>
 * Conventions for the documents:
 * <ul>
 * <li>Every {@code ```bash} (or {@code sh}, {@code shell}) block of {@code docs/*.md} that calls
 * {@code curl} is executed, as written, by {@code bash -euo pipefail} in a directory of its own;
 * blocks of one document run in order against the same app. In {@link #COVERED} documents a
 * {@code curl} in a block of another language fails the test.</li>
 * <li>Each {@code curl} is followed by its expected status in a comment: {@code # → 200} at the end
 * of the command's last line or on the comment lines right after it (text may follow the status;
 * {@code ->} works as well). A command with two {@code curl}s needs two statuses.</li>
 * <li>The environment has {@code PAIMON_ADMIN_TOKEN} (the app's token), {@code curl}, {@code jq}
 * and {@code bash}; a block sets its own shell variables ({@code T}, {@code A}, {@code ID=$(curl … |
 * jq -r .id)}). Requests go to {@code localhost:8080} as written ({@code curl --connect-to} sends them
 * to the app's port).</li>
 * <li>Arrow files a command uploads ({@code -T file}, {@code --data-binary @file}) are generated
 * before the block runs, with rows for the table the command targets: {@code /tables/{db}/{t}/…}, or
 * for {@code /transactions/$ID/…} the table of the block's latest {@code …/transactions} request.
 * The tables are those of the sample app ({@link #BODIES}).</li>
 * </ul>
 */
class RestExamplesTests {

	private static final String TOKEN = "docs-examples-token";

	/** Documents that must have examples, and whose every {@code curl} must be in a bash block. */
	static final List<String> COVERED = List.of("docs/rest-api.md", "docs/ingest.md");

	private static final List<String> SHELLS = List.of("bash", "sh", "shell");

	private static final Pattern CURL = Pattern.compile("(^|[\\s;|&(`])curl(?=\\s|$)");

	private static final Pattern EXPECTED = Pattern.compile("(?:→|->)\\s*(\\d{3})\\b");

	private static final Pattern UPLOADED_FILE = Pattern
		.compile("(?:-T\\s+|--upload-file\\s+|--data-binary\\s+@)([^\\s\"']+)");

	private static final Pattern TABLE_PATH = Pattern.compile("/paimon/tables/(\\w+)/(\\w+)(/transactions)?");

	private static final Pattern TRANSACTION_PATH = Pattern.compile("/paimon/transactions/");

	/** Rows for the sample app's tables, by identifier. */
	static final Map<String, Supplier<byte[]>> BODIES = Map.of("shop.orders", RestExamplesTests::orders, "shop.events",
			RestExamplesTests::events, "shop.clicks", RestExamplesTests::clicks);

	@TempDir
	static Path warehouse;

	static SampleAppProcess app;

	/** A {@code curl} of a block, with the status the document expects ({@code -1}: none). */
	record Example(Block block, int index, String command, int expected) {

		String where() {
			return this.block.where(this.index);
		}

	}

	@BeforeAll
	static void startApp() throws Exception {
		assumeTrue(installed("curl") && installed("jq") && installed("bash"), "curl, jq and bash are needed");
		app = SampleAppProcess.start(warehouse, List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"),
				"--paimon.admin.enabled=true", "--paimon.admin.token=" + TOKEN);
	}

	@AfterAll
	static void stopApp() throws Exception {
		if (app != null) {
			app.close();
			app = null;
		}
	}

	static Stream<String> documents() {
		return MarkdownBlocks.documents().stream().filter((document) -> COVERED.contains(document)
				|| MarkdownBlocks.of(document).stream().anyMatch((block) -> isShell(block) && hasCurl(block)));
	}

	@ParameterizedTest
	@MethodSource("documents")
	void everyCurlExampleAnswersTheStatusTheDocumentShows(String document, @TempDir Path work) throws Exception {
		List<String> failures = new ArrayList<>();
		int examples = 0;
		for (Block block : MarkdownBlocks.of(document)) {
			if (!isShell(block)) {
				if (COVERED.contains(document) && hasCurl(block)) {
					failures.add(block.where(0) + ": curl in a '" + block.language()
							+ "' block; use ```bash so that the example is run");
				}
				continue;
			}
			if (!hasCurl(block)) {
				continue;
			}
			List<Example> expected = examples(block, failures);
			examples += expected.size();
			Path dir = Files.createDirectories(work.resolve("block-" + block.line()));
			writeUploadedFiles(block, dir, failures);
			run(block, expected, dir, failures);
		}
		assertThat(failures).as("curl examples of %s that do not work as written", document).isEmpty();
		if (COVERED.contains(document)) {
			assertThat(examples).as("curl examples in %s", document).isPositive();
		}
	}

	/** The block's curl commands in order, each with its expected status. */
	static List<Example> examples(Block block, List<String> failures) {
		List<Example> examples = new ArrayList<>();
		List<String> lines = block.lines();
		int i = 0;
		while (i < lines.size()) {
			String[] first = split(lines.get(i));
			if (first[0].isBlank()) {
				i++;
				continue;
			}
			// a logical command: continuation lines end with a backslash
			int start = i;
			StringBuilder code = new StringBuilder();
			StringBuilder comments = new StringBuilder();
			while (true) {
				String[] parts = split(lines.get(i));
				code.append(parts[0]).append('\n');
				comments.append(parts[1]).append('\n');
				if (!parts[0].stripTrailing().endsWith("\\") || i + 1 >= lines.size()) {
					break;
				}
				i++;
			}
			i++;
			// comment lines right after it
			while (i < lines.size() && split(lines.get(i))[0].isBlank() && !lines.get(i).isBlank()) {
				comments.append(lines.get(i)).append('\n');
				i++;
			}
			int curls = count(CURL, code);
			if (curls == 0) {
				continue;
			}
			List<Integer> statuses = new ArrayList<>();
			Matcher status = EXPECTED.matcher(comments);
			while (status.find()) {
				statuses.add(Integer.parseInt(status.group(1)));
			}
			if (statuses.size() != curls) {
				failures.add(block.where(start) + ": " + curls + " curl command(s) but " + statuses.size()
						+ " expected status(es); write '# → <status>' after each");
				statuses.clear();
			}
			for (int c = 0; c < curls; c++) {
				// -1: no expectation (already reported); the command still runs, keeping the order
				int expected = statuses.isEmpty() ? -1 : statuses.get(c);
				examples.add(new Example(block, start, code.toString().strip(), expected));
			}
		}
		return examples;
	}

	/** Splits a shell line into code and comment (a {@code #} outside quotes after a blank). */
	static String[] split(String line) {
		boolean single = false;
		boolean dbl = false;
		for (int i = 0; i < line.length(); i++) {
			char c = line.charAt(i);
			if (c == '\'' && !dbl) {
				single = !single;
			}
			else if (c == '"' && !single) {
				dbl = !dbl;
			}
			else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
				return new String[] { line.substring(0, i), line.substring(i) };
			}
		}
		return new String[] { line, "" };
	}

	/** Generates the Arrow files the block's commands upload, for the tables they target. */
	private static void writeUploadedFiles(Block block, Path dir, List<String> failures) throws IOException {
		Map<String, String> files = new LinkedHashMap<>();
		String transactionTable = null;
		List<String> lines = block.lines();
		StringBuilder command = new StringBuilder();
		int start = 0;
		for (int i = 0; i < lines.size(); i++) {
			if (command.length() == 0) {
				start = i;
			}
			String code = split(lines.get(i))[0];
			command.append(code).append('\n');
			if (code.stripTrailing().endsWith("\\")) {
				continue;
			}
			Matcher table = TABLE_PATH.matcher(command);
			String target = null;
			if (table.find()) {
				target = table.group(1) + "." + table.group(2);
				if (table.group(3) != null) {
					transactionTable = target;
				}
			}
			else if (TRANSACTION_PATH.matcher(command).find()) {
				target = transactionTable;
			}
			Matcher file = UPLOADED_FILE.matcher(command);
			while (file.find()) {
				String name = file.group(1);
				if (name.equals("-")) {
					continue;
				}
				if (target == null || !BODIES.containsKey(target)) {
					failures.add(block.where(start) + ": uploads " + name + " to " + target
							+ ", not a table of the sample app " + BODIES.keySet());
				}
				else if (files.containsKey(name) && !files.get(name).equals(target)) {
					failures.add(block.where(start) + ": " + name + " is uploaded to " + files.get(name) + " and "
							+ target);
				}
				else {
					files.put(name, target);
				}
			}
			command.setLength(0);
		}
		for (Map.Entry<String, String> file : files.entrySet()) {
			Files.write(dir.resolve(file.getKey()), BODIES.get(file.getValue()).get());
		}
	}

	/** Runs the block in bash; compares the statuses curl reported with the expected ones. */
	private static void run(Block block, List<Example> examples, Path dir, List<String> failures) throws Exception {
		Path statuses = dir.resolve(".statuses");
		Path bodies = dir.resolve(".bodies");
		Path output = dir.resolve(".output");
		// every curl: to the app's port, its status to $STATUSES, its body also to $BODIES (RS-separated)
		String prelude = "curl() { command curl --connect-to localhost:8080:127.0.0.1:" + app.uri("/").getPort()
				+ " --no-progress-meter --max-time 60 \"$@\" -w '%{stderr}\\nSTATUS %{http_code}\\n'"
				+ " 2>>\"$STATUSES\" | tee -a \"$BODIES\"; printf '\\036' >>\"$BODIES\"; }\n";
		ProcessBuilder builder = new ProcessBuilder("bash", "-euo", "pipefail", "-c", prelude + block.text())
			.directory(dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(output.toFile());
		builder.environment().put("PAIMON_ADMIN_TOKEN", TOKEN);
		builder.environment().put("STATUSES", statuses.toString());
		builder.environment().put("BODIES", bodies.toString());
		Process process = builder.start();
		if (!process.waitFor(300, SECONDS)) {
			process.destroyForcibly().waitFor();
			failures.add(block.where(0) + ": the block did not finish within 300 s");
			return;
		}
		List<Integer> actual = new ArrayList<>();
		if (Files.exists(statuses)) {
			for (String line : Files.readAllLines(statuses)) {
				if (line.startsWith("STATUS ")) {
					actual.add(Integer.parseInt(line.substring(7).strip()));
				}
			}
		}
		String[] responses = Files.exists(bodies) ? Files.readString(bodies).split("\036", -1) : new String[0];
		String blockOutput = "\n  exit code " + process.exitValue() + ", output:\n" + indent(Files.readString(output))
				+ (Files.exists(statuses) ? "  curl:\n" + indent(Files.readString(statuses).replace("\n\n",
						"\n")) : "");
		for (int i = 0; i < examples.size(); i++) {
			Example example = examples.get(i);
			if (i >= actual.size()) {
				failures.add(example.where() + ": not run (the block stopped before it)\n    " + example.command()
						+ blockOutput);
				return;
			}
			if (example.expected() > 0 && actual.get(i) != example.expected()) {
				String body = (i < responses.length) ? responses[i] : "";
				failures.add(example.where() + ": expected " + example.expected() + " but got " + actual.get(i)
						+ "\n    " + example.command() + "\n  response: "
						+ ((body.length() > 2000) ? body.substring(0, 2000) + "…" : body));
			}
		}
		if (actual.size() > examples.size()) {
			failures.add(block.where(0) + ": " + actual.size() + " requests but " + examples.size()
					+ " curl commands found in the text" + blockOutput);
		}
		else if (process.exitValue() != 0) {
			failures.add(block.where(0) + ": the block failed" + blockOutput);
		}
	}

	private static String indent(String text) {
		return text.lines().map((line) -> "    " + line + "\n").reduce("", String::concat);
	}

	/**
	 * A shell block this test runs; the production walkthrough's blocks need two instances and run in
	 * TwoInstanceWalkthroughTests.
	 */
	private static boolean isShell(Block block) {
		return SHELLS.contains(block.language()) && !block.before().startsWith("<!-- walkthrough:");
	}

	private static boolean hasCurl(Block block) {
		return block.lines().stream().anyMatch((line) -> CURL.matcher(line).find());
	}

	private static int count(Pattern pattern, CharSequence text) {
		Matcher matcher = pattern.matcher(text);
		int count = 0;
		while (matcher.find()) {
			count++;
		}
		return count;
	}

	private static boolean installed(String command) {
		try {
			Process process = new ProcessBuilder("sh", "-c", "command -v " + command).redirectErrorStream(true).start();
			process.getInputStream().transferTo(OutputStream.nullOutputStream());
			return process.waitFor() == 0;
		}
		catch (IOException | InterruptedException ex) {
			return false;
		}
	}

	/** {@code shop.orders}: order_id, dt, customer, amount DECIMAL(10, 2), created_at TIMESTAMP(6). */
	static byte[] orders() {
		long createdAt = ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0),
				LocalDateTime.of(2026, 11, 30, 10, 0));
		return ArrowBodies.of(
				List.of(ArrowBodies.intField("order_id", 64), ArrowBodies.utf8Field("dt"),
						ArrowBodies.utf8Field("customer"),
						ArrowBodies.field("amount", new ArrowType.Decimal(10, 2, 128)),
						ArrowBodies.field("created_at", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))),
				new Object[] { 1L, "2026-11-30", "alice", new BigDecimal("9.99"), createdAt },
				new Object[] { 2L, "2026-11-30", "bob", new BigDecimal("5.00"), null });
	}

	/** {@code shop.events}: event_time TIMESTAMP_LTZ(3), kind, payload. */
	static byte[] events() {
		long eventTime = LocalDateTime.of(2026, 11, 30, 10, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
		return ArrowBodies.of(
				List.of(ArrowBodies.field("event_time", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
						ArrowBodies.utf8Field("kind"), ArrowBodies.utf8Field("payload")),
				new Object[] { eventTime, "click", "{\"page\":\"/\"}" },
				new Object[] { eventTime + 1, "view", "{\"page\":\"/cart\"}" });
	}

	/** {@code shop.clicks}: click_id, dt, page. */
	static byte[] clicks() {
		return ArrowBodies.of(
				List.of(ArrowBodies.intField("click_id", 64), ArrowBodies.utf8Field("dt"),
						ArrowBodies.utf8Field("page")),
				new Object[] { 1L, "2026-11-30", "/" }, new Object[] { 2L, "2026-11-30", "/cart" });
	}

}
