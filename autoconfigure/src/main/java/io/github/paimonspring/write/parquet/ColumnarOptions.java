package io.github.paimonspring.write.parquet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.options.ConfigOption;
import org.apache.paimon.options.FallbackKey;
import org.apache.paimon.options.Options;
import org.jspecify.annotations.Nullable;

/**
 * The allow-list of the column-by-column writers: which table options they reproduce, and so which
 * tables they may write. Every option Paimon's writer reads is listed in {@code columnar-options.txt}
 * with its treatment; a table whose options are all reproduced (with an allowed value) or without
 * effect on writing is written column by column, any other — including a table setting an option this
 * list does not know, such as one a newer Paimon declares — by Paimon's writer. Field options
 * ({@code fields.<column>.<option>}) are allowed for the statistics mode only.
 */
public final class ColumnarOptions {

	static final String RESOURCE = "columnar-options.txt";

	/** The prefix of the options Paimon hands to its Parquet writer. */
	static final String PARQUET_PREFIX = "parquet.";

	private static final String FIELDS_PREFIX = "fields.";

	/** The prefix of the file-index options ({@code file-index.<index>.columns} and the index's own). */
	private static final String FILE_INDEX_PREFIX = "file-index.";

	private static final String STATS_MODE_SUFFIX = "." + CoreOptions.STATS_MODE_SUFFIX;

	private static final ColumnarOptions DEFAULT = new ColumnarOptions(read(), CoreOptions.getOptions());

	/** How the columnar writers treat an option. */
	public enum Kind {

		/** Reproduced for any value. */
		REPRODUCED,
		/** Reproduced for the listed values only. */
		REPRODUCED_IF,
		/** Does not change what a writer writes. */
		NO_EFFECT,
		/** Set to any value, the table goes to Paimon's writer. */
		ROUTED

	}

	/**
	 * One line of the list.
	 * @param key the option key
	 * @param kind how it is treated
	 * @param values the values reproduced, for {@link Kind#REPRODUCED_IF}
	 * @param paimonDefault the default Paimon declared when the list was written, {@code <none>} or {@code -}
	 */
	public record Treatment(String key, Kind kind, List<String> values, String paimonDefault) {
	}

	private final Map<String, Treatment> treatments;

	/** Paimon's options by key and by fallback key, with the templates ({@code #}) as patterns. */
	private final Map<String, ConfigOption<?>> options = new HashMap<>();

	private final Map<Pattern, ConfigOption<?>> templates = new LinkedHashMap<>();

	ColumnarOptions(Map<String, Treatment> treatments, Collection<ConfigOption<?>> paimonOptions) {
		this.treatments = treatments;
		for (ConfigOption<?> option : paimonOptions) {
			register(option.key(), option);
			for (FallbackKey fallback : option.fallbackKeys()) {
				this.options.putIfAbsent(fallback.getKey(), option);
			}
		}
	}

	private void register(String key, ConfigOption<?> option) {
		this.options.put(key, option);
		if (key.contains("#")) {
			this.templates.put(Pattern.compile(Arrays.stream(key.split("#", -1)).map(Pattern::quote)
				.reduce((a, b) -> a + "[^.]+" + b).orElseThrow()), option);
		}
	}

	/**
	 * Returns the list as Paimon's writer and the running Paimon version see it.
	 * @return the allow-list
	 */
	public static ColumnarOptions get() {
		return DEFAULT;
	}

	/**
	 * Returns the listed treatments by key.
	 * @return the treatments
	 */
	public Map<String, Treatment> treatments() {
		return this.treatments;
	}

	/**
	 * Returns why a table with these options is written by Paimon's writer, naming the option that
	 * decided it, or {@code null} if every option is reproduced or without effect.
	 * @param tableOptions the options the table sets (schema and dynamic options)
	 * @return the reason, or {@code null}
	 */
	public @Nullable String routingReason(Map<String, String> tableOptions) {
		for (Map.Entry<String, String> entry : tableOptions.entrySet()) {
			String reason = reason(entry.getKey(), entry.getValue());
			if (reason != null) {
				return reason;
			}
		}
		return null;
	}

