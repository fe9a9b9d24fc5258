package io.github.paimonspring;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import io.github.paimonspring.archfixture.admin.ServletAwareService;
import io.github.paimonspring.archfixture.admin.model.ModelCallingService;
import io.github.paimonspring.archfixture.write.WriteFacade;
import io.github.paimonspring.archfixture.write.lane.FacadeCallingEngine;

import io.github.paimonspring.postpone.PostponeFixedBucketWriteBuilder;
import io.github.paimonspring.write.family.AbstractWriteBuilder;

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
import org.junit.jupiter.api.io.TempDir;

/**
 * Guards the package structure of the library: dependencies run one way (arrow, catalog → write →
 * postpone → cluster → ingest → core → maintenance → kafka → admin → actuate → autoconfigure → testcontainers, the root package below all),
 * also inside the packages that have sub-packages (admin: web → services → transaction, body → model;
 * autoconfigure: diagnostics → actuate → admin → core, env and kafka on their own; kafka: pipeline → record → api;
 * ingest: channel → group → snapshot; arrow, write and ingest: the engines in their sub-packages use the
 * parent only for its exceptions, records and interfaces),
 * there are no package cycles, only the web edge knows servlet, Spring MVC, spring-web and Tomcat types,
 * only the admin package's HTTP edge knows Spring's HTTP types, and the sources stay small: no package
 * of {@code src/main/java} with more than {@value #MAX_FILES_PER_PACKAGE} files (package-info included),
 * no class with more than {@value #MAX_LINES_PER_CLASS} lines.
 */
class ArchitectureTests {

	private static final String BASE = "io.github.paimonspring";

	/** The admin classes that translate between HTTP and the services. */
	private static final Set<String> HTTP_EDGE = Set.of("AdminExceptionHandler", "AdminProblem",
			"PaimonAdminController");

	/** Servlet, Spring MVC, spring-web (HTTP) and Tomcat types, and Spring Boot's support for them. */
	static final String[] WEB_TYPES = { "jakarta.servlet..", "org.springframework.web..", "org.springframework.http..",
			"org.apache.catalina..", "org.apache.tomcat..", "org.apache.coyote..", "org.springframework.boot.web..",
			"org.springframework.boot.webmvc..", "org.springframework.boot.tomcat..", "org.springframework.boot.servlet.." };

	/** The most files one package of {@code src/main/java} may have, its package-info included. */
	static final int MAX_FILES_PER_PACKAGE = 20;

