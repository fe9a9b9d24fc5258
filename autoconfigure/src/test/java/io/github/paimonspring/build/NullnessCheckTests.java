package io.github.paimonspring.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's nullness check (docs/architecture.md, "Nullness"): the javac that compiles the main code, with
 * Error Prone and NullAway as the pom configures them, refuses a {@code @NullMarked} class that dereferences a
 * {@code @Nullable} value, and accepts the same class once it checks for null. The javac and the Error Prone
 * options come from the pom (system properties {@code nullness.javac} and {@code errorprone.args}), so this test
 * checks what the build runs. The fixtures are test resources, never compiled by the build itself.
 */
class NullnessCheckTests {

	/** The javac flags of the pom's default-compile execution that are not Error Prone options. */
	private static final List<String> JAVAC_FLAGS = List.of("-XDcompilePolicy=simple", "--should-stop=ifError=FLOW",
			"-Werror", "-proc:none");

	/** The pom's -J flags: Error Prone reaches into javac's internals. */
	private static final List<String> JVM_FLAGS = List.of(
			"--add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED",
			"--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
			"--add-exports=jdk.compiler/com.sun.tools.javac.main=ALL-UNNAMED",
			"--add-exports=jdk.compiler/com.sun.tools.javac.model=ALL-UNNAMED",
			"--add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
			"--add-exports=jdk.compiler/com.sun.tools.javac.processing=ALL-UNNAMED",
			"--add-exports=jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED",
			"--add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED",
			"--add-opens=jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED",
			"--add-opens=jdk.compiler/com.sun.tools.javac.comp=ALL-UNNAMED",
			"--sun-misc-unsafe-memory-access=allow");

	@TempDir
	Path dir;

	@Test
	void dereferencingANullableValueFailsTheCompilation() throws Exception {
		Compilation compilation = compile("Greeting");
		assertThat(compilation.exitCode()).as(compilation.output()).isNotZero();
		assertThat(compilation.output()).contains("Greeting.java:10: error: [NullAway] dereferenced expression "
				+ "'name' is @Nullable");
		assertThat(this.dir.resolve("classes/fixture/Greeting.class")).doesNotExist();
	}

	@Test
	void theNullCheckedVariantCompilesWithoutAWarning() throws Exception {
		Compilation compilation = compile("CheckedGreeting");
		assertThat(compilation.exitCode()).as(compilation.output()).isZero();
		assertThat(compilation.output()).isEmpty();
		assertThat(this.dir.resolve("classes/fixture/CheckedGreeting.class")).isRegularFile();
	}

	/** Compiles the fixture {@code nullness/<name>.java.txt} as the build compiles main code. */
	private Compilation compile(String name) throws IOException, InterruptedException {
		assumeTrue(!Boolean.getBoolean("nullness.skip"),
				"the nullness check is skipped in this build: no JDK 23+ (pass -Dnullness.jdk=JDK_HOME)");
		String javac = System.getProperty("nullness.javac");
		String options = System.getProperty("errorprone.args");
		assertThat(javac).as("system property nullness.javac (set by the pom's surefire configuration)").isNotNull();
		assertThat(options).as("system property errorprone.args (set by the pom's surefire configuration)")
			.contains("NullAway");
		Path source = this.dir.resolve("src/fixture/" + name + ".java");
		Files.createDirectories(source.getParent());
		try (InputStream fixture = getClass().getResourceAsStream("/nullness/" + name + ".java.txt")) {
			assertThat(fixture).as("fixture " + name).isNotNull();
			Files.copy(fixture, source);
		}
		// the test class path holds jspecify, Error Prone and NullAway (test dependencies of this module)
		String classPath = System.getProperty("java.class.path");
		List<String> arguments = new ArrayList<>(JAVAC_FLAGS);
		arguments.addAll(List.of("-Xplugin:ErrorProne " + options, "-processorpath", classPath, "-classpath", classPath,
				"-d", this.dir.resolve("classes").toString(), source.toString()));
		Path argumentFile = this.dir.resolve("javac.args");
		Files.write(argumentFile, arguments.stream().map(NullnessCheckTests::quoted).toList());
		List<String> command = new ArrayList<>();
		command.add(javac);
		JVM_FLAGS.forEach((flag) -> command.add("-J" + flag));
		command.add("@" + argumentFile);
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("javac.out").toFile())
			.start();
		if (!process.waitFor(3, TimeUnit.MINUTES)) {
			process.destroyForcibly();
			throw new IllegalStateException("javac did not finish within 3 minutes: " + command);
		}
		return new Compilation(process.exitValue(),
				Files.readString(this.dir.resolve("javac.out"), StandardCharsets.UTF_8).strip());
	}

	private static String quoted(String argument) {
		return "\"" + argument.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
	}

	private record Compilation(int exitCode, String output) {
	}

}
