package io.github.paimonspring.admin.autoconfigure;

import java.util.List;
import java.util.Map;

import io.github.paimonspring.support.ConfigurationMetadata;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code paimon.admin.*} property has generated metadata with a description, and the configuration
 * reference documents it.
 */
class AdminConfigurationMetadataTests {

	@Test
	void everyPropertyHasADescriptionAndIsDocumented() {
		ConfigurationMetadata metadata = ConfigurationMetadata.read();
		List<Map<String, Object>> properties = metadata.properties();
		assertThat(properties).extracting((p) -> p.get("name"))
			.contains("paimon.admin.enabled", "paimon.admin.base-path", "paimon.admin.auth", "paimon.admin.token",
					"paimon.admin.credentials", "paimon.admin.credentials-file",
					"paimon.admin.credentials-refresh-interval", "paimon.admin.max-batch-memory",
					"paimon.admin.max-upload-memory");
		assertThat(properties).filteredOn((p) -> p.get("name").equals("paimon.admin.auth"))
			.singleElement()
			.satisfies((p) -> assertThat(p).containsEntry("sourceType", PaimonAdminProperties.class.getName())
				.doesNotContainKey("defaultValue"));
		assertThat(properties).filteredOn((p) -> p.get("name").equals("paimon.admin.max-batch-memory"))
			.singleElement()
			.satisfies((p) -> assertThat(p).doesNotContainKey("defaultValue"));
		metadata.assertDescribedAndDocumented();
		metadata.assertDefaults(List.of(
				// derived from the maximum heap (1/16 and 1/4 of it) when not set
				"paimon.admin.max-batch-memory", "paimon.admin.max-upload-memory",
				// a secret: none; one of token, credentials and credentials-file is required with auth=bearer
				"paimon.admin.token", "paimon.admin.credentials", "paimon.admin.credentials-file",
				// spring-security with Spring Security on the class path, else bearer
				"paimon.admin.auth"));
	}

}
