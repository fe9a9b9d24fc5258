package io.github.paimonspring.test.autoconfigure;

import io.github.paimonspring.maintenance.MaintenanceScheduler;
import io.github.paimonspring.test.PeopleWriter;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code @PaimonTest(maintenance = true)} schedules the maintenance; no component is named, none starts. */
@PaimonTest(maintenance = true)
class PaimonTestWithMaintenanceTests {

	@Autowired
	ApplicationContext context;

	@Autowired
	TemporaryWarehouse warehouse;

	@Autowired
	Environment environment;

	@Test
	void schedulesMaintenance() {
		assertThat(this.context.getBeansOfType(MaintenanceScheduler.class)).hasSize(1);
		assertThat(this.context.getBeansOfType(PeopleWriter.class)).isEmpty();
		assertThat(this.environment.getProperty("paimon.catalog.warehouse")).isEqualTo(this.warehouse.location());
	}

}
