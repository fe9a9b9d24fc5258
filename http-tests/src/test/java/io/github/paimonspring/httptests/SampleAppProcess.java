package io.github.paimonspring.httptests;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged sample app started as its own JVM ({@code java -jar}) on a free port and a temporary
 * warehouse; stopped on close.
 */
public final class SampleAppProcess implements AutoCloseable {

	private final Process process;

	private final int port;

	private final Path log;

	private SampleAppProcess(Process process, int port, Path log) {
		this.process = process;
		this.port = port;
		this.log = log;
	}

	public static Path jar() {
		Path jar = Path.of(System.getProperty("sample.app.jar",
				"../sample-app/target/paimon-spring-boot-sample-app.jar"));
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException("Packaged sample app not found at " + jar.toAbsolutePath()
					+ "; run the tests from the repository root with 'mvn -B verify'");
		}
		return jar;
	}

	public static SampleAppProcess start(Path warehouse, List<String> jvmOptions, String... args) throws Exception {
		return start(warehouse, Map.of(), jvmOptions, args);
	}

	/** Starts the jar with these variables added to (or, with an empty value, removed from) its environment. */
	public static SampleAppProcess start(Path warehouse, Map<String, String> environment, List<String> jvmOptions,
			String... args) throws Exception {
		return startOnPort(freePort(), warehouse, environment, jvmOptions, args);
	}

	/**
	 * Starts the jar on a given port (an instance restarted in place, where a load balancer expects it).
	 * @param port the HTTP port
	 * @param warehouse the warehouse, or {@code null} when the arguments name it
	 * @param environment variables added to (or, with an empty value, removed from) its environment
	 * @param jvmOptions options of its JVM
	 * @param args its arguments
	 * @return the started app, once it answers
	 */
	public static SampleAppProcess startOnPort(int port, Path warehouse, Map<String, String> environment,
			List<String> jvmOptions, String... args) throws Exception {
		return startJarOnPort(jar(), port, warehouse, environment, jvmOptions, args);
	}

	/**
	 * {@link #startOnPort} with another build of the sample app (an earlier version, in a benchmark of before and
	 * after).
	 * @param jar the packaged sample app
	 */
	public static SampleAppProcess startJarOnPort(Path jar, int port, Path warehouse, Map<String, String> environment,
			List<String> jvmOptions, String... args) throws Exception {
		Path log = Files.createTempFile("sample-app-", ".log");
		Process process = processBuilder(command(jar, warehouse, port, jvmOptions, args), environment)
			.redirectOutput(log.toFile())
			.start();
		SampleAppProcess app = new SampleAppProcess(process, port, log);
		try {
			app.awaitReady();
		}
		catch (Exception ex) {
			app.close();
			throw ex;
		}
		return app;
	}

	/** The outcome of a start that is expected to fail. */
	public record Exit(int code, String output) {
	}

	/**
	 * Starts the jar and waits for it to exit on its own (a refused start-up); fails if it is still
	 * running after {@code timeout}.
	 */
	public static Exit runUntilExit(Path warehouse, List<String> jvmOptions, Duration timeout, String... args)
			throws Exception {
		return runUntilExit(warehouse, Map.of(), jvmOptions, timeout, args);
	}

	/** {@link #runUntilExit(Path, List, Duration, String...)} with these variables in the environment. */
	public static Exit runUntilExit(Path warehouse, Map<String, String> environment, List<String> jvmOptions,
			Duration timeout, String... args) throws Exception {
		int port = freePort();
		Path log = Files.createTempFile("sample-app-", ".log");
		Process process = processBuilder(command(jar(), warehouse, port, jvmOptions, args), environment)
			.redirectOutput(log.toFile())
			.start();
		try {
			if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly().waitFor();
				throw new IllegalStateException("sample app did not exit within " + timeout
						+ ":\n" + Files.readString(log));
			}
			return new Exit(process.exitValue(), Files.readString(log));
		}
		finally {
			Files.deleteIfExists(log);
		}
	}

	/** A port nothing listens on now. */
	public static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	/** The sample app reads these from the environment; the tests pass everything as arguments. */
	private static ProcessBuilder processBuilder(List<String> command, Map<String, String> environment) {
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		for (String variable : List.of("PORT", "PAIMON_WAREHOUSE", "PAIMON_ADMIN_ENABLED", "PAIMON_ADMIN_TOKEN")) {
			builder.environment().remove(variable);
		}
		environment.forEach((name, value) -> {
			if (value.isEmpty()) {
				builder.environment().remove(name);
			}
			else {
				builder.environment().put(name, value);
			}
		});
		return builder;
	}

	private static List<String> command(Path jar, Path warehouse, int port, List<String> jvmOptions,
			String... args) {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(jvmOptions);
		command.add("-jar");
		command.add(jar.toAbsolutePath().toString());
		command.add("--server.port=" + port);
		if (warehouse != null) {
			command.add("--paimon.catalog.warehouse=" + warehouse.toAbsolutePath());
		}
		if (List.of(args).stream().noneMatch((arg) -> arg.startsWith("--paimon.ingest.shutdown-drain="))) {
			// a test stops the app when it is done: no balancer to drain for (ShutdownDrainTests sets its own)
			command.add("--paimon.ingest.shutdown-drain=0");
		}
		command.addAll(List.of(args));
		return command;
	}

	private void awaitReady() throws Exception {
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("sample app exited with " + this.process.exitValue()
						+ ":\n" + output());
			}
			try {
				HttpResponse<Void> response = client.send(HttpRequest.newBuilder(uri("/orders")).GET().build(),
						HttpResponse.BodyHandlers.discarding());
				if (response.statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			this.process.waitFor(200, TimeUnit.MILLISECONDS);
		}
		throw new IllegalStateException("sample app did not become ready:\n" + output());
	}

	public URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.port + path);
	}

	/** The HTTP port the app listens on. */
	public int port() {
		return this.port;
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/** The operating-system process id of the app's JVM. */
	public long pid() {
		return this.process.pid();
	}

	/** The file the app's standard output and error go to (deleted on {@link #close()}). */
	public Path logFile() {
		return this.log;
	}

	/**
	 * The app's resident set size in bytes, from {@code /proc/<pid>/status} ({@code VmRSS}); -1 where
	 * there is no such file (not Linux) or the process has ended.
	 */
	public long residentSetSize() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid()), "status"))) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) * 1024;
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// gone, or not Linux
		}
		return -1;
	}

	public String output() throws IOException {
		return Files.readString(this.log);
	}

	/**
	 * Kills the process the hard way ({@code kill -9}): no shutdown hook, no graceful shutdown.
	 * @throws InterruptedException if interrupted while waiting for it to die
	 */
	public void kill() throws InterruptedException {
		this.process.destroyForcibly().waitFor();
	}

	/**
	 * Asks the process to stop ({@code kill -TERM}, as a rolling deploy or Kubernetes does) and returns at once:
	 * its graceful shutdown runs while the test goes on; {@link #awaitExit(Duration)} waits for its end.
	 */
	public void terminate() throws IOException, InterruptedException {
		signal("TERM");
	}

	/**
	 * Waits for the process to exit.
	 * @param bound the longest wait
	 * @return its exit code
	 * @throws IllegalStateException if it is still running after the bound
	 */
	public int awaitExit(Duration bound) throws InterruptedException {
		if (!this.process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
			throw new IllegalStateException("sample app did not exit within " + bound);
		}
		return this.process.exitValue();
	}

	/**
	 * Freezes the process ({@code kill -STOP}): it keeps its sockets and state, and does nothing until
	 * {@link #resume()} — a long GC pause or a frozen VM.
	 */
	public void pause() throws IOException, InterruptedException {
		signal("STOP");
	}

	/** Lets a {@link #pause() paused} process run again ({@code kill -CONT}). */
	public void resume() throws IOException, InterruptedException {
		signal("CONT");
	}

	private void signal(String name) throws IOException, InterruptedException {
		Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(pid())).inheritIO().start();
		if (kill.waitFor() != 0) {
			throw new IllegalStateException("kill -" + name + " " + pid() + " failed");
		}
	}

	@Override
	public void close() throws Exception {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
		Files.deleteIfExists(this.log);
	}

}
