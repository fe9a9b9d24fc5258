package io.github.paimonspring.kafka.record;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.RootAllocator;
import org.apache.paimon.schema.Schema;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.FileSystemUtils;

/**
 * A real table {@code default.t} in a temporary warehouse, Paimon's auto-configuration on it, and
 * converters of pipelines into it.
 */
final class ConverterFixture implements AutoCloseable {

	private final Path dir;

	private final ConfigurableApplicationContext context;

	private final RootAllocator allocator = new RootAllocator();

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(PaimonAutoConfiguration.class)
	static class App {

	}

	ConverterFixture(Schema schema) throws Exception {
		this.dir = Files.createTempDirectory("json-records");
		try (TestWarehouse warehouse = new TestWarehouse(this.dir)) {
			warehouse.create("default.t", schema);
		}
		this.context = new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE).logStartupInfo(false)
			.properties(Map.of("paimon.catalog.warehouse", this.dir.toString(), "paimon.tables.t.identifier",
					"default.t"))
			.run();
	}

	/** A converter of a pipeline into the table, with its settings customized. */
	RecordConverter converter(Consumer<KafkaPipelineProperties> customizer) {
		KafkaPipelineProperties settings = new KafkaPipelineProperties();
		settings.setTable("t");
		settings.setTopics(List.of("topic"));
		customizer.accept(settings);
		return new RecordConverter("p", settings, this.context.getBean(PaimonOperations.class), this.allocator);
	}

	@Override
	public void close() {
		try {
			this.context.close();
			this.allocator.close();
		}
		finally {
			FileSystemUtils.deleteRecursively(this.dir.toFile());
		}
	}

}
