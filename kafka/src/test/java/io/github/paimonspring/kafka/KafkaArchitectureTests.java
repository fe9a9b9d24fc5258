package io.github.paimonspring.kafka;

import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.github.paimonspring.support.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Guards the package structure of the Kafka module: the auto-configuration and the actuator support on top, the
 * running pipelines convert records with {@code kafka.record}, and both use what {@code kafka} offers
 * applications (properties, listener, dead letters, exceptions); no package cycles; no web types.
 */
class KafkaArchitectureTests {

	private static final String BASE = "io.github.paimonspring.kafka";

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
			.importPackages(BASE);
	}

	@Test
	void dependenciesRunOneWay() {
		ArchitectureRules.chain(BASE, "autoconfigure", "actuate", "pipeline", "record", "").check(classes);
	}

	@Test
	void packagesHaveNoCycles() {
		slices().matching(BASE + ".(*)..").should().beFreeOfCycles().check(classes);
	}

	@Test
	void everyPackageIsNullMarked() {
		ArchitectureRules.everyPackageIsNullMarked(BASE).check(classes);
	}

	@Test
	void usesTheCoresApiOnly() {
		ArchitectureRules.onlyTheCoresApi(BASE, Set.of()).check(classes);
	}

	@Test
	void noWebTypes() {
		ArchitectureRules.webTypesOnlyIn(BASE).check(classes);
	}

}
