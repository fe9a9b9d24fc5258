package io.github.paimonspring.httptests.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.paimonspring.httptests.docs.ConfigurationReference.Property;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/configuration.md} says what the configuration metadata of the modules says, and every
 * Markdown table of the docs is well-formed.
 *
 * <p>
 * The rules:
 * <ul>
 * <li><b>Which metadata.</b> Every {@code META-INF/spring-configuration-metadata.json} on the class path that
 * belongs to a module of the project (one of its groups or properties has a source type in
 * {@code io.github.paimonspring}): the core ({@code paimon.*}, {@code management.*.paimon.*}), the admin API
 * ({@code paimon.admin.*}) and the Kafka pipelines ({@code paimon.kafka.*}); the test module has none. The
 * test depends on every module, so it sees them all.</li>
 * <li><b>Which rows.</b> The rows of the tables of {@code docs/configuration.md} whose first header cell is
 * {@code property}; the first cell of such a row is one property name in backticks, the default is the
 * column whose header starts with {@code default}.</li>
 * <li><b>Every documented property exists.</b> A name is a property of the metadata, or an entry of a property
 * map of it: {@code paimon.catalog.options.*} (any key), {@code paimon.tables.<name>.identifier} (a
 * placeholder in angle brackets for the key, then a path of the map's value type, found by reflection:
 * kebab-case names of its fields, {@code [i]} for a list's elements, {@code .*} for a map). The properties of
 * other libraries that the docs list because the project sets their defaults ({@link #OTHER_LIBRARIES}) are
 * not looked up.</li>
 * <li><b>With the same default.</b> The default of a property is the metadata's; that of an entry of a map
 * the value of its field in a new instance of the map's value type (a null or empty one is none). A default
 * must be documented as one code span alone in the cell whose value is the same once bound: durations as
 * Boot reads them ({@code 10s} = {@code PT10S}), data sizes by bytes ({@code 64MB} = {@code 65536KB}),
 * booleans ignoring case, numbers by value ({@code 1_000_000} = {@code 1000000}), lists element by element
 * ({@code a, b}), enums as Boot binds them (ignoring case, {@code -} and {@code _}), other strings exactly. A
 * property without a default must not be documented with a bare literal: the cell says where the value comes
 * from ({@code —}, prose, or the name of the property it comes from in backticks,
 * {@code `paimon.write.row-kind-column`}).</li>
 * <li><b>Every property is documented.</b> Every property of the metadata has a row: its own name, or, for a
 * map, an entry of it ({@code paimon.tables.<name>.…}, {@code paimon.catalog.options.*}). Properties another
 * change is documenting may be listed in {@link #PENDING}, which only reports them.</li>
 * <li><b>Every table row is well-formed</b> in {@code README.md} and every {@code docs/*.md}: it starts and
 * ends with {@code |} and has as many cells as its header (see {@link MarkdownTables}); two rows spliced into
 * one, or one split, have not.</li>
 * </ul>
 * The fixtures under {@code src/test/resources/configuration-reference} show that the check fails on a wrong
 * default, a name the metadata does not have, an undocumented property and spliced rows.
 */
class ConfigurationReferenceTests {

	/** Properties of other libraries whose defaults the project sets, and which the reference lists. */
	static final Set<String> OTHER_LIBRARIES = Set.of(
			// springdoc's: the admin module defaults them to ${paimon.admin.enabled}
			"springdoc.api-docs.enabled", "springdoc.swagger-ui.enabled");

	/**
	 * Properties of the metadata that another change documents: reported, not failed. Empty when the docs
	 * are complete.
	 */
	static final Set<String> PENDING = Set.of();

	@Test
	void theConfigurationReferenceMatchesTheMetadataOfEveryModule() throws IOException {
		Map<String, Property> metadata = ConfigurationReference.properties(projectMetadata());
		assertThat(metadata).as("the metadata of the core, the admin API and the Kafka pipelines")
			.containsKeys("paimon.catalog.warehouse", "management.health.paimon.enabled", "paimon.admin.enabled",
					"paimon.kafka.pipelines");
		String reference = Files.readString(MarkdownBlocks.root().resolve("docs/configuration.md"));
		List<String> problems = new ConfigurationReference(metadata, OTHER_LIBRARIES, PENDING)
			.check("docs/configuration.md", reference);
		assertThat(problems).as("docs/configuration.md against the configuration metadata").isEmpty();
		new ConfigurationReference(metadata, OTHER_LIBRARIES, Set.of()).check("docs/configuration.md", reference)
			.stream()
			.filter((problem) -> PENDING.stream().anyMatch((name) -> problem.contains(": " + name + ": ")))
			.forEach((problem) -> System.out.println("Pending: " + problem));
	}

	@Test
	void everyTableRowOfTheDocsIsWellFormed() throws IOException {
		List<String> problems = new ArrayList<>();
		int tables = 0;
		for (String document : MarkdownBlocks.documents()) {
			MarkdownTables.Parsed parsed = MarkdownTables
				.parse(document, Files.readString(MarkdownBlocks.root().resolve(document)));
			tables += parsed.tables().size();
			problems.addAll(parsed.problems());
		}
		assertThat(tables).as("tables in README.md and docs/").isGreaterThan(20);
		assertThat(problems).as("malformed table rows").isEmpty();
	}

	@Test
	void equalDefaultsWrittenOtherwiseAndEntriesOfMapsPass() {
		assertThat(fixture("right.md")).isEmpty();
	}

	@Test
	void wrongDefaultsAndNamesTheMetadataDoesNotHaveFail() {
		assertThat(fixture("wrong-default.md")).containsExactly(
				"wrong-default.md:5: demo.interval: documented default `1m`, but the property's is \"10s\" "
						+ "(java.time.Duration)",
				"wrong-default.md:6: demo.max-size: the property's default is \"64MB\", but the docs say "
						+ "\"64 megabytes\"",
				"wrong-default.md:7: demo.enabled: documented default `false`, but the property's is true "
						+ "(java.lang.Boolean)",
				"wrong-default.md:8: demo.max-rows: documented default `1000`, but the property's is 1000000 "
						+ "(java.lang.Long)",
				"wrong-default.md:9: demo.policy: documented default `none`, but the property's is \"add-columns\" "
						+ "(io.github.paimonspring.catalog.SchemaEvolutionPolicy)",
				"wrong-default.md:10: demo.names: documented default `a`, but the property's is [\"a\",\"b\"] "
						+ "(java.util.List<java.lang.String>)",
				"wrong-default.md:11: demo.directory: documented default `/tmp`, but the property has no default "
						+ "(describe where the value comes from instead)",
				"wrong-default.md:13: demo.tables.<name>.schema.colums[i].type: 'colums' is not a property of "
						+ "io.github.paimonspring.autoconfigure.PaimonProperties$Schema (demo.tables.<name>.schema)",
				"wrong-default.md:14: demo.tables.orders.identifier: an entry of the map demo.tables is written "
						+ "demo.tables.<name>… or demo.tables.*, not with the key 'orders'",
				"wrong-default.md:15: demo.typo: not in the configuration metadata of any module",
				"wrong-default.md:16: demo.tables.<name>.create-if-missing: documented default `true`, but the "
						+ "property's is false (boolean)",
				"wrong-default.md:17: demo.tables.<name>.row-kind-column: documented default `_row_kind`, but the "
						+ "property has no default (describe where the value comes from instead)");
	}

	@Test
	void undocumentedPropertiesFail() {
		assertThat(fixture("undocumented.md")).containsExactly(
				"undocumented.md: demo.names: in the metadata (java.util.List<java.lang.String>), but no row of a "
						+ "property table documents it",
				"undocumented.md: demo.options: in the metadata (java.util.Map<java.lang.String,java.lang.String>), "
						+ "but no row of a property table documents it");
	}

	@Test
	void splicedRowsAndTablesWithoutAHeaderFail() {
		assertThat(MarkdownTables.parse("spliced.md", text("spliced.md")).problems()).containsExactly(
				"spliced.md:6: 4 cell(s), but the header (line 3) has 3 (a row split or two rows spliced?)",
				"spliced.md:7: 2 cell(s), but the header (line 3) has 3 (a row split or two rows spliced?)",
				"spliced.md:10: the header has 2 cell(s), its delimiter row 3",
				"spliced.md:14: a table row outside a table (no delimiter row |---| under a header)",
				"spliced.md:15: a table row outside a table (no delimiter row |---| under a header)");
	}

	private static List<String> fixture(String document) {
		Map<String, Property> metadata = ConfigurationReference.properties(List.of(text("metadata.json")));
		return new ConfigurationReference(metadata, Set.of(), Set.of()).check(document, text(document));
	}

	private static String text(String fixture) {
		try (InputStream in = ConfigurationReferenceTests.class
			.getResourceAsStream("/configuration-reference/" + fixture)) {
			assertThat(in).as(fixture).isNotNull();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The metadata files of the project's modules on the class path. */
	private static List<String> projectMetadata() throws IOException {
		List<String> jsons = new ArrayList<>();
		for (URL url : Collections.list(ConfigurationReferenceTests.class.getClassLoader()
			.getResources("META-INF/spring-configuration-metadata.json"))) {
			try (InputStream in = url.openStream()) {
				String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
				if (json.contains("\"sourceType\": \"io.github.paimonspring.")
						|| json.contains("\"sourceType\":\"io.github.paimonspring.")) {
					jsons.add(json);
				}
			}
		}
		return jsons;
	}

}
