package io.github.paimonspring.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The root pom's switch of the nullness check (docs/architecture.md, "Nullness"), proved by running Maven on a
 * fixture module that inherits it: with {@code -Dnullness.jdk} of a JDK 23+ a NullAway finding fails the build
 * (what {@code .ci/run} relies on), a JDK older than 23 given as {@code nullness.jdk} is refused with a message
 * naming the version needed and the version found, and Maven on JDK 17 without {@code nullness.jdk} compiles the
 * same module with the plain javac. The child Maven runs offline on the local repository the build fills, in a
 * reactor with the project's BOM (which the root pom imports).
 */
@Tag(FixtureBuild.TAG)
class NullnessBuildTests {

	@TempDir
	Path dir;

	@Test
	void aNullAwayFindingFailsTheBuildWhenTheCheckRuns() throws Exception {
		Path jdk = checkingJdk();
		FixtureBuild.Result build = maven("Greeting", "-Dnullness.jdk=" + jdk);
		assertThat(build.exitCode()).as(build.output()).isNotZero();
		assertThat(build.output()).contains("(nullness-compile)")
			.contains("[NullAway] dereferenced expression 'name' is @Nullable");
	}

	@Test
	void theCheckedVariantPassesTheCheck() throws Exception {
		Path jdk = checkingJdk();
		FixtureBuild.Result build = maven("CheckedGreeting", "-Dnullness.jdk=" + jdk);
		assertThat(build.exitCode()).as(build.output()).isZero();
		assertThat(build.output()).contains("(nullness-compile)").contains("Compiling 1 source file")
			.contains("forked");
		assertThat(this.dir.resolve("module/target/classes/fixture/CheckedGreeting.class")).isRegularFile();
	}

	@Test
	void aJdkOlderThan23IsRefusedNamingBothVersions() throws Exception {
		Path running = Path.of(System.getProperty("java.home"));
		assumeTrue(Runtime.version().feature() < 23, "Maven runs on JDK 23+ here: no older JDK to give");
		FixtureBuild.Result build = maven("CheckedGreeting", "-Dnullness.jdk=" + running);
		assertThat(build.exitCode()).as(build.output()).isNotZero();
		assertThat(build.output()).contains("needs the javac of JDK 23 or later, but nullness.jdk=" + running
				+ " is JDK " + Runtime.version().feature() + ".");
		assertThat(this.dir.resolve("module/target/classes/fixture/CheckedGreeting.class")).doesNotExist();
	}

	@Test
	void withoutAJdk23TheMainCodeIsCompiledByThePlainJavac() throws Exception {
		assumeTrue(Runtime.version().feature() < 23, "Maven runs on JDK 23+ here, which turns the check on");
		FixtureBuild.Result build = maven("Greeting");
		assertThat(build.exitCode()).as(build.output()).isZero();
		assertThat(build.output()).contains("(default-compile)").contains("Compiling 1 source file")
			.doesNotContain("NullAway");
		assertThat(this.dir.resolve("module/target/classes/fixture/Greeting.class")).isRegularFile();
	}

	/** The JDK whose javac runs this build's check; the test is skipped where the check is. */
	private static Path checkingJdk() {
		assumeTrue(!Boolean.getBoolean("nullness.skip"),
				"the nullness check is skipped in this build: no JDK 23+ (pass -Dnullness.jdk=JDK_HOME)");
		return Path.of(System.getProperty("nullness.javac")).getParent().getParent();
	}

	/** Runs {@code mvn -o compile} on a module holding the fixture (offline: the build resolved what it needs). */
	private FixtureBuild.Result maven(String fixture, String... arguments) throws IOException, InterruptedException {
		FixtureBuild build = new FixtureBuild(this.dir, """
				    <dependency>
				      <groupId>org.jspecify</groupId>
				      <artifactId>jspecify</artifactId>
				    </dependency>
				""");
		Path source = build.module().resolve("src/main/java/fixture/" + fixture + ".java");
		Files.createDirectories(source.getParent());
		try (InputStream in = getClass().getResourceAsStream("/nullness/" + fixture + ".java.txt")) {
			assertThat(in).as("fixture " + fixture).isNotNull();
			Files.copy(in, source);
		}
		List<String> command = new ArrayList<>(List.of("-o", "compile"));
		command.addAll(List.of(arguments));
		return build.run(command.toArray(String[]::new));
	}

}
