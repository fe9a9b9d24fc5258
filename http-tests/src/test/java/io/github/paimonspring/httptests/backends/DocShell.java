package io.github.paimonspring.httptests.backends;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.httptests.SampleAppProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the walkthrough's shell lines: variable assignments, {@code curl} with {@code -s}, {@code -H},
 * {@code -d}, {@code --data-binary @file} and a {@code localhost:<port>} URL, optionally piped into
 * {@code jq -r .field} or {@code jq length}; {@code NAME=$(…)} keeps the output.
 */
final class DocShell {

	private final Map<String, SampleAppProcess> instances;

	private final Map<String, byte[]> files;

	private final Map<String, String> variables = new HashMap<>();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	DocShell(Map<String, SampleAppProcess> instances, Map<String, byte[]> files) {
		this.instances = instances;
		this.files = files;
	}

	List<Step> run(List<String> script) throws Exception {
		List<Step> steps = new ArrayList<>();
		Pattern capture = Pattern.compile("(\\w+)=\\$\\((.*)\\)");
		Pattern assignment = Pattern.compile("(\\w+)=\"([^\"]*)\"");
		for (int i = 0; i < script.size(); i++) {
			String line = script.get(i);
			if (line.startsWith("#")) {
				continue;
			}
			String documented = (i + 1 < script.size() && script.get(i + 1).startsWith("# "))
					? script.get(i + 1).substring(2).strip() : null;
			Matcher captured = capture.matcher(line);
			Matcher assigned = assignment.matcher(line);
			if (captured.matches()) {
				Step step = curl(captured.group(2), documented, true);
				assertThat(step.status()).as("%s: %s", line, step.body()).isBetween(200, 299);
				assertThat(step.output()).as(line).isNotBlank();
				this.variables.put(captured.group(1), step.output());
				steps.add(step);
			}
			else if (assigned.matches()) {
				this.variables.put(assigned.group(1), assigned.group(2));
			}
			else {
				assertThat(line).startsWith("curl ");
				steps.add(curl(line, documented, false));
			}
		}
		return steps;
	}

	private Step curl(String command, String documented, boolean captured) throws Exception {
		String[] pipeline = command.split(" \\| ");
		assertThat(pipeline.length).as(command).isLessThanOrEqualTo(2);
		List<String> words = words(pipeline[0]);
		assertThat(words.get(0)).isEqualTo("curl");
		Map<String, String> headers = new LinkedHashMap<>();
		byte[] body = null;
		String url = null;
		for (int i = 1; i < words.size(); i++) {
			String word = words.get(i);
			switch (word) {
				case "-s" -> {
				}
				case "-H" -> {
					String header = words.get(++i);
					headers.put(header.substring(0, header.indexOf(':')),
							header.substring(header.indexOf(':') + 1).strip());
				}
				case "-d" -> body = words.get(++i).getBytes(StandardCharsets.UTF_8);
				case "--data-binary" -> {
					String file = words.get(++i);
					assertThat(file).startsWith("@");
					body = this.files.get(file.substring(1));
					assertThat(body).as("%s is written by the pyarrow snippet", file).isNotNull();
				}
				default -> {
					assertThat(word).as("an option this shell does not know in %s", command).doesNotStartWith("-");
					assertThat(url).as("one URL in %s", command).isNull();
					url = word;
				}
			}
		}
		Matcher target = Pattern.compile("localhost:(\\d+)(/.*)").matcher(String.valueOf(url));
		assertThat(target.matches()).as(command).isTrue();
		SampleAppProcess instance = this.instances.get(target.group(1));
		assertThat(instance).as("an instance on port %s", target.group(1)).isNotNull();
		HttpRequest.Builder request = HttpRequest.newBuilder(instance.uri(target.group(2)))
			.timeout(Duration.ofMinutes(2));
		headers.forEach(request::header);
		request.method((body != null) ? "POST" : "GET", (body != null) ? HttpRequest.BodyPublishers.ofByteArray(body)
				: HttpRequest.BodyPublishers.noBody());
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		String output = null;
		if (pipeline.length == 2) {
			output = jq(pipeline[1].strip(), response.body());
		}
		return new Step(command, target.group(1), headers, response.statusCode(), response.body(), output,
				documented, captured);
	}