	/** The most lines one source file of {@code src/main/java} may have. */
	static final int MAX_LINES_PER_CLASS = 400;

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
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
			.layer("kafka").definedBy(BASE + ".kafka..")
			.layer("admin").definedBy(BASE + ".admin..")
			.layer("actuate").definedBy(BASE + ".actuate..")
			.layer("autoconfigure").definedBy(BASE + ".autoconfigure..")
			.layer("testcontainers").definedBy(BASE + ".testcontainers..")
			.whereLayer("testcontainers").mayNotBeAccessedByAnyLayer()
			.whereLayer("autoconfigure").mayOnlyBeAccessedByLayers("testcontainers")
			.whereLayer("actuate").mayOnlyBeAccessedByLayers("autoconfigure", "testcontainers")
			.whereLayer("admin").mayOnlyBeAccessedByLayers("actuate", "autoconfigure", "testcontainers")
			.whereLayer("kafka").mayOnlyBeAccessedByLayers("admin", "actuate", "autoconfigure", "testcontainers")
			.whereLayer("maintenance").mayOnlyBeAccessedByLayers("kafka", "admin", "actuate", "autoconfigure", "testcontainers")
			.whereLayer("core").mayOnlyBeAccessedByLayers("maintenance", "kafka", "admin", "actuate", "autoconfigure",
					"testcontainers")
			.whereLayer("ingest")
			.mayOnlyBeAccessedByLayers("core", "maintenance", "kafka", "admin", "actuate", "autoconfigure", "testcontainers")
			.whereLayer("cluster")
			.mayOnlyBeAccessedByLayers("ingest", "core", "maintenance", "kafka", "admin", "actuate", "autoconfigure", "testcontainers")
			.whereLayer("postpone")
			.mayOnlyBeAccessedByLayers("cluster", "ingest", "core", "maintenance", "kafka", "admin", "actuate", "autoconfigure", "testcontainers")
			.whereLayer("write")
			.mayOnlyBeAccessedByLayers("postpone", "cluster", "ingest", "core", "maintenance", "kafka", "admin", "actuate", "autoconfigure",
					"testcontainers")
			.whereLayer("catalog")
			.mayOnlyBeAccessedByLayers("write", "postpone", "cluster", "ingest", "core", "maintenance", "kafka", "admin", "actuate", "autoconfigure",
					"testcontainers")
			.whereLayer("arrow")
			.mayOnlyBeAccessedByLayers("write", "postpone", "ingest", "core", "maintenance", "kafka", "admin", "actuate", "autoconfigure",
					"testcontainers");
	}

	/**
	 * The order inside {@code admin}: the web edge calls the services, the services use staged
	 * transactions and guarded bodies, and all share the model.
	 * @param base the root package
	 * @return the layers
	 */
	static LayeredArchitecture adminLayers(String base) {
		return layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("web").definedBy(base + ".admin.web..")
			.layer("services").definedBy(base + ".admin")
			.layer("transaction").definedBy(base + ".admin.transaction..")
			.layer("body").definedBy(base + ".admin.body..")
			.layer("model").definedBy(base + ".admin.model..")
			.whereLayer("web").mayNotBeAccessedByAnyLayer()
			.whereLayer("services").mayOnlyBeAccessedByLayers("web")
			.whereLayer("transaction").mayOnlyBeAccessedByLayers("services")
			.whereLayer("body").mayOnlyBeAccessedByLayers("services")
			.whereLayer("model").mayOnlyBeAccessedByLayers("web", "services", "transaction", "body")
			.withOptionalLayers(true);
	}

	/**
	 * The order inside {@code autoconfigure}: the failure analyzer knows the exceptions of the set-up,
	 * the actuator's auto-configuration runs around the admin API's, and both build on the core
	 * auto-configuration and the properties; the environment defaults stand alone.
	 * @param base the root package
	 * @return the layers
	 */
	static LayeredArchitecture autoconfigureLayers(String base) {
		return layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("diagnostics").definedBy(base + ".autoconfigure.diagnostics..")
			.layer("actuate").definedBy(base + ".autoconfigure.actuate..")
			.layer("admin").definedBy(base + ".autoconfigure.admin..")
			.layer("kafka").definedBy(base + ".autoconfigure.kafka..")
			.layer("env").definedBy(base + ".autoconfigure.env..")
			.layer("core").definedBy(base + ".autoconfigure")
			.whereLayer("diagnostics").mayNotBeAccessedByAnyLayer()
			.whereLayer("actuate").mayNotBeAccessedByAnyLayer()
			.whereLayer("admin").mayOnlyBeAccessedByLayers("actuate", "diagnostics")
			.whereLayer("kafka").mayNotBeAccessedByAnyLayer()
			.whereLayer("env").mayNotBeAccessedByAnyLayer()
			.whereLayer("core").mayOnlyBeAccessedByLayers("admin", "actuate", "diagnostics")
			.withOptionalLayers(true);
	}

	/**
	 * The order inside {@code kafka}: the running pipelines convert records with {@code kafka.record}; both
	 * use what {@code kafka} offers applications (properties, listener, dead letters, exceptions).
	 * @param base the root package
	 * @return the layers
	 */
	static LayeredArchitecture kafkaLayers(String base) {
		return chain(base + ".kafka", "pipeline", "record", "");
	}

	/**
	 * The order inside {@code ingest}'s engines: channels append through the group commit, and both
	 * record and read what the snapshots carry.
	 * @param base the root package
	 * @return the layers
	 */
	static LayeredArchitecture ingestLayers(String base) {
		return chain(base + ".ingest", "channel", "group", "snapshot");
	}

	/**
	 * Sub-packages in a strict order: each may be used only by the ones before it.
	 * @param parent the package
	 * @param subPackages the sub-packages from the top down; an empty name is the parent itself
	 * @return the layers
	 */
	static LayeredArchitecture chain(String parent, String... subPackages) {
		LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
		for (String sub : subPackages) {
			layers = layers.layer(sub.isEmpty() ? "api" : sub).definedBy(sub.isEmpty() ? parent : parent + "." + sub + "..");
		}
		for (int i = 0; i < subPackages.length; i++) {
			String layer = subPackages[i].isEmpty() ? "api" : subPackages[i];
			String[] above = Arrays.stream(subPackages, 0, i).map((sub) -> sub.isEmpty() ? "api" : sub)
				.toArray(String[]::new);
			layers = (i == 0) ? layers.whereLayer(layer).mayNotBeAccessedByAnyLayer()
					: layers.whereLayer(layer).mayOnlyBeAccessedByLayers(above);
		}
		return layers.withOptionalLayers(true);
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

	/**
	 * Servlet, Spring MVC, spring-web and Tomcat types appear only in the admin web edge and in the
	 * admin API's auto-configuration, which registers its filters, customizer and console sign-in.
	 * @param base the root package
	 * @return the rule
	 */
	static ArchRule webTypesOnlyInTheWebEdge(String base) {
		return noClasses().that()
			.resideInAPackage(base + "..")
			.and()
			.resideOutsideOfPackages(base + ".admin.web..", base + ".autoconfigure.admin..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(WEB_TYPES)
			.as("servlet, Spring MVC, spring-web and Tomcat types appear only in " + base + ".admin.web and "
					+ base + ".autoconfigure.admin");
	}

	@Test
	void dependenciesRunOneWay() {
		layers().check(classes);
	}

	@Test
	void dependenciesRunOneWayInsideThePackages() {
		adminLayers(BASE).check(classes);
		autoconfigureLayers(BASE).check(classes);
		kafkaLayers(BASE).check(classes);
		ingestLayers(BASE).check(classes);
		for (String parent : new String[] { "arrow", "write", "ingest" }) {
			for (ArchRule rule : enginesBelowTheirApi(BASE, parent)) {
				rule.check(classes);
			}
		}
	}

	@Test
	void onlyTheWebEdgeKnowsWebTypes() {
		webTypesOnlyInTheWebEdge(BASE).check(classes);
	}

	@Test
	void anAdminServiceThatImportsServletTypesFails() {
		JavaClasses violating = new ClassFileImporter().importClasses(ServletAwareService.class,
				ModelCallingService.class);
		EvaluationResult web = webTypesOnlyInTheWebEdge(BASE + ".archfixture").evaluate(violating);
		assertThat(web.hasViolation()).isTrue();
		assertThat(web.getFailureReport().getDetails())
			.anySatisfy((line) -> assertThat(line).contains("ServletAwareService").contains("HttpServletRequest"));
		EvaluationResult order = adminLayers(BASE + ".archfixture").evaluate(violating);
		assertThat(order.hasViolation()).isTrue();
		assertThat(order.getFailureReport().getDetails())
			.anySatisfy((line) -> assertThat(line).contains("ModelCallingService").contains("ServletAwareService"));
		assertThat(classes.contain(ServletAwareService.class)).isFalse();
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

	@Test
	void onlyTheAdminHttpEdgeKnowsSpringHttpTypes() {
		noClasses().that()
			.resideOutsideOfPackage(BASE + ".admin..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.http..")
			.check(classes);
		noClasses().that()
			.resideInAPackage(BASE + ".admin..")
			.and(describe("outside the HTTP edge " + HTTP_EDGE,
					(JavaClass c) -> !HTTP_EDGE.contains(c.getSimpleName())
							&& !HTTP_EDGE.contains(c.getEnclosingClass().map(JavaClass::getSimpleName).orElse(""))))
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.http..")
			.check(classes);
	}

	/**
	 * Finds the packages with too many files and the source files with too many lines.
	 * @param sources a source root such as {@code src/main/java}
	 * @return one line per violation, empty when the sources are small enough
	 */
	static List<String> oversized(Path sources) {
		List<String> violations = new ArrayList<>();
		try (Stream<Path> directories = Files.walk(sources)) {
			for (Path directory : directories.filter(Files::isDirectory).toList()) {
				try (Stream<Path> files = Files.list(directory)) {
					List<Path> sourceFiles = files.filter((file) -> file.toString().endsWith(".java")).toList();
					if (sourceFiles.size() > MAX_FILES_PER_PACKAGE) {
						violations.add("package " + sources.relativize(directory) + " has " + sourceFiles.size()
								+ " files (at most " + MAX_FILES_PER_PACKAGE + ")");
					}
					for (Path file : sourceFiles) {
						long lines;
						try (Stream<String> content = Files.lines(file)) {
							lines = content.count();
						}
						if (lines > MAX_LINES_PER_CLASS) {
							violations.add(sources.relativize(file) + " has " + lines + " lines (at most "
									+ MAX_LINES_PER_CLASS + ")");
						}
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the sources under " + sources, ex);
		}
		return violations;
	}

	@Test
	void packagesAndClassesStaySmall() {
		Path sources = Path.of("src", "main", "java");
		assertThat(sources).isDirectory();
		assertThat(oversized(sources)).isEmpty();
	}

	@Test
	void aLargePackageAndALongClassFail(@TempDir Path sources) throws IOException {
		Path crowded = Files.createDirectories(sources.resolve("io/github/paimonspring/crowded"));
		for (int i = 0; i <= MAX_FILES_PER_PACKAGE; i++) {
			Files.writeString(crowded.resolve("Class" + i + ".java"), "class Class" + i + " {\n}\n");
		}
		Path longClass = Files.createDirectories(sources.resolve("io/github/paimonspring/small")).resolve("Long.java");
		Files.writeString(longClass, "class Long {\n" + "\n".repeat(MAX_LINES_PER_CLASS) + "}\n");
		assertThat(oversized(sources)).hasSize(2)
			.anySatisfy((line) -> assertThat(line).contains("crowded").contains((MAX_FILES_PER_PACKAGE + 1) + " files"))
			.anySatisfy((line) -> assertThat(line).contains("Long.java").contains((MAX_LINES_PER_CLASS + 2) + " lines"));
	}

}
