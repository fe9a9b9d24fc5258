package io.github.paimonspring.test.autoconfigure;

import java.nio.file.Files;
import java.util.List;
import java.util.Locale;

import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.ingest.Ingester;
import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.test.PaimonAssertions;
import io.github.paimonspring.test.PeopleWriter;
import io.github.paimonspring.test.PeopleWriter.Person;
import io.github.paimonspring.test.UnrelatedComponent;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.ApplicationContext;

import static io.github.paimonspring.test.PaimonAssertions.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @PaimonTest} starts the Paimon auto-configuration on a temporary warehouse, with the
 * application's tables and the components the test names, and nothing else; maintenance is off.
 */
@PaimonTest(PeopleWriter.class)
class PaimonTestSliceTests {

	@Autowired
	ApplicationContext context;

	@Autowired
	PeopleWriter writer;

	@Autowired
	@Qualifier("people")
	Table people;

	@Autowired
	TemporaryWarehouse warehouse;

	@Autowired
	Catalog catalog;

	@Test
	void startsThePaimonBeansAndTheNamedComponentOnly() {
		assertThat(this.context.getBeansOfType(PaimonOperations.class)).hasSize(1);
		assertThat(this.context.getBeansOfType(PaimonTables.class)).hasSize(1);
		assertThat(this.context.getBeansOfType(Ingester.class)).hasSize(1);
		assertThat(this.context.getBeansOfType(BufferAllocator.class)).hasSize(1);
		assertThat(this.context.getBeansOfType(UnrelatedComponent.class)).isEmpty();
		assertThat(this.context.getBeansOfType(MaintenanceScheduler.class)).isEmpty();
		assertThat(this.context.getEnvironment().getProperty("paimon.maintenance.enabled")).isEqualTo("false");
		assertThat(this.context.getBeanDefinitionNames())
			.noneMatch((name) -> name.toLowerCase(Locale.ROOT).contains("admin"))
			.noneMatch((name) -> name.toLowerCase(Locale.ROOT).contains("actuat"));
	}

	@Test
	void writesThroughTheServiceIntoTheTemporaryWarehouse() throws Exception {
		assertThat(this.warehouse.path()).isDirectory();
		assertThat(this.warehouse.path().toString()).doesNotContain("paimon-test-module-configured-warehouse");
		assertThat(this.catalog.options()).containsEntry("warehouse", this.warehouse.location());
		this.writer.save(List.of(new Person(1L, "ada", "london")));
		PaimonAssertions.assertThat(this.people).containsRows(row(1L, "ada", "london"));
		assertThat(Files.list(this.warehouse.path().resolve("crm.db/people")).map((p) -> p.getFileName().toString()))
			.contains("snapshot", "schema");
	}

}
