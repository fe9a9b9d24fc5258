package io.github.paimonspring.httptests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.paimonspring.admin.web.AccessMatrix;
import io.github.paimonspring.httptests.AdminClient;
import io.github.paimonspring.httptests.PipelinedChannel;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.httptests.Warehouse;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;

/**
 * What enforcing channel owners costs an append (issue 48): the packaged sample app on a filesystem warehouse (whose
 * shared state, the channel owners included, is files in the warehouse), 4 channels of one table streaming appends of
 * 10 rows with 8 in flight each (64 upload slots), group commit every 20 ms; appends per second with the admin API's
 * credentials off ({@code paimon.admin.auth=none}: no principal, no owner) and on (the scoped credential {@code
 * gateway}, which opened the channels, so every append's owner is checked), alternately, in rounds; and, when given,
 * the same on another build of the sample app (one from before the owners were kept per generation).
 * <p>
 * Run with {@code mvn -B -pl http-tests -Pbench-channel-credentials verify -DskipTests} after an install; arguments:
 * rounds, appends per channel, the report file, and optionally another build's jar.
 */
public final class ChannelCredentialsBenchmark {

	private static final int CHANNELS = 4;

	private ChannelCredentialsBenchmark() {
	}

	private record Setting(String name, Path jar, boolean credentials) {
	}

	public static void main(String[] args) throws Exception {
		int rounds = (args.length > 0) ? Integer.parseInt(args[0]) : 3;
		int appends = (args.length > 1) ? Integer.parseInt(args[1]) : 1_500;
		Path out = Path.of((args.length > 2) ? args[2] : "target/channel-credentials-benchmark.md");
		List<Setting> settings = new ArrayList<>();
		settings.add(new Setting("this build, credentials off", SampleAppProcess.jar(), false));
		settings.add(new Setting("this build, credentials on", SampleAppProcess.jar(), true));
		if (args.length > 3 && !args[3].isBlank() && Files.isRegularFile(Path.of(args[3]))) {
			settings.add(new Setting("other build, credentials off", Path.of(args[3]), false));
			settings.add(new Setting("other build, credentials on", Path.of(args[3]), true));
		}
		Map<String, List<Double>> rates = new LinkedHashMap<>();
		for (int round = 1; round <= rounds; round++) {
			for (Setting setting : settings) {
				double rate = run(setting, appends);
				rates.computeIfAbsent(setting.name(), (name) -> new ArrayList<>()).add(rate);
				System.out.printf("ChannelCredentialsBenchmark round %d, %s: %.0f appends/s%n", round, setting.name(),
						rate);
			}
		}
		List<String> lines = new ArrayList<>();
		lines.add("Channel appends with and without credentials, " + LocalDate.now() + ", Java "
				+ Runtime.version().feature() + ", " + Runtime.getRuntime().availableProcessors() + " cores, "
				+ CHANNELS + " channels x " + appends + " appends of 10 rows, 8 in flight each");
		lines.add("");
		lines.add("| setting | appends/s per round | median |");
		lines.add("|---|---|---:|");
		rates.forEach((name, values) -> lines.add("| " + name + " | "
				+ values.stream().map((rate) -> String.format("%.0f", rate)).reduce((a, b) -> a + ", " + b).orElse("")
				+ " | " + String.format("%.0f", median(values)) + " |"));
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.write(out, lines);
		lines.forEach(System.out::println);
	}

	private static double median(List<Double> values) {
		List<Double> sorted = values.stream().sorted().toList();
		return sorted.get(sorted.size() / 2);
	}

	/** One app, one run: the appends per second of all channels together. */
	private static double run(Setting setting, int appends) throws Exception {
		Path dir = Files.createTempDirectory("channel-credentials-");
		try (Warehouse warehouse = new Warehouse(dir)) {
			warehouse.create("shop.visits", Schema.newBuilder().column("id", DataTypes.INT())
				.column("name", DataTypes.STRING()).build());
		}
		List<String> args = new ArrayList<>(List.of("--paimon.admin.enabled=true",
				"--paimon.ingest.commit-interval=20ms", "--paimon.admin.max-concurrent-uploads=64"));
		if (setting.credentials()) {
			for (String credential : AccessMatrix.credentials()) {
				args.add("--" + credential);
			}
		}
		else {
			args.add("--paimon.admin.auth=none");
		}
		try (SampleAppProcess app = SampleAppProcess.startJarOnPort(setting.jar(), SampleAppProcess.freePort(), dir,
				Map.of(), List.of("-Xmx512m", "-XX:+UseSerialGC"), args.toArray(String[]::new))) {
			AdminClient client = new AdminClient(app, setting.credentials() ? AccessMatrix.token("gateway") : null);
			List<PipelinedChannel> channels = new ArrayList<>();
			List<Long> from = new ArrayList<>();
			for (int c = 0; c < CHANNELS; c++) {
				PipelinedChannel channel = new PipelinedChannel(client, "shop/visits", "c" + c, 10, 8);
				from.add(channel.open());
				channels.add(channel);
			}
			// a first pass warms the JVM; the second is measured
			stream(channels, from, appends / 3);
			List<Long> next = new ArrayList<>();
			for (int c = 0; c < CHANNELS; c++) {
				next.add(from.get(c) + (long) (appends / 3) * 10);
			}
			long started = System.nanoTime();
			stream(channels, next, appends);
			return CHANNELS * appends / ((System.nanoTime() - started) / 1e9);
		}
	}

	private static void stream(List<PipelinedChannel> channels, List<Long> from, int appends) throws Exception {
		List<CompletableFuture<PipelinedChannel.Result>> streams = new ArrayList<>();
		for (int c = 0; c < channels.size(); c++) {
			PipelinedChannel channel = channels.get(c);
			long after = from.get(c);
			streams.add(CompletableFuture.supplyAsync(() -> {
				try {
					return channel.stream(after, appends, (acknowledged) -> {
					});
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			}, PipelinedChannel.OWN_THREAD));
		}
		for (CompletableFuture<PipelinedChannel.Result> stream : streams) {
			PipelinedChannel.Result result = stream.get(10, TimeUnit.MINUTES);
			if (result.acknowledged().size() != appends) {
				throw new IllegalStateException("a channel acknowledged " + result.acknowledged().size() + " of "
						+ appends + " appends: " + result.stoppedBy());
			}
		}
	}

}
