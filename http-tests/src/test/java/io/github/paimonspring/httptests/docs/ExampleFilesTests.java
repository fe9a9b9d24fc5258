package io.github.paimonspring.httptests.docs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.github.paimonspring.arrow.ArrowTypes;
import io.github.paimonspring.catalog.PaimonTypeParser;
import io.github.paimonspring.httptests.docs.ExampleFiles.ExampleFile;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Arrow files under {@code docs/examples/} that the documents upload are what {@link ExampleFiles}
 * makes, byte for byte, and each is an Arrow IPC stream whose columns are the columns of its table in
 * the sample app's {@code application.yml}, with the Arrow types the starter maps their Paimon types to
 * ({@link RestExamplesTests} uploads them to the running app). After a change to {@link ExampleFiles},
 * {@code -Dpaimon.docs.write-examples=true} writes the files anew.
 */
class ExampleFilesTests {

	private static final Path SAMPLE_CONFIGURATION = Path.of("sample-app", "src", "main", "resources",
			"application.yml");

	@Test
	void theCheckedInFilesAreWhatExampleFilesMakes() throws IOException {
		Path directory = ExampleFiles.directory();
		if (Boolean.getBoolean("paimon.docs.write-examples")) {
			Files.createDirectories(directory);
			for (ExampleFile file : ExampleFiles.FILES) {
				Files.write(directory.resolve(file.name()), file.bytes());
			}
		}
		for (ExampleFile file : ExampleFiles.FILES) {
			Path path = directory.resolve(file.name());
			assertThat(path).as("%s/%s (-Dpaimon.docs.write-examples=true writes it)", ExampleFiles.DIRECTORY,
					file.name()).isRegularFile();
			assertThat(Files.readAllBytes(path))
				.as("%s/%s is not what ExampleFiles makes (-Dpaimon.docs.write-examples=true writes it)",
						ExampleFiles.DIRECTORY, file.name())
				.isEqualTo(file.bytes());
		}
		try (Stream<Path> files = Files.list(directory)) {
			assertThat(files.map((path) -> path.getFileName().toString()).filter((name) -> name.endsWith(".arrows")))
				.as("Arrow files in %s that ExampleFiles does not make", ExampleFiles.DIRECTORY)
				.containsExactlyInAnyOrderElementsOf(ExampleFiles.FILES.stream().map(ExampleFile::name).toList());
		}
	}

	@Test
	void eachFileHasTheColumnsAndArrowTypesOfItsTableInTheSampleApp() throws IOException {
		Map<String, Map<String, String>> tables = sampleTables();
		for (ExampleFile file : ExampleFiles.FILES) {
			assertThat(tables).as("tables of %s", SAMPLE_CONFIGURATION).containsKey(file.table());
			List<Field> expected = new ArrayList<>();
			tables.get(file.table())
				.forEach((name, type) -> expected.add(ArrowTypes.toArrowField(name, PaimonTypeParser.parse(type))));
			try (BufferAllocator allocator = new RootAllocator();
					InputStream in = new ByteArrayInputStream(Files.readAllBytes(ExampleFiles.directory()
						.resolve(file.name())));
					ArrowStreamReader reader = new ArrowStreamReader(in, allocator)) {
				List<Field> fields = reader.getVectorSchemaRoot().getSchema().getFields();
				assertThat(fields).as("columns of %s", file.name()).extracting(Field::getName)
					.containsExactlyElementsOf(expected.stream().map(Field::getName).toList());
				for (int i = 0; i < fields.size(); i++) {
					assertThat(fields.get(i).getType()).as("Arrow type of %s in %s", fields.get(i).getName(),
							file.name()).isEqualTo(expected.get(i).getType());
				}
				int rows = 0;
				while (reader.loadNextBatch()) {
					rows += reader.getVectorSchemaRoot().getRowCount();
				}
				assertThat(rows).as("rows of %s", file.name()).isEqualTo(file.rows().size());
			}
		}
	}

	/** The sample app's tables: identifier → column → Paimon type, from its {@code application.yml}. */
	@SuppressWarnings("unchecked")
	private static Map<String, Map<String, String>> sampleTables() throws IOException {
		Map<String, Object> yaml = new Yaml()
			.load(Files.readString(MarkdownBlocks.root().resolve(SAMPLE_CONFIGURATION)));
		Map<String, Object> tables = (Map<String, Object>) ((Map<String, Object>) yaml.get("paimon")).get("tables");
		Map<String, Map<String, String>> result = new LinkedHashMap<>();
		for (Object value : tables.values()) {
			Map<String, Object> table = (Map<String, Object>) value;
			Map<String, String> columns = new LinkedHashMap<>();
			for (Object column : (List<Object>) ((Map<String, Object>) table.get("schema")).get("columns")) {
				Map<String, Object> definition = (Map<String, Object>) column;
				columns.put((String) definition.get("name"), (String) definition.get("type"));
			}
			result.put((String) table.get("identifier"), columns);
		}
		return result;
	}

}
