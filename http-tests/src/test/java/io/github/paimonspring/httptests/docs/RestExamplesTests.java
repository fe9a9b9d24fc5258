package io.github.paimonspring.httptests.docs;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.docs.ExampleFiles.ExampleFile;
import io.github.paimonspring.httptests.docs.MarkdownBlocks.Block;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the {@code curl} examples of the documentation as a reader copies them, in order, against a
 * freshly started sample app, and checks every response's status code (and the JSON members an answer
 * shows), so that an example that no longer works as written fails the build.
 *
 * <p>
 * Conventions for the documents:
 * <ul>
 * <li>Every {@code ```bash} (or {@code sh}, {@code shell}) block of {@code docs/*.md} that calls
 * {@code curl} is executed, as written, by {@code bash -euo pipefail}. The blocks of one document run
 * in order, each in a shell of its own, in one directory that stands for the repository's root (its
 * entries are linked there, so {@code docs/examples/orders.arrows} resolves; what a block writes stays
 * in the directory), against one sample app started for that document on an empty warehouse, the way
 * the README's first admin form starts it: {@code --paimon.admin.enabled=true
 * --paimon.admin.token=change-me}. In {@link #COVERED} documents a {@code curl} in a block of another
 * language fails the test.</li>
 * <li>Nothing a block uses is injected: it sets every variable it uses ({@code PAIMON_ADMIN_TOKEN=change-me},
 * {@code T}, {@code ID=$(curl … | jq -r .id)}) and finds no {@code PAIMON_*} variable in its environment,
 * only {@code curl}, {@code jq} and {@code bash}. Requests go to {@code localhost:8080} as written: the
 * test's wrapper around {@code curl} sends them to the app's port ({@code --connect-to}) and records each
 * status and body.</li>
 * <li>Each {@code curl} is followed by its expected status in a comment: {@code # → 200} at the end
 * of the command's last line or on the comment lines right after it (text may follow the status;
 * {@code ->} works as well). A command with two {@code curl}s needs two statuses. JSON shown after a
 * status ({@code # → 200 {"committed":true,"rows":2}}) is checked too: each {@code "member":value} it
 * shows (strings, numbers, {@code true}, {@code false}, {@code null}) must be in the response; {@code …}
 * stands for the rest.</li>
 * <li>A file a command uploads ({@code -T file}, {@code --data-binary @file}) is made by an earlier
 * command of the document or shipped under {@code docs/examples/}; a shipped file must be one of
 * {@link ExampleFiles} and go to the table it is made for ({@code /tables/{db}/{t}/…}, or for
 * {@code /transactions/$ID/…} the table of the block's latest {@code …/transactions} request).</li>
 * </ul>
 */
class RestExamplesTests {

	/** The token of the README's first admin form ({@code --paimon.admin.token=change-me}). */
	static final String README_ADMIN_FORM = "--paimon.admin.enabled=true --paimon.admin.token=change-me";

	/** Documents that must have examples, and whose every {@code curl} must be in a bash block. */
	static final List<String> COVERED = List.of("docs/rest-api.md", "docs/ingest.md");

	private static final List<String> SHELLS = List.of("bash", "sh", "shell");

	private static final Pattern CURL = Pattern.compile("(^|[\\s;|&(`])curl(?=\\s|$)");

	private static final Pattern EXPECTED = Pattern.compile("(?:→|->)\\s*(\\d{3})\\b((?:(?!→|->)[^\\n])*)");

	/** A JSON member an answer shows: a name and a string, number or literal value. */
	private static final Pattern MEMBER = Pattern
		.compile("\"(\\w+)\"\\s*:\\s*(\"[^\"]*\"|-?\\d+(?:\\.\\d+)?|true|false|null)");

	private static final Pattern UPLOADED_FILE = Pattern
		.compile("(?:-T\\s+|--upload-file\\s+|--data-binary\\s+@)([^\\s\"']+)");

	private static final Pattern TABLE_PATH = Pattern.compile("/paimon/tables/(\\w+)/(\\w+)(/transactions)?");

	private static final Pattern TRANSACTION_PATH = Pattern.compile("/paimon/transactions/");

	/**
	 * A {@code curl} of a block, with the status the document expects ({@code -1}: none) and the JSON
	 * members its answer shows.
	 */
	record Example(Block block, int index, String command, int expected, List<String> members) {

		String where() {
			return this.block.where(this.index);
		}

	}

	@BeforeAll
	static void tools() throws IOException {
		assumeTrue(installed("curl") && installed("jq") && installed("bash"), "curl, jq and bash are needed");
		assertThat(Files.readString(MarkdownBlocks.root().resolve("README.md")))
			.as("the README's admin form whose token the examples use")
			.contains(README_ADMIN_FORM);
	}

	static Stream<String> documents() {
		return MarkdownBlocks.documents().stream().filter((document) -> COVERED.contains(document)
				|| MarkdownBlocks.of(document).stream().anyMatch((block) -> isShell(block) && hasCurl(block)));
	}

	@ParameterizedTest
	@MethodSource("documents")
	void everyCurlExampleAnswersTheStatusTheDocumentShows(String document, @TempDir Path warehouse,
			@TempDir Path work, @TempDir Path results) throws Exception {
		List<String> failures = new ArrayList<>();
		int examples = 0;
		linkRepositoryEntries(work);
		try (SampleAppProcess app = SampleAppProcess.start(warehouse,
				List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"), README_ADMIN_FORM.split(" "))) {
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
				List<String> uploaded = checkUploadedFiles(block, failures);
				run(app, block, expected, work, Files.createDirectories(results.resolve("block-" + block.line())),
						failures);
				for (String file : uploaded) {
					if (!Files.exists(work.resolve(file))) {
						failures.add(block.where(0) + ": uploads " + file + ", which neither an earlier command makes"
								+ " nor " + ExampleFiles.DIRECTORY + "/ holds");
					}
				}
			}
		}
		assertThat(failures).as("curl examples of %s that do not work as written", document).isEmpty();
		if (COVERED.contains(document)) {
			assertThat(examples).as("curl examples in %s", document).isPositive();
		}
	}

	/**
	 * Makes the work directory stand for the repository's root: a link to each of the root's entries
	 * ({@code docs}, {@code sample-app}, ...), so that paths relative to the root resolve while what the
	 * blocks write stays in the work directory.
	 */
	private static void linkRepositoryEntries(Path work) throws IOException {
		try (Stream<Path> entries = Files.list(MarkdownBlocks.root())) {
			for (Path entry : entries.toList()) {
				Files.createSymbolicLink(work.resolve(entry.getFileName()), entry.toAbsolutePath());
			}
		}
	}

	/** The block's curl commands in order, each with its expected status and the members its answer shows. */
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
			List<List<String>> answers = new ArrayList<>();
			Matcher status = EXPECTED.matcher(comments);
			while (status.find()) {
				statuses.add(Integer.parseInt(status.group(1)));
				answers.add(members(status.group(2)));
			}
			if (statuses.size() != curls) {
				failures.add(block.where(start) + ": " + curls + " curl command(s) but " + statuses.size()
						+ " expected status(es); write '# → <status>' after each");
				statuses.clear();
			}
			for (int c = 0; c < curls; c++) {
				// -1: no expectation (already reported); the command still runs, keeping the order
				int expected = statuses.isEmpty() ? -1 : statuses.get(c);
				List<String> members = statuses.isEmpty() ? List.of() : answers.get(c);
				examples.add(new Example(block, start, code.toString().strip(), expected, members));
			}
		}
		return examples;
	}

	/**
	 * The JSON members an answer shows after its status ({@code {"committed":true,…}}), compact
	 * ({@code "committed":true}); none when no JSON follows.
	 */
	static List<String> members(String answer) {
		int json = answer.indexOf('{');
		List<String> members = new ArrayList<>();
		if (json < 0) {
			return members;
		}
		Matcher member = MEMBER.matcher(answer.substring(json));
		while (member.find()) {
			if (!member.group(2).contains("…")) {
				members.add("\"" + member.group(1) + "\":" + member.group(2));
			}
		}
		return members;
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

	/**
	 * The files the block's commands upload; checks that each one from {@code docs/examples/} is one of
	 * {@link ExampleFiles} and goes to the table it is made for.
	 */
	private static List<String> checkUploadedFiles(Block block, List<String> failures) {
		List<String> uploaded = new ArrayList<>();
		Map<String, String> targets = new LinkedHashMap<>();
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
				uploaded.add(name);
				if (name.startsWith(ExampleFiles.DIRECTORY + "/")) {
					targets.put(block.where(start) + ": " + name, target);
				}
			}
			command.setLength(0);
		}
		targets.forEach((where, target) -> {
			String name = where.substring(where.lastIndexOf('/') + 1);
			ExampleFile file = ExampleFiles.named(name);
			if (file == null) {
				failures.add(where + " is not one of ExampleFiles");
			}
			else if (!file.table().equals(target)) {
				failures.add(where + " is made for " + file.table() + " but uploaded to " + target);
			}
		});
		return uploaded;
	}

	/** Runs the block in bash; compares the statuses curl reported with the expected ones. */
	private static void run(SampleAppProcess app, Block block, List<Example> examples, Path dir, Path results,
			List<String> failures) throws Exception {
		Path statuses = results.resolve("statuses");
		Path bodies = results.resolve("bodies");
		Path output = results.resolve("output");
		// every curl: to the app's port, its status to $STATUSES, its body also to $BODIES (RS-separated)
		String prelude = "curl() { command curl --connect-to localhost:8080:127.0.0.1:" + app.uri("/").getPort()
				+ " --no-progress-meter --max-time 60 \"$@\" -w '%{stderr}\\nSTATUS %{http_code}\\n'"
				+ " 2>>\"$STATUSES\" | tee -a \"$BODIES\"; printf '\\036' >>\"$BODIES\"; }\n";
		ProcessBuilder builder = new ProcessBuilder("bash", "-euo", "pipefail", "-c", prelude + block.text())
			.directory(dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(output.toFile());
		builder.environment().keySet().removeIf((name) -> name.startsWith("PAIMON_"));
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
			String body = (i < responses.length) ? responses[i] : "";
			String compact = body.replaceAll("\"\\s*:\\s*", "\":");
			if (example.expected() > 0 && actual.get(i) != example.expected()) {
				failures.add(example.where() + ": expected " + example.expected() + " but got " + actual.get(i)
						+ "\n    " + example.command() + "\n  response: " + abbreviate(body));
			}
			else if (!example.members().stream().allMatch((member) -> shows(compact, member))) {
				failures.add(example.where() + ": the answer shows " + example.members() + " but the response is "
						+ abbreviate(body) + "\n    " + example.command());
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

	/** Whether a compact JSON text has the member, as a whole value ({@code "rows":2} is not in {@code "rows":20}). */
	private static boolean shows(String json, String member) {
		return Pattern.compile(Pattern.quote(member) + "(?=\\s*[,}\\]])").matcher(json).find();
	}

	private static String abbreviate(String body) {
		return (body.length() > 2000) ? body.substring(0, 2000) + "…" : body;
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

}
