package io.github.paimonspring.autoconfigure;

import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.paimonspring.support.ConfigurationMetadata;
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
			"paimon.catalog.options", "paimon.tables", "paimon.maintenance.exclude", "paimon.maintenance.tables");

	@Test
	void everyPropertyHasADescriptionAndIsDocumented() {
		ConfigurationMetadata metadata = ConfigurationMetadata.read();
		List<Map<String, Object>> properties = metadata.properties();
		assertThat(properties).extracting((p) -> p.get("name"))
			.contains("paimon.catalog.warehouse", "paimon.catalog.metastore", "paimon.catalog.options",
					"paimon.tables", "paimon.write.spill-directory", "paimon.write.parallelism",
					"paimon.write.observation-enabled");
		assertThat(properties).extracting((p) -> (String) p.get("name"))
			.as("the admin API's and the Kafka pipelines' properties are their modules'")
			.noneMatch((name) -> name.startsWith("paimon.admin.") || name.startsWith("paimon.kafka."));
		assertThat(properties).filteredOn((p) -> p.get("name").equals("paimon.write.observation-enabled"))
			.singleElement()
			.satisfies((p) -> assertThat(p).containsEntry("type", "java.lang.Boolean")
				.containsEntry("defaultValue", true));
		String reference = metadata.assertDescribedAndDocumented();
		metadata.assertDefaults(WITHOUT_DEFAULT);
		List<String> hinted = JsonPath.read(metadata.json(), "$.hints[*].name");
		assertThat(hinted).contains("paimon.catalog.metastore", "paimon.catalog.options.keys");
		for (String nested : List.of("identifier", "create-if-missing", "schema.columns[i].name",
				"schema.columns[i].type", "schema.primary-key", "schema.partition-keys", "schema.options.*")) {
			assertThat(reference).contains("paimon.tables.<name>." + nested);
		}
	}

}
