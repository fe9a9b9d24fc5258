package io.github.paimonspring.s3;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Guards the S3 module: the FileIO ({@code s3}) knows nothing of its auto-configuration, and the module depends on
 * Paimon, the AWS SDK, Spring Boot and Micrometer only — nothing of the starter's core, which hands it to Paimon
 * through Paimon's own {@code FileIOLoader} type.
 */
class S3ArchitectureTests {

	private static final String BASE = "io.github.paimonspring.s3";

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
			.importPackages(BASE);
	}

	@Test
	void theModuleHasItsClasses() {
		assertThat(classes.stream().map((c) -> c.getPackageName()).distinct())
			.containsExactlyInAnyOrder(BASE, BASE + ".autoconfigure");
	}

	@Test
	void everyPackageIsNullMarked() {
		// NullAway (OnlyNullMarked=true) checks only @NullMarked code
		assertThat(classes.stream().map(JavaClass::getPackage).distinct()).isNotEmpty()
			.allSatisfy((javaPackage) -> assertThat(javaPackage.isAnnotatedWith(NullMarked.class))
				.as(javaPackage.getName() + " has a @NullMarked package-info.java").isTrue());
	}

	@Test
	void theFileIOKnowsNothingOfItsAutoConfiguration() {
		noClasses().that()
			.resideInAPackage(BASE)
			.should()
			.dependOnClassesThat()
			.resideInAPackage(BASE + ".autoconfigure")
			.check(classes);
	}

	@Test
	void dependsOnPaimonTheSdkSpringAndMicrometerOnly() {
		classes().should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage(BASE + "..", "java..", "org.apache.paimon..", "software.amazon.awssdk..",
					"org.springframework..", "io.micrometer..", "org.jspecify..", "org.slf4j..")
			.check(classes);
	}

}
