package io.github.paimonspring.cluster;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The text form of a record: {@link Properties} syntax, lines sorted, no date comment.
 */
final class Records {

	private Records() {
	}

	static String format(Map<String, String> fields) {
		Properties properties = new Properties();
		properties.putAll(fields);
		StringWriter out = new StringWriter();
		try {
			properties.store(out, null);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		// without the date comment Properties writes first
		return out.toString().lines().filter((line) -> !line.startsWith("#")).sorted()
			.collect(Collectors.joining("\n", "", "\n"));
	}

	static Map<String, String> parse(String text) {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(text));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Map<String, String> fields = new TreeMap<>();
		properties.stringPropertyNames().forEach((key) -> fields.put(key, properties.getProperty(key)));
		return fields;
	}

}