	private static String jq(String filter, String json) {
		if (filter.equals("jq length")) {
			return String.valueOf(JsonPath.<Integer>read(json, "$.length()"));
		}
		Matcher field = Pattern.compile("jq -r \\.(\\w+)").matcher(filter);
		assertThat(field.matches()).as("a jq filter this shell knows: %s", filter).isTrue();
		return String.valueOf((Object) JsonPath.read(json, "$." + field.group(1)));
	}

	/** Splits like a shell: quotes group, {@code $NAME} expands outside single quotes. */
	private List<String> words(String line) {
		List<String> words = new ArrayList<>();
		StringBuilder word = null;
		char quote = 0;
		for (int i = 0; i < line.length(); i++) {
			char c = line.charAt(i);
			if (quote == 0 && Character.isWhitespace(c)) {
				if (word != null) {
					words.add(word.toString());
					word = null;
				}
				continue;
			}
			if (word == null) {
				word = new StringBuilder();
			}
			if (quote == 0 && (c == '\'' || c == '"')) {
				quote = c;
			}
			else if (c == quote) {
				quote = 0;
			}
			else if (c == '$' && quote != '\'') {
				Matcher name = Pattern.compile("\\w+").matcher(line).region(i + 1, line.length());
				assertThat(name.lookingAt()).as("a variable at %d in %s", i, line).isTrue();
				String value = this.variables.get(name.group());
				assertThat(value).as("$%s is set before %s", name.group(), line).isNotNull();
				word.append(value);
				i = name.end() - 1;
			}
			else {
				word.append(c);
			}
		}
		assertThat(quote == 0).as("closed quotes in %s", line).isTrue();
		if (word != null) {
			words.add(word.toString());
		}
		return words;
	}

	/** One curl request of the script, what it got, and the comment that documents the answer. */
	record Step(String command, String port, Map<String, String> headers, int status, String body, String output,
			String documented, boolean captured) {

		String header(String name) {
			return this.headers.get(name);
		}

		<T> T json(String path) {
			return JsonPath.read(this.body, path);
		}

		/**
		 * The comment after the request: the output of a {@code jq} pipeline, or an optional status and
		 * JSON members; of a string the comment elides in part ({@code …}, {@code <…>}) the rest is
		 * compared.
		 */
		void assertDocumentedAnswer() {
			assertThat(this.documented).as("a documented answer after %s", this.command).isNotNull();
			if (this.output != null) {
				assertThat(this.output).as(this.command).isEqualTo(this.documented.split("\\s+")[0]);
				return;
			}
			Matcher status = Pattern.compile("^(\\d{3}) ").matcher(this.documented);
			assertThat(this.status).as("%s: %s", this.command, this.body)
				.isEqualTo(status.find() ? Integer.parseInt(status.group(1)) : 200);
			Matcher member = Pattern.compile("\"(\\w+)\":(\\d+|true|false|\"[^\"]*\")(?=[,}])")
					.matcher(this.documented);
			int members = 0;
			while (member.find()) {
				members++;
				String value = member.group(2);
				if (!value.contains("…") && !value.contains("<")) {
					assertThat(this.body).as("%s documents %s", this.command, member.group())
						.contains("\"" + member.group(1) + "\":" + value);
					continue;
				}
				for (String part : value.substring(1, value.length() - 1).split("…|<[^>]*>")) {
					assertThat(this.body).as("%s documents %s", this.command, member.group()).contains(part);
				}
			}
			assertThat(members).as("members compared in %s", this.documented).isPositive();
		}

	}

}
