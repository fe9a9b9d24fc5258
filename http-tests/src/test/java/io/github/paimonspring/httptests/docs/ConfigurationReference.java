package io.github.paimonspring.httptests.docs;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.httptests.docs.MarkdownTables.Row;
import io.github.paimonspring.httptests.docs.MarkdownTables.Table;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.util.unit.DataSize;

/**
 * Checks a configuration reference ({@code docs/configuration.md}) against configuration metadata
 * ({@code META-INF/spring-configuration-metadata.json}); the rules are those of
 * {@link ConfigurationReferenceTests}.
 */
final class ConfigurationReference {

	/** A property name in backticks, alone in its cell. */
	private static final Pattern NAME = Pattern.compile("`([a-z][\\w.\\-\\[\\]<>*]*)`");

	/** A literal: one code span, alone in its cell. */
	private static final Pattern LITERAL = Pattern.compile("`([^`]*)`");

	/** A path segment of a nested entry: a name with an optional {@code [i]}. */
	private static final Pattern SEGMENT = Pattern.compile("([a-z][a-z0-9\\-]*)(\\[[a-z]\\])?");

	private final Map<String, Property> metadata;

	private final Set<String> otherLibraries;

	private final Set<String> pending;

	/**
	 * A property of the metadata.
	 * @param name its name
	 * @param type its type, as the metadata writes it ({@code java.util.Map<java.lang.String,…>})
	 * @param defaultValue its default, or {@code null} when the metadata has none
	 */
	record Property(String name, String type, @Nullable Object defaultValue) {

		boolean isMap() {
			return this.type.startsWith("java.util.Map<");
		}

	}

	/**
	 * Creates a check.
	 * @param metadata the properties of the metadata, by name
	 * @param otherLibraries properties of other libraries the reference lists (defaults the project sets
	 * for them): not looked up in the metadata
	 * @param pending properties of the metadata another change documents: not reported as undocumented
	 */
	ConfigurationReference(Map<String, Property> metadata, Set<String> otherLibraries, Set<String> pending) {
		this.metadata = metadata;
		this.otherLibraries = otherLibraries;
		this.pending = pending;
	}

	/**
	 * Reads the properties of metadata files.
	 * @param jsons the JSON text of each {@code spring-configuration-metadata.json}
	 * @return the properties by name
	 */
	static Map<String, Property> properties(Collection<String> jsons) {
		Map<String, Property> properties = new LinkedHashMap<>();
		for (String json : jsons) {
			List<Map<String, Object>> entries = JsonPath.read(json, "$.properties[*]");
			for (Map<String, Object> entry : entries) {
				String name = (String) entry.get("name");
				properties.put(name, new Property(name, String.valueOf(entry.get("type")), entry.get("defaultValue")));
			}
		}
		return properties;
	}

	/**
	 * Checks a reference.
	 * @param document its name in messages
	 * @param markdown its text
	 * @return one line per problem, {@code document:line: property: what}; empty when the reference is
	 * right
	 */
	List<String> check(String document, String markdown) {
		MarkdownTables.Parsed parsed = MarkdownTables.parse(document, markdown);
		List<String> problems = new ArrayList<>(parsed.problems());
		List<String> documented = new ArrayList<>();
		for (Table table : parsed.tables()) {
			if (table.header().isEmpty() || !table.header().get(0).equals("property")) {
				continue;
			}
			int defaults = table.column((header) -> header.startsWith("default"));
			for (Row row : table.rows()) {
				if (row.cells().size() != table.header().size()) {
					continue;
				}
				String where = document + ":" + row.line() + ": ";
				Matcher name = NAME.matcher(row.cells().get(0));
				if (!name.matches()) {
					problems.add(where + "the first cell is not one property name in backticks: " + row.cells().get(0));
					continue;
				}
				documented.add(name.group(1));
				String problem = checkRow(name.group(1), (defaults >= 0) ? row.cells().get(defaults) : null);
				if (problem != null) {
					problems.add(where + name.group(1) + ": " + problem);
				}
			}
		}
		for (Property property : this.metadata.values()) {
			if (!this.pending.contains(property.name()) && documented.stream()
				.noneMatch((name) -> documents(name, property))) {
				problems.add(document + ": " + property.name() + ": in the metadata (" + property.type()
						+ "), but no row of a property table documents it");
			}
		}
		return problems;
	}

