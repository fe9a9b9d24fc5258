package io.github.paimonspring.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child Maven build of a fixture module that inherits the repository's root pom, in a reactor with the project's
 * BOM (which the root pom imports), so that a test checks what the build itself does. The Maven installation, the
 * repository root and the project version come from surefire's system properties ({@code maven.home},
 * {@code project.root}, {@code project.version}); the child runs on the test's JDK and the local repository.
 */
final class FixtureBuild {

	/**
	 * The tag of the tests that run Maven on a fixture: {@code mvn -B verify} leaves them out (each child build takes
	 * tens of seconds), {@code .ci/run} runs them right after it, with the nullness check.
	 */
	static final String TAG = "build";

	private final Path dir;

	private final Path module;

	/**
	 * A fixture module in {@code dir}.
	 * @param dir an empty directory
	 * @param dependencies the {@code <dependency>} elements of the module
	 */
	FixtureBuild(Path dir, String dependencies) throws IOException {
		Path root = Path.of(System.getProperty("project.root", "")).toAbsolutePath();
		assertThat(root.resolve("pom.xml")).as("system property project.root (the repository root)").isRegularFile();
		this.dir = dir;
		this.module = Files.createDirectories(dir.resolve("module"));
		Files.writeString(dir.resolve("pom.xml"), """
				<project xmlns="http://maven.apache.org/POM/4.0.0">
				  <modelVersion>4.0.0</modelVersion>
				  <groupId>fixture</groupId>
				  <artifactId>fixture-reactor</artifactId>
				  <version>1</version>
				  <packaging>pom</packaging>
				  <modules>
				    <module>%s</module>
				    <module>module</module>
				  </modules>
				</project>
				""".formatted(dir.relativize(root.resolve("bom"))));
		Files.writeString(this.module.resolve("pom.xml"), """
				<project xmlns="http://maven.apache.org/POM/4.0.0">
				  <modelVersion>4.0.0</modelVersion>
				  <parent>
				    <groupId>io.github.paimonspring</groupId>
				    <artifactId>paimon-spring-boot-parent</artifactId>
				    <version>%s</version>
				    <relativePath>%s</relativePath>
				  </parent>
				  <artifactId>fixture</artifactId>
				  <dependencies>
				%s
				  </dependencies>
				</project>
				""".formatted(System.getProperty("project.version"), this.module.relativize(root.resolve("pom.xml")),
				dependencies));
	}

	/** The fixture module's directory. */
	Path module() {
		return this.module;
	}

	/**
	 * Runs Maven on the fixture reactor.
	 * @param arguments the goals and options
	 * @return the exit code and the output
	 */
	Result run(String... arguments) throws IOException, InterruptedException {
		String mavenHome = System.getProperty("maven.home");
		assumeTrue(mavenHome != null && Files.isRegularFile(Path.of(mavenHome, "bin", "mvn")),
				"no Maven installation (system property maven.home)");
		List<String> command = new ArrayList<>(
				List.of(Path.of(mavenHome, "bin", "mvn").toString(), "-B", "-Dcheckstyle.skip"));
		command.addAll(List.of(arguments));
		Path output = this.dir.resolve("maven.out");
		ProcessBuilder builder = new ProcessBuilder(command).directory(this.dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(output.toFile());
		builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
		Process process = builder.start();
		if (!process.waitFor(5, TimeUnit.MINUTES)) {
			process.destroyForcibly();
			throw new IllegalStateException("Maven did not finish within 5 minutes: " + command);
		}
		return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
	}

	/** A finished child build. */
	record Result(int exitCode, String output) {
	}

}
