package io.github.paimonspring.autoconfigure;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code paimon.*} property has generated metadata with a description and, unless it genuinely has
 * none, a default, and the configuration reference documents it.
 */
class ConfigurationMetadataTests {

	/**
	 * The properties whose metadata shows no default, because they have none that a literal could say.
	 * Every other property must show its default.
	 */
	private static final List<String> WITHOUT_DEFAULT = List.of(
			// derived from the maximum heap (1/16 and 1/4 of it) when not set
			"paimon.admin.max-batch-memory", "paimon.admin.max-upload-memory",
			// a secret: none, and required with paimon.admin.auth=bearer
			"paimon.admin.token",
			// an embedded directory under java.io.tmpdir, logged at start-up
			"paimon.catalog.warehouse",
			// the system temporary directory
			"paimon.write.spill-directory",
			// the number of processors, at most 4
			"paimon.write.parallelism",
			// each table's postpone.default-bucket-num
			"paimon.write.postpone-default-buckets",
			// decided from the resolved catalog settings: on for the embedded set-up only
			"paimon.maintenance.enabled",
			// what the application declares: empty maps and lists unless it does
			"paimon.catalog.options", "paimon.tables", "paimon.maintenance.exclude", "paimon.maintenance.tables",
			"paimon.kafka.pipelines");

	@Test
	void everyPropertyHasADescriptionAndIsDocumented() throws Exception {
		String json;
		try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(in).as("generated metadata").isNotNull();
			json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		List<Map<String, Object>> properties = JsonPath.read(json, "$.properties[*]");
		assertThat(properties).extracting((p) -> p.get("name"))
			.contains("paimon.catalog.warehouse", "paimon.catalog.metastore", "paimon.catalog.options",
					"paimon.tables", "paimon.write.spill-directory", "paimon.write.parallelism",
					"paimon.write.observation-enabled",
					"paimon.admin.enabled", "paimon.admin.base-path", "paimon.admin.auth", "paimon.admin.token",
					"paimon.admin.max-batch-memory", "paimon.admin.max-upload-memory");
		assertThat(properties).filteredOn((p) -> p.get("name").equals("paimon.admin.auth"))
			.singleElement()
			.satisfies((p) -> assertThat(p).containsEntry("sourceType", PaimonAdminProperties.class.getName())
				.containsEntry("defaultValue", "bearer"));
		assertThat(properties).filteredOn((p) -> p.get("name").equals("paimon.write.observation-enabled"))
			.singleElement()
			.satisfies((p) -> assertThat(p).containsEntry("type", "java.lang.Boolean")
				.containsEntry("defaultValue", true));
		assertThat(properties).filteredOn((p) -> p.get("name").equals("paimon.admin.max-batch-memory"))
			.singleElement()
			.satisfies((p) -> assertThat(p).doesNotContainKey("defaultValue"));
		String reference = Files.readString(Path.of("../docs/configuration.md"));
		for (Map<String, Object> property : properties) {
			assertThat((String) property.get("description")).as("description of %s", property.get("name")).isNotBlank();
			assertThat(reference).as("docs/configuration.md documents %s", property.get("name"))
				.contains((String) property.get("name"));
		}
		for (Map<String, Object> property : properties) {
			if (!WITHOUT_DEFAULT.contains(property.get("name"))) {
				assertThat(property).as("default of %s", property.get("name")).containsKey("defaultValue");
			}
		}
		assertThat(properties).extracting((p) -> p.get("name"))
			.as("properties listed as without a default exist")
			.containsAll(WITHOUT_DEFAULT);
		List<String> hinted = JsonPath.read(json, "$.hints[*].name");
		assertThat(hinted).contains("paimon.catalog.metastore", "paimon.catalog.options.keys");
		for (String nested : List.of("identifier", "create-if-missing", "schema.columns[i].name",
				"schema.columns[i].type", "schema.primary-key", "schema.partition-keys", "schema.options.*")) {
			assertThat(reference).contains("paimon.tables.<name>." + nested);
		}
	}

}