	/** Whether a documented name is the property, or an entry of the property map. */
	private static boolean documents(String name, Property property) {
		return name.equals(property.name()) || (property.isMap() && name.startsWith(property.name() + "."));
	}

	private @Nullable String checkRow(String name, @Nullable String documentedDefault) {
		Property property = this.metadata.get(name);
		if (property != null) {
			return (documentedDefault != null)
					? checkDefault(property.type(), property.defaultValue(), documentedDefault) : null;
		}
		for (Property map : this.metadata.values()) {
			if (map.isMap() && name.startsWith(map.name() + ".")) {
				return checkEntry(map, name.substring(map.name().length() + 1), documentedDefault);
			}
		}
		if (this.otherLibraries.contains(name)) {
			return null;
		}
		return "not in the configuration metadata of any module";
	}

	/**
	 * The default in the docs must be the property's, or there must be none in either; without one, the docs
	 * may name the property the value comes from ({@code `paimon.write.row-kind-column`}).
	 * @param type the type, as the metadata writes it
	 * @param expected the default, {@code null} when there is none
	 * @param cell the default cell of the docs
	 */
	private @Nullable String checkDefault(String type, @Nullable Object expected, String cell) {
		Matcher literal = LITERAL.matcher(cell);
		if (expected == null) {
			return (literal.matches() && !this.metadata.containsKey(literal.group(1)))
					? "documented default " + cell + ", but the property has no default "
							+ "(describe where the value comes from instead)"
					: null;
		}
		if (!literal.matches()) {
			return "the property's default is " + text(expected) + ", but the docs say \"" + cell + "\"";
		}
		String documented = literal.group(1);
		boolean same;
		try {
			same = same(type, expected, documented);
		}
		catch (RuntimeException ex) {
			return "documented default `" + documented + "` is not a value of " + type + ": " + ex.getMessage();
		}
		return same ? null
				: "documented default `" + documented + "`, but the property's is " + text(expected) + " (" + type
						+ ")";
	}

	/** Compares a documented default with the property's, by its type. */
	static boolean same(String type, Object expected, String documented) {
		switch (type) {
			case "java.time.Duration":
				return DurationStyle.detectAndParse(documented).equals(duration(expected));
			case "org.springframework.util.unit.DataSize":
				return DataSize.parse(documented).equals(DataSize.parse(String.valueOf(expected)));
			case "java.lang.Boolean", "boolean":
				return (documented.equalsIgnoreCase("true") || documented.equalsIgnoreCase("false"))
						&& Boolean.parseBoolean(documented) == Boolean.parseBoolean(String.valueOf(expected));
			case "java.lang.Integer", "int", "java.lang.Long", "long", "java.lang.Short", "short", "java.lang.Double",
					"double", "java.lang.Float", "float":
				return new BigDecimal(documented.replace("_", ""))
					.compareTo(new BigDecimal(String.valueOf(expected))) == 0;
			case "java.lang.String":
				return documented.equals(expected);
			default:
				if (expected instanceof List<?> list) {
					List<String> items = documented.isBlank() ? List.of()
							: List.of(documented.split("\\s*,\\s*", -1));
					return items.equals(list.stream().map(String::valueOf).toList());
				}
				// an enum (or another type bound from text): as Boot binds it, ignoring case, '-' and '_'
				return relaxed(documented).equals(relaxed(String.valueOf(expected)));
		}
	}

	private static Duration duration(Object value) {
		return (value instanceof Number number) ? Duration.ofMillis(number.longValue())
				: DurationStyle.detectAndParse(String.valueOf(value));
	}

	private static String relaxed(String value) {
		return value.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
	}

	private static String text(Object value) {
		return (value instanceof String) ? "\"" + value + "\"" : String.valueOf(value);
	}

