package io.github.paimonspring.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of the test classpath in a separate JVM and collects its output.
 */
public final class JavaProcess {

	private JavaProcess() {
	}

	public record Result(int exitCode, String output) {
	}

	public static Result run(List<String> jvmOptions, Class<?> mainClass, String... args) throws IOException,
			InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(jvmOptions);
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(mainClass.getName());
		command.addAll(List.of(args));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		byte[] output = process.getInputStream().readAllBytes();
		if (!process.waitFor(5, TimeUnit.MINUTES)) {
			process.destroyForcibly();
			throw new IllegalStateException("process did not finish: " + command);
		}
		return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
	}

}
