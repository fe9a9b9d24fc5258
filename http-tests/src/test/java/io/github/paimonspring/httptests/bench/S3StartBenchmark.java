package io.github.paimonspring.httptests.bench;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.support.InJvmS3;

/**
 * Benchmark harness (not a test): the packaged sample app's start on an S3 warehouse (S3Proxy in this JVM, a
 * filesystem catalog, the sample's three tables), from the process start to its first answered request, for
 * several builds of the jar in one run, alternating — for example the jar with paimon-s3 (Hadoop S3A) against the
 * one with paimon-spring-boot-s3. Each start gets its own warehouse prefix, so every start creates its tables.
 * Run: {@code java -cp <http-tests test classpath> io.github.paimonspring.httptests.bench.S3StartBenchmark
 * label=path/to.jar,label=path/to.jar [rounds] [out.md]} (see docs/benchmarks.md).
 */
public final class S3StartBenchmark {

	private S3StartBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, Path> jars = new LinkedHashMap<>();
		for (String jar : args[0].split(",", -1)) {
			int equals = jar.indexOf('=');
			jars.put(jar.substring(0, equals), Path.of(jar.substring(equals + 1)));
		}
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		Path out = Path.of((args.length > 2) ? args[2] : "target/s3-start-benchmark-results.md");
		Map<String, List<Double>> seconds = new LinkedHashMap<>();
		jars.keySet().forEach((label) -> seconds.put(label, new ArrayList<>()));
		Path dir = Files.createTempDirectory("s3-start-bench");
		try (InJvmS3 s3 = new InJvmS3(dir.resolve("s3"), "lake")) {
			int start = 0;
			for (int round = 0; round < rounds; round++) {
				for (Map.Entry<String, Path> jar : jars.entrySet()) {
					double took = start(jar.getValue(), s3, "wh" + (start++), dir);
					seconds.get(jar.getKey()).add(took);
					System.out.printf(Locale.ROOT, "round %d %s: %.2f s%n", round, jar.getKey(), took);
				}
			}
		}
		List<String> lines = new ArrayList<>();
		lines.add("| jar | starts | median s | min s | max s | all |");
		lines.add("|---|---:|---:|---:|---:|---|");
		seconds.forEach((label, values) -> {
			List<Double> sorted = new ArrayList<>(values);
			sorted.sort(Double::compare);
			lines.add(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f | %s |", label, values.size(),
					sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1),
					values.stream().map((v) -> String.format(Locale.ROOT, "%.2f", v)).toList()));
		});
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.write(out, lines);
		lines.forEach(System.out::println);
	}

	private static double start(Path jar, InJvmS3 s3, String warehouse, Path dir) throws Exception {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
			.toString(), "-Xmx512m", "-jar", jar.toAbsolutePath().toString(), "--server.port=" + port,
				"--paimon.catalog.warehouse=s3://lake/" + warehouse, "--paimon.maintenance.enabled=false"));
		s3.catalogOptions().forEach((key, value) -> command.add("--paimon.catalog.options." + key + "=" + value));
		Path log = dir.resolve(warehouse + ".log");
		long started = System.nanoTime();
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		try {
			HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
			long deadline = started + TimeUnit.SECONDS.toNanos(180);
			while (System.nanoTime() < deadline) {
				if (!process.isAlive()) {
					throw new IllegalStateException(jar + " exited:\n" + Files.readString(log));
				}
				try {
					HttpResponse<Void> response = client.send(HttpRequest
						.newBuilder(URI.create("http://127.0.0.1:" + port + "/orders"))
						.GET()
						.build(), HttpResponse.BodyHandlers.discarding());
					if (response.statusCode() == 200) {
						return (System.nanoTime() - started) / 1e9;
					}
				}
				catch (IOException ex) {
					// not listening yet
				}
				process.waitFor(50, TimeUnit.MILLISECONDS);
			}
			throw new IllegalStateException(jar + " did not answer within 180 s:\n" + Files.readString(log));
		}
		finally {
			process.destroy();
			if (!process.waitFor(30, TimeUnit.SECONDS)) {
				process.destroyForcibly().waitFor();
			}
		}
	}

}