	/**
	 * An entry of a property map ({@code paimon.tables.<name>.schema.columns[i].type}): the key is a
	 * placeholder ({@code <name>}) or {@code *}, and the rest a path of the map's value type. Its default is
	 * the value of the field in a new instance of the value type (none when it is null or empty).
	 */
	private @Nullable String checkEntry(Property map, String rest, @Nullable String documentedDefault) {
		int dot = rest.indexOf('.');
		String key = (dot < 0) ? rest : rest.substring(0, dot);
		if (!key.equals("*") && !(key.startsWith("<") && key.endsWith(">"))) {
			return "an entry of the map " + map.name() + " is written " + map.name() + ".<name>… or "
					+ map.name() + ".*, not with the key '" + key + "'";
		}
		if (key.equals("*")) {
			return (dot < 0) ? null : "nothing follows the '*' of " + map.name() + ".*";
		}
		if (dot < 0) {
			return "names no property of the entries of " + map.name();
		}
		String value = map.type().substring(map.type().indexOf(',') + 1, map.type().length() - 1);
		Class<?> valueType;
		try {
			valueType = Class.forName(value, false, ConfigurationReference.class.getClassLoader());
		}
		catch (ClassNotFoundException ex) {
			return "the value type of " + map.name() + " (" + value + ") is not on the class path";
		}
		return resolve(valueType, rest.substring(dot + 1), map.name() + "." + key, documentedDefault);
	}

	/**
	 * Walks a path of kebab-case properties through a type: {@code [i]} for a list's elements, {@code *} for a
	 * map's values; then checks the default of the property it ends on.
	 */
	private @Nullable String resolve(Class<?> type, String path, String prefix, @Nullable String documentedDefault) {
		Type current = type;
		Object instance = instantiate(type);
		Object value = null;
		boolean known = false;
		String at = prefix;
		for (String segment : path.split("\\.")) {
			if (segment.equals("*")) {
				return (raw(current) == Map.class) ? null : at + " is not a map, so " + at + ".* names nothing";
			}
			Matcher matcher = SEGMENT.matcher(segment);
			if (!matcher.matches()) {
				return "'" + segment + "' is not a property name";
			}
			Field field = field(raw(current), camelCase(matcher.group(1)));
			if (field == null) {
				return "'" + matcher.group(1) + "' is not a property of " + raw(current).getName() + " (" + at + ")";
			}
			current = field.getGenericType();
			known = instance != null;
			value = (instance != null) ? read(field, instance) : null;
			at = at + "." + segment;
			if (matcher.group(2) != null) {
				if (!List.class.isAssignableFrom(raw(current))) {
					return at + " is not a list";
				}
				current = ((ParameterizedType) current).getActualTypeArguments()[0];
				value = instantiate(raw(current));
			}
			instance = value;
		}
		if (documentedDefault == null || path.endsWith("]") || !known) {
			return null;
		}
		boolean none = value == null || (value instanceof Collection<?> collection && collection.isEmpty())
				|| (value instanceof Map<?, ?> entries && entries.isEmpty());
		return checkDefault(raw(current).getName(), none ? null : value, documentedDefault);
	}

	private static @Nullable Object instantiate(Class<?> type) {
		try {
			Constructor<?> constructor = type.getDeclaredConstructor();
			constructor.setAccessible(true);
			return constructor.newInstance();
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return null;
		}
	}

	private static @Nullable Object read(Field field, Object instance) {
		try {
			field.setAccessible(true);
			return field.get(instance);
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return null;
		}
	}

	private static Class<?> raw(Type type) {
		if (type instanceof ParameterizedType parameterized) {
			return (Class<?>) parameterized.getRawType();
		}
		return (Class<?>) type;
	}

	private static @Nullable Field field(Class<?> type, String name) {
		for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
			for (Field field : c.getDeclaredFields()) {
				if (field.getName().equals(name)) {
					return field;
				}
			}
		}
		return null;
	}

	private static String camelCase(String kebab) {
		StringBuilder name = new StringBuilder();
		boolean upper = false;
		for (char c : kebab.toCharArray()) {
			if (c == '-') {
				upper = true;
			}
			else {
				name.append(upper ? Character.toUpperCase(c) : c);
				upper = false;
			}
		}
		return name.toString();
	}

}
