package io.github.paimonspring.flight;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.github.paimonspring.support.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Guards the package structure of the Flight module: the auto-configuration on top of the endpoint; no package
 * cycles; and of the project's other artifacts it uses the core's API and the admin module's public types (its
 * credentials, scopes, audit trail and transactions) only.
 */
class FlightArchitectureTests {

	private static final String BASE = "io.github.paimonspring.flight";

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
			.importPackages(BASE);
	}

	@Test
	void dependenciesRunOneWay() {
		ArchitectureRules.chain(BASE, "autoconfigure", "").check(classes);
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
	void usesTheCoresApiAndTheAdminModuleOnly() {
		assertThat(classes).isNotEmpty();
		assertThat(ArchitectureRules.coreInternalsUsed(classes, BASE))
			.allMatch((type) -> type.startsWith("io.github.paimonspring.admin."));
	}

}