	private @Nullable String reason(String key, String value) {
		if (key.startsWith(FIELDS_PREFIX) && !this.treatments.containsKey(key) && !this.options.containsKey(key)) {
			return key.endsWith(STATS_MODE_SUFFIX) ? null
					: "field option '" + key + "' is not reproduced by the column-by-column writers";
		}
		String listed = key;
		boolean parquet = key.toLowerCase(Locale.ROOT).startsWith(PARQUET_PREFIX);
		if (parquet) {
			// Paimon's Parquet format takes the prefix in any case, and per-column options as key#column
			listed = PARQUET_PREFIX + key.substring(PARQUET_PREFIX.length());
			if (listed.indexOf('#') > 0) {
				listed = listed.substring(0, listed.indexOf('#'));
			}
		}
		Treatment treatment = this.treatments.get(listed);
		ConfigOption<?> option = option(key);
		if (treatment == null && option != null) {
			treatment = this.treatments.get(option.key()); // a fallback key or a template
		}
		if (treatment == null) {
			if (option != null || parquet || key.startsWith(FILE_INDEX_PREFIX)) {
				return "option '" + key + "' is not on the column-by-column writers' list (ColumnarOptions)";
			}
			return null; // not an option of Paimon's writer
		}
		return switch (treatment.kind()) {
			case REPRODUCED, NO_EFFECT -> null;
			case ROUTED -> "option '" + key + "' = '" + value + "' is written by Paimon's writer only";
			case REPRODUCED_IF -> allowed(option, treatment, value) ? null : "option '" + key + "' = '" + value
					+ "' is reproduced by the column-by-column writers only as " + String.join(" or ",
							treatment.values());
		};
	}

	private @Nullable ConfigOption<?> option(String key) {
		ConfigOption<?> option = this.options.get(key);
		if (option != null) {
			return option;
		}
		for (Map.Entry<Pattern, ConfigOption<?>> template : this.templates.entrySet()) {
			if (template.getKey().matcher(key).matches()) {
				return template.getValue();
			}
		}
		return null;
	}

	/** Whether the value is one of the treatment's values, both as the option parses them. */
	private static boolean allowed(@Nullable ConfigOption<?> option, Treatment treatment, String value) {
		if (option == null) {
			return treatment.values().contains(value);
		}
		try {
			Object parsed = parse(option, value);
			if (parsed == null) {
				return false;
			}
			for (String allowed : treatment.values()) {
				Object candidate = "{}".equals(allowed) ? Map.of() : parse(option, allowed); // {}: an empty map option
				if (Objects.equals(parsed, candidate)) {
					return true;
				}
			}
			return false;
		}
		catch (RuntimeException ex) {
			return false; // Paimon's writer reports the value
		}
	}

	private static @Nullable Object parse(ConfigOption<?> option, String value) {
		Options options = new Options();
		options.set(option.key(), value);
		return options.get(option);
	}

	/** Reads {@link #RESOURCE}: {@code key | treatment | default} lines, {@code #} comments. */
	static Map<String, Treatment> read() {
		Map<String, Treatment> treatments = new LinkedHashMap<>();
		try (InputStream in = ColumnarOptions.class.getResourceAsStream(RESOURCE)) {
			if (in == null) {
				throw new IllegalStateException("Missing resource " + RESOURCE + " next to " + ColumnarOptions.class);
			}
			BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
			String line;
			while ((line = reader.readLine()) != null) {
				if (line.isBlank() || line.startsWith("#")) {
					continue;
				}
				String[] parts = line.split("\\|", -1);
				if (parts.length != 3) {
					throw new IllegalStateException("Malformed line in " + RESOURCE + ": " + line);
				}
				String key = parts[0].trim();
				String[] treatment = parts[1].trim().split(" ", 2);
				Kind kind = Kind.valueOf(treatment[0].replace('-', '_').toUpperCase(Locale.ROOT));
				List<String> values = (treatment.length > 1) ? List.of(treatment[1].trim().split(",")) : List.of();
				treatments.put(key, new Treatment(key, kind, values, parts[2].trim()));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return treatments;
	}

}
