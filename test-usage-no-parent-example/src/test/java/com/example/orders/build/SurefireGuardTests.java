package com.example.orders.build;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Not part of the example: shows that this project's pom fails the build when its tests do not all run, as they
 * do not with Maven 3.8's default Surefire (2.12.4). Each case builds ({@code mvn test}, with the {@code mvn} on
 * the PATH) a probe: a copy of this pom (its properties, Boot's BOM, its plugins and the count, as they are) on one
 * class of plain JUnit 5 tests, one fewer than {@code tests.expected}; the starter, the test module and our BOM are
 * left out (the reactor's artifacts are not in a Maven repository while it builds). With Surefire 2.12.4 none of
 * them runs, with the pinned Surefire all of them: the build fails both times, naming the count. That the pom
 * passes with all its tests is this project's own build. The two builds run at the same time.
 */
class SurefireGuardTests {

	private static final long TIMEOUT_MINUTES = 5;

	@TempDir
	static Path dir;

	private static Build withSurefire2;

	private static Build withThePin;

	@BeforeAll
	static void startTheBuilds() throws Exception {
		withSurefire2 = Build.start(probe("surefire-2"), "-Dsurefire.twin.version=2.12.4");
		withThePin = Build.start(probe("pinned"));
	}

	@AfterAll
	static void stopTheBuilds() throws InterruptedException {
		for (Build build : new Build[] { withSurefire2, withThePin }) {
			if (build != null) {
				build.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
	}

	@Test
	void surefire2RunsNoJUnit5TestAndTheCountFailsTheBuild() throws Exception {
		String output = withSurefire2.output();

		assertThat(withSurefire2.process.exitValue()).as(output).isNotZero();
		assertThat(output).contains("maven-surefire-plugin:2.12.4:test")
			.contains("maven-antrun-plugin:3.2.0:run (count-tests)")
			.contains("Surefire ran 0 tests, this project has " + expectedTests() + " (tests.expected)")
			.contains("pin maven-surefire-plugin 3.x");
	}

	@Test
	void theCountFailsTheBuildWhenFewerTestsRanThanExpected() throws Exception {
		int ran = expectedTests() - 1;
		String output = withThePin.output();

		assertThat(withThePin.process.exitValue()).as(output).isNotZero();
		assertThat(output).contains("maven-surefire-plugin:" + property("surefire.twin.version") + ":test")
			.contains("Tests run: " + ran + ", Failures: 0")
			.contains("Surefire ran " + ran + " tests, this project has " + expectedTests() + " (tests.expected)");
	}

	/** The probe project: this pom without the Paimon artifacts, and one test fewer than it expects. */
	private static Path probe(String name) throws Exception {
		Document pom = pom();
		Element management = child(pom.getDocumentElement(), "dependencyManagement");
		for (Element dependency : children(child(management, "dependencies"), "dependency")) {
			if (text(dependency, "groupId").equals("io.github.paimonspring")) {
				dependency.getParentNode().removeChild(dependency);
			}
		}
		Element dependencies = child(pom.getDocumentElement(), "dependencies");
		for (Element dependency : children(dependencies, "dependency")) {
			dependencies.removeChild(dependency);
		}
		Element junit = pom.createElement("dependency");
		append(junit, "groupId", "org.junit.jupiter");
		append(junit, "artifactId", "junit-jupiter");
		append(junit, "scope", "test");
		dependencies.appendChild(junit);

		Path project = Files.createDirectory(dir.resolve(name));
		var transformer = TransformerFactory.newInstance().newTransformer();
		transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
		transformer.transform(new DOMSource(pom), new StreamResult(project.resolve("pom.xml").toFile()));
		StringBuilder tests = new StringBuilder("package probe;\n\nimport org.junit.jupiter.api.Test;\n\n"
				+ "class ProbeTests {\n");
		for (int i = 1; i < expectedTests(); i++) {
			tests.append("\t@Test\n\tvoid test").append(i).append("() {\n\t}\n");
		}
		tests.append("}\n");
		Path source = project.resolve("src/test/java/probe/ProbeTests.java");
		Files.createDirectories(source.getParent());
		Files.writeString(source, tests);
		return project;
	}

	/** The tests this project has, as its pom says. */
	private static int expectedTests() throws Exception {
		return Integer.parseInt(property("tests.expected"));
	}

	private static String property(String name) throws Exception {
		return text(child(pom().getDocumentElement(), "properties"), name);
	}

	private static Document pom() throws Exception {
		return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new File("pom.xml"));
	}

	private static Element child(Element parent, String name) {
		List<Element> found = children(parent, name);
		assertThat(found).as("<%s> in <%s>", name, parent.getTagName()).hasSize(1);
		return found.get(0);
	}

	private static List<Element> children(Element parent, String name) {
		List<Element> found = new ArrayList<>();
		for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (node instanceof Element element && element.getTagName().equals(name)) {
				found.add(element);
			}
		}
		return found;
	}

	private static String text(Element parent, String name) {
		return child(parent, name).getTextContent().trim();
	}

	private static void append(Element parent, String name, String text) {
		Element element = parent.getOwnerDocument().createElement(name);
		element.setTextContent(text);
		parent.appendChild(element);
	}

	/** {@code mvn -B test} on a probe, on this JDK and this build's local repository. */
	private record Build(Process process, Path log, List<String> arguments) {

		static Build start(Path project, String... arguments) throws Exception {
			Path mvn = onPath("mvn");
			assumeTrue(mvn != null, "no mvn on the PATH");
			List<String> command = new ArrayList<>(List.of(mvn.toString(), "-B", "-ntp", "test"));
			Path repository = localRepository();
			if (repository != null) {
				command.add("-Dmaven.repo.local=" + repository);
			}
			command.addAll(List.of(arguments));
			Path log = project.resolve("build.log");
			ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile());
			builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
			return new Build(builder.start(), log, List.of(arguments));
		}

		/** What the build printed, once it ended. */
		String output() throws Exception {
			if (!this.process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
				this.process.destroyForcibly();
				throw new AssertionError("mvn test " + String.join(" ", this.arguments) + " did not end in "
						+ TIMEOUT_MINUTES + " minutes:\n" + Files.readString(this.log, StandardCharsets.UTF_8));
			}
			String output = Files.readString(this.log, StandardCharsets.UTF_8);
			// the plugins are in the local repository after this build's own; if one could not be had, say so
			assumeTrue(!output.contains("could not be resolved"),
					() -> "the probe's build could not resolve a plugin:\n" + output);
			return output;
		}

		/** The local repository that JUnit was loaded from (…/org/junit/jupiter/junit-jupiter-api/V/the.jar). */
		private static Path localRepository() throws Exception {
			Path jar = Path.of(Test.class.getProtectionDomain().getCodeSource().getLocation().toURI());
			Path artifact = jar.getParent().getParent();
			return artifact.endsWith(Path.of("org", "junit", "jupiter", "junit-jupiter-api"))
					? artifact.getParent().getParent().getParent().getParent() : null;
		}

		private static Path onPath(String program) {
			for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
				Path candidate = Path.of(directory, program);
				if (Files.isExecutable(candidate)) {
					return candidate;
				}
			}
			return null;
		}

	}

}
