package io.github.paimonspring.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata a module generates ({@code META-INF/spring-configuration-metadata.json} of the
 * module under test, first on the test class path) and the checks every module runs on it.
 */
public final class ConfigurationMetadata {

	private final String json;

	private ConfigurationMetadata(String json) {
		this.json = json;
	}

	/**
	 * Reads the metadata of the module under test.
	 * @return the metadata
	 */
	public static ConfigurationMetadata read() {
		try (InputStream in = ConfigurationMetadata.class.getResourceAsStream(
				"/META-INF/spring-configuration-metadata.json")) {
			assertThat(in).as("generated metadata").isNotNull();
			return new ConfigurationMetadata(new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The JSON text.
	 * @return the metadata as generated
	 */
	public String json() {
		return this.json;
	}

	/**
	 * The properties.
	 * @return each property's metadata
	 */
	public List<Map<String, Object>> properties() {
		return JsonPath.read(this.json, "$.properties[*]");
	}

	/**
	 * Asserts that every property shows its default, but for the ones listed, and that the listed ones exist.
	 * @param withoutDefault the properties that have no default a literal could say
	 */
	public void assertDefaults(List<String> withoutDefault) {
		for (Map<String, Object> property : properties()) {
			if (!withoutDefault.contains(property.get("name"))) {
				assertThat(property).as("default of %s", property.get("name")).containsKey("defaultValue");
			}
		}
		assertThat(properties()).extracting((p) -> p.get("name"))
			.as("properties listed as without a default exist")
			.containsAll(withoutDefault);
	}

	/**
	 * Asserts that every property has a description and that {@code docs/configuration.md} documents it.
	 * @return the configuration reference's text
	 */
	public String assertDescribedAndDocumented() {
		String reference;
		try {
			reference = Files.readString(Path.of("../docs/configuration.md"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		for (Map<String, Object> property : properties()) {
			assertThat((String) property.get("description")).as("description of %s", property.get("name"))
				.isNotBlank();
			assertThat(reference).as("docs/configuration.md documents %s", property.get("name"))
				.contains((String) property.get("name"));
		}
		return reference;
	}

}
