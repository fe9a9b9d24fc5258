package io.github.paimonspring.admin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import io.github.paimonspring.archfixture.admin.InternalReachingService;
import io.github.paimonspring.archfixture.admin.ServletAwareService;
import io.github.paimonspring.archfixture.admin.model.ModelCallingService;
import io.github.paimonspring.support.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Guards the package structure of the admin module: inside {@code admin} the web edge calls the services, the
 * services use staged transactions and guarded bodies, and all share the model; the auto-configuration and the
 * actuator support sit on top; there are no package cycles; only the web edge and the auto-configuration know
 * servlet, Spring MVC, spring-web and Tomcat types, and only the HTTP edge knows Spring's HTTP types.
 */
class AdminArchitectureTests {

	private static final String BASE = "io.github.paimonspring";

	/** The admin classes that translate between HTTP and the services. */
	private static final Set<String> HTTP_EDGE = Set.of("AdminExceptionHandler", "AdminProblem",
			"PaimonAdminController", "AdminAccessAdvice");

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
			.importPackages(BASE + ".admin");
	}

	/**
	 * The order inside {@code admin}: the auto-configuration and the actuator support on top, then the web edge
	 * that calls the services, the services that use staged transactions and guarded bodies, and the model all
	 * share.
	 * @param base the root package
	 * @return the layers
	 */
	static LayeredArchitecture adminLayers(String base) {
		return layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("autoconfigure").definedBy(base + ".admin.autoconfigure..")
			.layer("actuate").definedBy(base + ".admin.actuate..")
			.layer("web").definedBy(base + ".admin.web..")
			.layer("services").definedBy(base + ".admin")
			.layer("transaction").definedBy(base + ".admin.transaction..")
			.layer("body").definedBy(base + ".admin.body..")
			.layer("access").definedBy(base + ".admin.access..")
			.layer("model").definedBy(base + ".admin.model..")
			.whereLayer("autoconfigure").mayNotBeAccessedByAnyLayer()
			.whereLayer("actuate").mayOnlyBeAccessedByLayers("autoconfigure")
			.whereLayer("web").mayOnlyBeAccessedByLayers("autoconfigure")
			.whereLayer("services").mayOnlyBeAccessedByLayers("web", "actuate", "autoconfigure")
			.whereLayer("transaction").mayOnlyBeAccessedByLayers("services", "actuate", "autoconfigure")
			.whereLayer("body").mayOnlyBeAccessedByLayers("services", "autoconfigure")
			.whereLayer("access")
			.mayOnlyBeAccessedByLayers("web", "services", "transaction", "actuate", "autoconfigure")
			.whereLayer("model")
			.mayOnlyBeAccessedByLayers("web", "services", "transaction", "body", "actuate", "autoconfigure")
			.withOptionalLayers(true);
	}

	@Test
	void dependenciesRunOneWay() {
		adminLayers(BASE).check(classes);
	}

	@Test
	void everyPackageIsNullMarked() {
		ArchitectureRules.everyPackageIsNullMarked(BASE + ".admin").check(classes);
	}

	@Test
	void packagesHaveNoCycles() {
		slices().matching(BASE + ".admin.(*)..").should().beFreeOfCycles().check(classes);
	}

	@Test
	void onlyTheWebEdgeKnowsWebTypes() {
		ArchitectureRules.webTypesOnlyIn(BASE + ".admin", BASE + ".admin.web", BASE + ".admin.autoconfigure")
			.check(classes);
	}

	@Test
	void anAdminServiceThatImportsServletTypesFails() {
		JavaClasses violating = new ClassFileImporter().importClasses(ServletAwareService.class,
				ModelCallingService.class);
		String fixtures = BASE + ".archfixture";
		EvaluationResult web = ArchitectureRules
			.webTypesOnlyIn(fixtures, fixtures + ".admin.web", fixtures + ".admin.autoconfigure")
			.evaluate(violating);
		assertThat(web.hasViolation()).isTrue();
		assertThat(web.getFailureReport().getDetails())
			.anySatisfy((line) -> assertThat(line).contains("ServletAwareService").contains("HttpServletRequest"));
		EvaluationResult order = adminLayers(fixtures).evaluate(violating);
		assertThat(order.hasViolation()).isTrue();
		assertThat(order.getFailureReport().getDetails())
			.anySatisfy((line) -> assertThat(line).contains("ModelCallingService").contains("ServletAwareService"));
		assertThat(classes.contain(ServletAwareService.class)).isFalse();
	}

	/**
	 * Serialized commit messages tell their family themselves: admin reads no magic number of the core. (A
	 * compile-time constant of the core would be copied into the class that reads it, so no rule over class files
	 * sees that use; this reads the sources for the one admin used to copy.)
	 */
	@Test
	void noCoreConstantIsCopiedIn() throws IOException {
		try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
			assertThat(sources.filter((path) -> path.toString().endsWith(".java")).toList()).allSatisfy(
					(path) -> assertThat(Files.readString(path)).as(path.toString()).doesNotContain(".MAGIC")
						.doesNotContain("PostponeFixedBucketCommitMessages"));
		}
	}

	@Test
	void usesTheCoresApiOnly() {
		ArchitectureRules.onlyTheCoresApi(BASE + ".admin", Set.of()).check(classes);
		assertThat(ArchitectureRules.coreInternalsUsed(classes, BASE + ".admin")).isEmpty();
	}

	@Test
	void aModuleClassThatUsesAnInternalTypeOfTheCoreFails() {
		JavaClasses violating = new ClassFileImporter().importClasses(InternalReachingService.class);
		EvaluationResult result = ArchitectureRules.onlyTheCoresApi(BASE + ".archfixture.admin", Set.of())
			.evaluate(violating);
		assertThat(result.hasViolation()).isTrue();
		assertThat(result.getFailureReport().getDetails()).anySatisfy((line) -> assertThat(line)
			.contains("InternalReachingService").contains("io.github.paimonspring.write.family.WriteTarget"));
		assertThat(classes.contain(InternalReachingService.class)).isFalse();
	}

	@Test
	void onlyTheAdminHttpEdgeKnowsSpringHttpTypes() {
		noClasses().that()
			.resideInAPackage(BASE + ".admin..")
			.and(describe("outside the HTTP edge " + HTTP_EDGE,
					(JavaClass c) -> !HTTP_EDGE.contains(c.getSimpleName())
							&& !HTTP_EDGE.contains(c.getEnclosingClass().map(JavaClass::getSimpleName).orElse(""))))
			.and()
			.resideOutsideOfPackage(BASE + ".admin.autoconfigure..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.http..")
			.check(classes);
	}

}
