package io.github.paimonspring.support;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.assertj.core.api.AbstractStringAssert;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The "APPLICATION FAILED TO START" block that Spring Boot's {@code LoggingFailureAnalysisReporter} logs for a
 * failure an analyzer explained, read from a start's output (a {@code CapturedOutput} or a child process's output).
 *
 * @param output the whole output
 * @param description the text under {@code Description:}
 * @param action the text under {@code Action:}, up to the next log line
 */
public record FailureReport(String output, String description, String action) {

	/** The heading of the block. */
	public static final String HEADING = "APPLICATION FAILED TO START";

	private static final Pattern BLOCK = Pattern.compile(
			"APPLICATION FAILED TO START\\R\\*+\\R\\RDescription:\\R\\R(.*?)\\R\\RAction:\\R\\R(.*?)"
					+ "(?=\\R\\d{2}:\\d{2}:\\d{2}|\\R\\d{4}-\\d{2}-\\d{2}[T ]|\\z)",
			Pattern.DOTALL);

	/**
	 * Reads the one block of an output, asserting that there is exactly one, with an action, and no stack trace of
	 * the failure (Boot logs none when an analyzer explained it).
	 * @param output the output of the failed start
	 * @return the block
	 */
	public static FailureReport of(String output) {
		assertThat(count(output, HEADING)).as("'%s' blocks in:%n%s", HEADING, output).isOne();
		assertThat(output).as("the failure is analyzed, not logged with its stack trace")
			.doesNotContain("Application run failed")
			.doesNotContain("Caused by:");
		Matcher block = BLOCK.matcher(output);
		assertThat(block.find()).as("a Description and an Action in:%n%s", output).isTrue();
		return new FailureReport(output, block.group(1).strip(), block.group(2).strip());
	}

	/**
	 * Asserts that the description contains a text exactly once.
	 * @param text the text, such as the message of the failure's cause
	 * @return an assertion on the description, for more
	 */
	public AbstractStringAssert<?> assertDescriptionOnce(String text) {
		assertThat(count(this.description, text)).as("'%s' in the description:%n%s", text, this.description).isOne();
		return assertThat(this.description);
	}

	/**
	 * Asserts that the action names a property (or a flag) and returns an assertion on it.
	 * @param property the property
	 * @return an assertion on the action, for more
	 */
	public AbstractStringAssert<?> assertActionNames(String property) {
		return assertThat(this.action).as("the action").contains(property);
	}

	/**
	 * Counts the occurrences of a text.
	 * @param in the text searched
	 * @param text the text counted
	 * @return how often it occurs
	 */
	public static int count(String in, String text) {
		int count = 0;
		for (int at = in.indexOf(text); at >= 0; at = in.indexOf(text, at + text.length())) {
			count++;
		}
		return count;
	}

}
