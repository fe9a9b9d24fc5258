package io.github.paimonspring.httptests.docs;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One retry rule, stated once: the statuses and problem types that the REST API's "Retrying" table
 * (docs/rest-api.md) marks "yes" are exactly those the JavaScript and Python examples send again, every other
 * status of the status table is final for them, and the pages that tell clients when to retry point to the rule
 * instead of saying "retry on any failure".
 */
class RetryRuleTests {

	private static final Pattern STATUS_ROW = Pattern.compile("^\\| `(\\d{3})`[^|]*\\| (yes|no)\\b");

	private static final Pattern TYPE_ROW = Pattern.compile("^\\| `\\d{3}` with type `([^`]+)`[^|]*\\| (yes|no)\\b");

	@Test
	void theExamplesRetryExactlyWhatTheRuleSays() throws Exception {
		Rule rule = rule();
		assertThat(rule.statuses()).as("statuses the rule retries").containsExactly("408", "429", "503");
		assertThat(rule.types()).as("problem types the rule retries")
			.containsExactly("urn:paimon-spring:problem:channel-out-of-order");

		String javascript = read("clients/javascript/upload.mjs");
		assertThat(numbers(constant(javascript, "const RETRY_STATUSES = \\[([^\\]]*)\\]")))
			.as("RETRY_STATUSES of upload.mjs").isEqualTo(rule.statuses());
		assertThat(strings(constant(javascript, "const RETRY_PROBLEM_TYPES = \\[([^\\]]*)\\]")))
			.as("RETRY_PROBLEM_TYPES of upload.mjs").isEqualTo(rule.types());
		String python = read("clients/python/upload.py");
		assertThat(numbers(constant(python, "RETRY_STATUSES = \\{([^}]*)\\}"))).as("RETRY_STATUSES of upload.py")
			.isEqualTo(rule.statuses());
		assertThat(strings(constant(python, "RETRY_PROBLEM_TYPES = \\{([^}]*)\\}")))
			.as("RETRY_PROBLEM_TYPES of upload.py").isEqualTo(rule.types());
	}

	@Test
	void everyStatusOfTheStatusTableIsRetriedOrFinalAndThePagesPointToTheRule() throws Exception {
		Rule rule = rule();
		String api = read("docs/rest-api.md");
		String table = api.substring(api.indexOf("## Status codes"), api.indexOf("### Retrying"));
		Set<String> listed = new TreeSet<>();
		Matcher row = Pattern.compile("(?m)^\\| (\\d{3})(?:, (\\d{3}))? \\|").matcher(table);
		while (row.find()) {
			listed.add(row.group(1));
			if (row.group(2) != null) {
				listed.add(row.group(2));
			}
		}
		assertThat(listed).as("the status table").contains("400", "409", "503").containsAll(rule.statuses());
		for (String page : List.of("docs/ingest.md", "docs/clients.md")) {
			assertThat(read(page)).as(page).contains("rest-api.md#retrying").doesNotContain("retry on any failure");
		}
		assertThat(read("docs/production.md")).contains("rest-api.md#retrying").doesNotContain("| retry the batch");
	}

	private record Rule(Set<String> statuses, Set<String> types) {
	}

	/** The "yes" rows of the "Retrying" table of docs/rest-api.md. */
	private static Rule rule() throws Exception {
		String api = read("docs/rest-api.md");
		int start = api.indexOf("### Retrying");
		assertThat(start).as("docs/rest-api.md has a '### Retrying' section").isPositive();
		String section = api.substring(start, api.indexOf("\n## ", start));
		Set<String> statuses = new TreeSet<>();
		Set<String> types = new TreeSet<>();
		List<String> rows = new ArrayList<>();
		for (String line : section.split("\n", -1)) {
			Matcher type = TYPE_ROW.matcher(line);
			Matcher status = STATUS_ROW.matcher(line);
			if (type.find()) {
				rows.add(line);
				if (type.group(2).equals("yes")) {
					types.add(type.group(1));
				}
			}
			else if (status.find()) {
				rows.add(line);
				if (status.group(2).equals("yes")) {
					statuses.add(status.group(1));
				}
			}
		}
		assertThat(rows).as("rows of the Retrying table").hasSizeGreaterThanOrEqualTo(4);
		return new Rule(statuses, types);
	}

	private static String constant(String source, String regex) {
		Matcher matcher = Pattern.compile(regex).matcher(source);
		assertThat(matcher.find()).as("%s in the example", regex).isTrue();
		return matcher.group(1);
	}

	private static Set<String> numbers(String list) {
		Set<String> values = new TreeSet<>();
		for (String value : list.split(",", -1)) {
			if (!value.isBlank()) {
				values.add(value.strip());
			}
		}
		return values;
	}

	private static Set<String> strings(String list) {
		Set<String> values = new TreeSet<>();
		Matcher quoted = Pattern.compile("['\"]([^'\"]+)['\"]").matcher(list);
		while (quoted.find()) {
			values.add(quoted.group(1));
		}
		return values;
	}

	private static String read(String path) throws Exception {
		return Files.readString(MarkdownBlocks.root().resolve(path));
	}

}
