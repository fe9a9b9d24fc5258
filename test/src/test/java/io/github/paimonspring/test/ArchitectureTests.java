package io.github.paimonspring.test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.github.paimonspring.support.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Guards the test module's structure: the read-back, assertion and batch helpers do not depend on the
 * slice, and the module uses only the library's public packages (arrow, catalog, core, autoconfigure).
 */
class ArchitectureTests {

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("io.github.paimonspring.test");
	}

	@Test
	void theModuleHasItsClasses() {
		assertThat(classes.stream().map((c) -> c.getPackageName()).distinct())
			.containsExactlyInAnyOrder("io.github.paimonspring.test", "io.github.paimonspring.test.autoconfigure");
	}

	@Test
	void everyPackageIsNullMarked() {
		ArchitectureRules.everyPackageIsNullMarked("io.github.paimonspring.test").check(classes);
	}

	@Test
	void theHelpersDoNotDependOnTheSlice() {
		noClasses().that().resideInAPackage("io.github.paimonspring.test")
			.should().dependOnClassesThat().resideInAPackage("io.github.paimonspring.test.autoconfigure..")
			.check(classes);
		slices().matching("io.github.paimonspring.test.(**)").should().beFreeOfCycles().check(classes);
	}

	@Test
	void onlyThePublicPackagesOfTheLibraryAreUsed() {
		noClasses().should().dependOnClassesThat()
			.resideInAnyPackage("io.github.paimonspring.write..", "io.github.paimonspring.postpone..",
					"io.github.paimonspring.cluster..", "io.github.paimonspring.ingest..",
					"io.github.paimonspring.maintenance..", "io.github.paimonspring.admin..",
					"io.github.paimonspring.actuate..", "io.github.paimonspring.testcontainers..")
			.check(classes);
	}

}
