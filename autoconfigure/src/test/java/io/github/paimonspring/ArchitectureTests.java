package io.github.paimonspring;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.paimonspring.archfixture.write.WriteFacade;
import io.github.paimonspring.archfixture.write.lane.FacadeCallingEngine;
import io.github.paimonspring.support.ArchitectureRules;

import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.family.AbstractWriteBuilder;
import io.github.paimonspring.write.family.WriteTarget;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Guards the package structure of the core module: dependencies run one way (arrow, catalog → write →
 * postpone → cluster → ingest → core → maintenance → actuate → autoconfigure → testcontainers, the root package
 * below all), also inside the packages that have sub-packages (autoconfigure: diagnostics → actuate → core, env
 * on its own; ingest: channel → group → snapshot; arrow, write and ingest: the engines in their sub-packages use
 * the parent only for its exceptions, records and interfaces), there are no package cycles, and the core knows no
 * servlet, Spring MVC, spring-web or Tomcat types. The admin API and the Kafka pipelines are modules of their own
 * (admin/, kafka/): the compiler keeps the core from using them, and their own architecture tests order their
 * packages.
 */
class ArchitectureTests {

	private static final String BASE = "io.github.paimonspring";

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		// the core's own classes: not its tests, and not the other modules' jars on the test class path (the s3
		// module and its test jar, whose classes share the base package)
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
			.importPackages(BASE);
	}

	/** The layers, as the rules below use them. */
	static LayeredArchitecture layers() {
		return layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("root").definedBy(BASE)
			.layer("arrow").definedBy(BASE + ".arrow..")
			.layer("catalog").definedBy(BASE + ".catalog..")
			.layer("write").definedBy(BASE + ".write..")
			.layer("postpone").definedBy(BASE + ".postpone..")
			.layer("cluster").definedBy(BASE + ".cluster..")
			.layer("ingest").definedBy(BASE + ".ingest..")
			.layer("core").definedBy(BASE + ".core..")
			.layer("maintenance").definedBy(BASE + ".maintenance..")
			.layer("actuate").definedBy(BASE + ".actuate..")
			.layer("autoconfigure").definedBy(BASE + ".autoconfigure..")
			.layer("testcontainers").definedBy(BASE + ".testcontainers..")
			.whereLayer("testcontainers").mayNotBeAccessedByAnyLayer()
			.whereLayer("autoconfigure").mayOnlyBeAccessedByLayers("testcontainers")
			.whereLayer("actuate").mayOnlyBeAccessedByLayers("autoconfigure", "testcontainers")
			.whereLayer("maintenance").mayOnlyBeAccessedByLayers("actuate", "autoconfigure", "testcontainers")
			.whereLayer("core").mayOnlyBeAccessedByLayers("maintenance", "actuate", "autoconfigure",
					"testcontainers")
			.whereLayer("ingest")
			.mayOnlyBeAccessedByLayers("core", "maintenance", "actuate", "autoconfigure", "testcontainers")
			.whereLayer("cluster")
			.mayOnlyBeAccessedByLayers("ingest", "core", "maintenance", "actuate", "autoconfigure", "testcontainers")
			.whereLayer("postpone")
			.mayOnlyBeAccessedByLayers("cluster", "ingest", "core", "maintenance", "actuate", "autoconfigure",
					"testcontainers")
			.whereLayer("write")
			.mayOnlyBeAccessedByLayers("postpone", "cluster", "ingest", "core", "maintenance", "actuate",
					"autoconfigure",
					"testcontainers")
			.whereLayer("catalog")
			.mayOnlyBeAccessedByLayers("write", "postpone", "cluster", "ingest", "core", "maintenance", "actuate",
					"autoconfigure",
					"testcontainers")
			.whereLayer("arrow")
			.mayOnlyBeAccessedByLayers("write", "postpone", "ingest", "core", "maintenance", "actuate", "autoconfigure",
					"testcontainers");
	}

	/**
	 * The order inside {@code autoconfigure}: the failure analyzer knows the exceptions of the set-up,
	 * the actuator's auto-configuration builds on the core auto-configuration and the properties; the
	 * environment defaults stand alone.
	 * @param base the root package
	 * @return the layers
	 */
	static LayeredArchitecture autoconfigureLayers(String base) {
		return layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("diagnostics").definedBy(base + ".autoconfigure.diagnostics..")
			.layer("actuate").definedBy(base + ".autoconfigure.actuate..")
			.layer("env").definedBy(base + ".autoconfigure.env..")
			.layer("core").definedBy(base + ".autoconfigure")
			.whereLayer("diagnostics").mayNotBeAccessedByAnyLayer()
			.whereLayer("actuate").mayNotBeAccessedByAnyLayer()
			.whereLayer("env").mayNotBeAccessedByAnyLayer()
			.whereLayer("core").mayOnlyBeAccessedByLayers("actuate", "diagnostics")
			.withOptionalLayers(true);
	}

	/**
	 * The order inside {@code ingest}'s engines: channels append through the group commit, and both
	 * record and read what the snapshots carry.
	 * @param base the root package
	 * @return the layers
	 */
	static LayeredArchitecture ingestLayers(String base) {
		return ArchitectureRules.chain(base + ".ingest", "channel", "group", "snapshot");
	}

	/**
	 * The engines in the sub-packages of a package whose own classes are its public API (arrow, write,
	 * ingest): the parent creates them, and they use the parent only for its contract types, exceptions,
	 * records (settings, results, states) and interfaces (the extension points it offers), never its
	 * classes, so that the only way back up is the vocabulary the engines are configured and report in.
	 * Sibling sub-packages have no cycles.
	 * @param base the root package
	 * @param parent the package, relative to the root
	 * @return the rules
	 */
	static ArchRule[] enginesBelowTheirApi(String base, String parent) {
		String api = base + "." + parent;
		DescribedPredicate<JavaClass> apiClassesOtherThanExceptionsAndRecords = describe(
				"classes of " + api + " other than its exceptions, records and interfaces",
				(JavaClass c) -> c.getPackageName().equals(api) && !c.isAssignableTo(RuntimeException.class)
						&& !c.isRecord() && !c.isInterface());
		return new ArchRule[] {
				noClasses().that()
					.resideInAPackage(api + ".*..")
					.should()
					.dependOnClassesThat(apiClassesOtherThanExceptionsAndRecords),
				slices().matching(api + ".(*)..").should().beFreeOfCycles().allowEmptyShould(true) };
	}

	@Test
	void dependenciesRunOneWay() {
		layers().check(classes);
	}

	@Test
	void dependenciesRunOneWayInsideThePackages() {
		autoconfigureLayers(BASE).check(classes);
		ingestLayers(BASE).check(classes);
		for (String parent : new String[] { "arrow", "write", "ingest" }) {
			for (ArchRule rule : enginesBelowTheirApi(BASE, parent)) {
				rule.check(classes);
			}
		}
	}

	@Test
	void theCoreKnowsNoWebTypes() {
		ArchitectureRules.webTypesOnlyIn(BASE).check(classes);
	}

	@Test
	void everyApiTypeSaysSinceWhenItIsApi() throws IOException {
		for (String type : ArchitectureRules.CORE_API) {
			Path source = Path.of("src/main/java", type.replace('.', '/') + ".java");
			assertThat(Files.readString(source)).as(type + " has @since in its Javadoc").contains("@since");
		}
	}

	/**
	 * What an application or a technology module can reach through an API type is API too: a public or protected
	 * member of a type of {@link ArchitectureRules#CORE_API} names no internal type of the core in its signature.
	 */
	@Test
	void apiSignaturesNameOnlyApiTypes() throws ClassNotFoundException {
		List<String> leaks = new ArrayList<>();
		for (String type : ArchitectureRules.CORE_API) {
			leaks.addAll(ArchitectureRules.internalTypesInSignatures(Class.forName(type)));
		}
		assertThat(leaks).isEmpty();
	}

	@Test
	void aSignatureThatNamesAnInternalTypeIsFound() {
		assertThat(ArchitectureRules.internalTypesInSignatures(LeakingApi.class))
			.containsExactly(LeakingApi.class.getName() + ".target names " + WriteTarget.class.getName());
	}

	/** A fixture: an API-looking type whose public method hands out an internal type. */
	static final class LeakingApi {

		public Optional<WriteTarget> target(String table) {
			return Optional.empty();
		}

		Optional<WriteTarget> hidden() {
			return Optional.empty();
		}

	}

	@Test
	void theInternalPackagesSaySo() throws IOException {
		for (String internal : List.of("arrow.vector", "write.family", "write.parquet", "write.commit", "ingest.group",
				"ingest.channel", "ingest.snapshot", "autoconfigure.actuate", "autoconfigure.env",
				"autoconfigure.diagnostics")) {
			Path info = Path.of("src/main/java", (BASE + "." + internal).replace('.', '/'), "package-info.java");
			assertThat(Files.readString(info)).as(internal).contains("Internal: no type of this package is API");
			assertThat(ArchitectureRules.CORE_API).as(internal)
				.noneMatch((type) -> type.startsWith(BASE + "." + internal + "."));
		}
	}

	@Test
	void everyPackageIsNullMarked() {
		ArchitectureRules.everyPackageIsNullMarked(BASE).check(classes);
	}

	@Test
	void aPackageWithoutANullMarkedPackageInfoFails() {
		// archfixture.write has no package-info.java (archfixture's has no @NullMarked either)
		JavaClasses fixtures = new ClassFileImporter().importPackages(BASE + ".archfixture");
		EvaluationResult result = ArchitectureRules.everyPackageIsNullMarked(BASE + ".archfixture")
			.evaluate(fixtures);
		assertThat(result.hasViolation()).isTrue();
		assertThat(result.getFailureReport().getDetails())
			.anySatisfy((line) -> assertThat(line).contains("WriteFacade")
				.contains("io.github.paimonspring.archfixture.write, which has no @NullMarked package-info.java"));
	}

	@Test
	void anEngineThatUsesItsParentsApiFails() {
		JavaClasses violating = new ClassFileImporter().importClasses(FacadeCallingEngine.class, WriteFacade.class);
		EvaluationResult result = enginesBelowTheirApi(BASE + ".archfixture", "write")[0].evaluate(violating);
		assertThat(result.hasViolation()).isTrue();
		assertThat(result.getFailureReport().getDetails())
			.anySatisfy((line) -> assertThat(line).contains("FacadeCallingEngine").contains("WriteFacade"));
	}

	@Test
	void aWriteClassThatImportsPostponeFails() throws ClassNotFoundException {
		JavaClasses violating = new ClassFileImporter().importClasses(
				Class.forName(BASE + ".write.WriteImportingPostponeFixture"), PostponeFixedBucketWriteBuilder.class,
				AbstractWriteBuilder.class);
		EvaluationResult result = layers().withOptionalLayers(true).evaluate(violating);
		assertThat(result.hasViolation()).isTrue();
		assertThat(result.getFailureReport().getDetails())
			.anySatisfy((line) -> assertThat(line).contains("WriteImportingPostponeFixture")
				.contains("PostponeFixedBucketWriteBuilder"));
		EvaluationResult cycles = slices().matching(BASE + ".(*)..").should().beFreeOfCycles().evaluate(violating);
		assertThat(cycles.hasViolation()).isTrue();
	}

	@Test
	void packagesHaveNoCycles() {
		ArchRule rule = slices().matching(BASE + ".(*)..").should().beFreeOfCycles();
		rule.check(classes);
	}

}
