package io.github.paimonspring.kafka;

import java.util.List;

import io.github.paimonspring.support.ConfigurationMetadata;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code paimon.kafka.*} property has generated metadata with a description, and the configuration
 * reference documents it.
 */
class KafkaConfigurationMetadataTests {

	@Test
	void everyPropertyHasADescriptionAndIsDocumented() {
		ConfigurationMetadata metadata = ConfigurationMetadata.read();
		assertThat(metadata.properties()).extracting((p) -> (String) p.get("name"))
			.isNotEmpty()
			.allMatch((name) -> name.startsWith("paimon.kafka."));
		metadata.assertDescribedAndDocumented();
		// what the application declares: none unless it does
		metadata.assertDefaults(List.of("paimon.kafka.pipelines"));
	}

}
