package io.github.paimonspring.httptests.backends;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

import io.github.paimonspring.httptests.SampleAppProcess;

/**
 * Latency and start-to-ready of a rolling restart ({@link RollingRestart}), before and after issue 47, in one run:
 * "before" stops without a drain ({@code paimon.ingest.shutdown-drain=0}) and turns ready without waiting for the
 * warm-up ({@code paimon.ingest.warm-up-timeout=0}); "after" runs with the drain production.md sizes for its
 * HAProxy configuration and the default warm-up. Per setting: p50/p99 of every request (keyed uploads and channel
 * appends through HAProxy, with the retry rule's resends) in the steady phases and during the roll, failed
 * requests, resends, and for each restarted instance the time to stop, to answer HTTP, to be ready in the balancer,
 * and the {@code paimon} endpoint's {@code readiness.startToReadyMillis}.
 * <p>
 * Run with {@code mvn -B -pl http-tests -Pbench-rolling verify -DskipTests} after an install (PostgreSQL at
 * 127.0.0.1:5432, haproxy installed); arguments: the report file, the requests per steady phase, and optionally
 * the packaged sample app of a build from before issue 47 (commit 7a90938), measured first.
 */
public final class RollingRestartBenchmark {

	private RollingRestartBenchmark() {
	}

	private record Setting(String name, Path jar, List<String> args) {
	}

	public static void main(String[] args) throws Exception {
		Path out = Path.of((args.length > 0) ? args[0] : "target/rolling-restart-benchmark.md");
		int steady = (args.length > 1) ? Integer.parseInt(args[1]) : 150;
		List<Setting> settings = new ArrayList<>();
		if (args.length > 2 && !args[2].isBlank() && Files.isRegularFile(Path.of(args[2]))) {
			// a build from before issue 47: its sample app did not enable the probes yet
			settings.add(new Setting("before issue 47 (" + args[2] + ")", Path.of(args[2]),
					List.of("--management.endpoint.health.probes.enabled=true")));
		}
		settings.add(new Setting("this build, no drain, ready at once", SampleAppProcess.jar(),
				List.of("--paimon.ingest.shutdown-drain=0", "--paimon.ingest.warm-up-timeout=0")));
		settings.add(new Setting("this build, drain 5 s, ready when warm", SampleAppProcess.jar(),
				List.of("--paimon.ingest.shutdown-drain=5s")));
		List<String> lines = new ArrayList<>();
		lines.add("Rolling restart, " + LocalDate.now() + ", Java " + Runtime.version().feature() + ", "
				+ Runtime.getRuntime().availableProcessors() + " cores, " + steady + " requests per steady phase");
		lines.add("");
		lines.add("| setting | steady p50 / p99 ms | roll p50 / p99 ms | requests steady / roll | failed | resends "
				+ "| stop ms (a, b) | answering HTTP ms | ready in HAProxy ms | startToReadyMillis |");
		lines.add("|---|---|---|---|---|---|---|---|---|---|");
		for (Setting setting : settings) {
			Path dir = Files.createTempDirectory("rolling-bench-");
			try (RollingRestart roll = new RollingRestart(dir, setting.jar(), setting.args())) {
				RollingRestart.Report report = roll.run(setting.name(), steady);
				System.out.println("RollingRestartBenchmark " + report.summary());
				report.failures().stream().limit(20).forEach((failure) -> System.out.println("  failed: " + failure));
				lines.add("| " + setting.name() + " | " + RollingRestart.Report.percentile(report.steady(), 0.5) + " / "
						+ RollingRestart.Report.percentile(report.steady(), 0.99) + " | "
						+ RollingRestart.Report.percentile(report.roll(), 0.5) + " / "
						+ RollingRestart.Report.percentile(report.roll(), 0.99) + " | " + report.steady().size() + " / "
						+ report.roll().size() + " | " + report.failures().size() + " | " + report.resends() + " | "
						+ both(report, RollingRestart.Restart::stopMillis) + " | "
						+ both(report, RollingRestart.Restart::answeringMillis) + " | "
						+ both(report, RollingRestart.Restart::readyInBalancerMillis) + " | "
						+ both(report, RollingRestart.Restart::startToReadyMillis) + " |");
				roll.keepLogs("rolling-bench-logs/" + (lines.size() - 4));
			}
		}
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.write(out, lines);
		lines.forEach(System.out::println);
		System.exit(0); // the embedded Kafka broker's threads would keep the JVM
	}

	private static String both(RollingRestart.Report report,
			ToLongFunction<RollingRestart.Restart> value) {
		return report.restarts().stream().map((restart) -> String.valueOf(value.applyAsLong(restart)))
			.reduce((a, b) -> a + ", " + b).orElse("-");
	}

}
