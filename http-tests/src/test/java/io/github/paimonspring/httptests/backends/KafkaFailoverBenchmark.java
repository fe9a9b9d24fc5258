package io.github.paimonspring.httptests.backends;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.kafka.TestKafka;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * How long a killed instance's partitions take to be written again by the survivor: two instances of the
 * sample app's {@code kafka} profile on the JDBC catalog (PostgreSQL) and S3 share a 4-partition topic while
 * records come at a steady rate; one is killed with {@code kill -9}, and the time from the kill to the moment
 * every channel it held (a) is open on the survivor with a newer generation and (b) has a commit of the
 * survivor (its offset token beyond the token at the kill) is measured; a new instance then replaces the
 * killed one and the next round kills the other. Per setting: the classic protocol at Kafka's defaults, the
 * classic protocol with the documented setting, the consumer group protocol (KIP-848) with the
 * documented group setting, and the classic protocol with the documented setting and the cooperative
 * assignor (the survivor keeps its own partitions instead of giving them up and reopening them).
 * <p>
 * Run with {@code mvn -B -pl http-tests -am -Pbench-failover verify -DskipTests} (PostgreSQL at
 * 127.0.0.1:5432); arguments: rounds per setting, the report file, the settings (indices into the
 * list above, default {@code 0,1,2,3}). The instances' logs of every round are kept beside the report.
 */
public final class KafkaFailoverBenchmark {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final int PARTITIONS = 4;

	private static final int RATE = 4_000;

	private KafkaFailoverBenchmark() {
	}

	/** A setting measured: the arguments of the instances, and the group configs set before they start. */
	private record Setting(String name, List<String> args, Map<String, String> groupConfig) {
	}

	/** One round: milliseconds from the kill to (a) reopened and (b) committed by the survivor. */
	private record Round(long reopenedMillis, long committedMillis) {
	}

	public static void main(String[] args) throws Exception {
		int rounds = (args.length > 0) ? Integer.parseInt(args[0]) : 3;
		Path out = Path.of((args.length > 1) ? args[1] : "target/failover-benchmark-results.md");
		List<Setting> settings = List.of(
				new Setting("classic protocol, Kafka's defaults (session.timeout.ms 45000, heartbeat 3000)",
						List.of(), Map.of()),
				new Setting("classic protocol, session.timeout.ms=6000, heartbeat.interval.ms=1000",
						List.of("--spring.kafka.consumer.properties.session.timeout.ms=6000",
								"--spring.kafka.consumer.properties.heartbeat.interval.ms=1000"),
						Map.of()),
				new Setting("consumer protocol (KIP-848), group consumer.session.timeout.ms=6000, "
						+ "consumer.heartbeat.interval.ms=1000",
						List.of("--spring.kafka.consumer.properties.group.protocol=consumer"),
						Map.of("consumer.session.timeout.ms", "6000", "consumer.heartbeat.interval.ms", "1000")),
				new Setting("classic protocol, session.timeout.ms=6000, heartbeat.interval.ms=1000, "
						+ "CooperativeStickyAssignor",
						List.of("--spring.kafka.consumer.properties.session.timeout.ms=6000",
								"--spring.kafka.consumer.properties.heartbeat.interval.ms=1000",
								"--spring.kafka.consumer.properties.partition.assignment.strategy="
										+ "org.apache.kafka.clients.consumer.CooperativeStickyAssignor"),
						Map.of()));
		List<Setting> chosen = new ArrayList<>();
		for (String index : ((args.length > 2) ? args[2] : "0,1,2,3").split(",")) {
			chosen.add(settings.get(Integer.parseInt(index.trim())));
		}
		Path logs = out.toAbsolutePath().resolveSibling("failover-benchmark-logs");
		Files.createDirectories(logs);
		StringBuilder report = new StringBuilder();
		report.append("## Kafka failover (").append(LocalDate.now()).append(")\n\n");
		report.append("| setting | kill -> reopened on the survivor (ms) | kill -> committed by the survivor (ms) |\n");
		report.append("|---|---|---|\n");
		for (Setting setting : chosen) {
			List<Round> measured = measure(setting, rounds, logs.resolve("setting-" + settings.indexOf(setting)));
			report.append("| ").append(setting.name()).append(" | ")
				.append(summary(measured.stream().map(Round::reopenedMillis).toList())).append(" | ")
				.append(summary(measured.stream().map(Round::committedMillis).toList())).append(" |\n");
			System.out.println("KafkaFailoverBenchmark " + setting.name() + ": " + measured);
		}
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.writeString(out, report);
		System.out.println(report);
		System.exit(0); // the embedded broker's threads
	}

	/** Rounds of one setting: a new catalog, topic and group; two instances; kill one per round. */
	private static List<Round> measure(Setting setting, int rounds, Path logs) throws Exception {
		Files.createDirectories(logs);
		Path dir = Files.createTempDirectory("failover-bench-");
		String topic = TestKafka.createTopic("failover", PARTITIONS);
		String group = "paimon-failover-" + UUID.randomUUID().toString().substring(0, 8);
		if (!setting.groupConfig().isEmpty()) {
			TestKafka.setGroupConfig(group, setting.groupConfig());
		}
		List<String> args = new ArrayList<>(List.of("--spring.profiles.active=kafka",
				"--spring.kafka.bootstrap-servers=" + TestKafka.bootstrapServers(),
				"--paimon.kafka.pipelines.events.topics=" + topic,
				"--paimon.kafka.pipelines.events.group-id=" + group, "--paimon.ingest.commit-interval=200ms"));
		args.addAll(setting.args());
		String[] arguments = args.toArray(new String[0]);
		List<Round> measured = new ArrayList<>();
		try (SharedCatalog catalog = new SharedCatalog(dir); Producer producer = new Producer(topic)) {
			SampleAppProcess[] apps = { catalog.start(arguments), catalog.start(arguments) };
			for (int round = 0; round < rounds; round++) {
				int victim = round % 2;
				SampleAppProcess killed = apps[victim];
				SampleAppProcess survivor = apps[1 - victim];
				await(() -> held(killed).size() + held(survivor).size() == PARTITIONS && !held(killed).isEmpty()
						&& !held(survivor).isEmpty() && committing(killed), Duration.ofMinutes(3),
						"both instances hold partitions and commit");
				Map<String, Long> generations = held(killed);
				killed.kill();
				long kill = System.nanoTime();
				// what the killed one committed (it commits nothing more)
				Map<String, Long> tokens = new HashMap<>();
				for (String channel : generations.keySet()) {
					tokens.put(channel, token(survivor, channel));
				}
				long reopened = -1;
				long committed = -1;
				long deadline = kill + TimeUnit.MINUTES.toNanos(3);
				while (committed < 0 && System.nanoTime() < deadline) {
					Map<String, Long> now = held(survivor);
					boolean open = generations.entrySet().stream()
						.allMatch((channel) -> now.getOrDefault(channel.getKey(), -1L) > channel.getValue());
					if (open && reopened < 0) {
						reopened = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - kill);
					}
					if (open && allCommittedAfter(survivor, tokens)) {
						committed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - kill);
					}
					LockSupport.parkNanos(50_000_000);
				}
				if (committed < 0) {
					throw new IllegalStateException(setting.name() + ": the survivor did not take over "
							+ generations.keySet() + " within 3 minutes");
				}
				measured.add(new Round(reopened, committed));
				Files.copy(killed.logFile(), logs.resolve("round-" + (round + 1) + "-killed.log"));
				Files.copy(survivor.logFile(), logs.resolve("round-" + (round + 1) + "-survivor.log"));
				System.out.println("KafkaFailoverBenchmark " + setting.name() + " round " + (round + 1) + ": reopened "
						+ reopened + " ms, committed " + committed + " ms after the kill");
				if (round + 1 < rounds) {
					apps[victim] = catalog.start(arguments);
				}
			}
		}
		return measured;
	}

	/** Whether every channel's token is beyond the given one (a commit after the kill). */
	private static boolean allCommittedAfter(SampleAppProcess app, Map<String, Long> tokens) throws Exception {
		for (Map.Entry<String, Long> channel : tokens.entrySet()) {
			long now = token(app, channel.getKey());
			if (now <= channel.getValue()) {
				return false;
			}
		}
		return true;
	}

	/** Whether every partition an app holds has a committed offset (it has committed since it opened them). */
	private static boolean committing(SampleAppProcess app) throws Exception {
		JsonNode partitions = JSON.readTree(SharedCatalog.client(app).get("/actuator/paimon").body())
			.path("kafkaPipelines").path(0).path("partitions");
		if (partitions.isEmpty()) {
			return false;
		}
		for (JsonNode partition : partitions) {
			if (partition.path("committedOffset").isNull() || partition.path("committedOffset").isMissingNode()) {
				return false;
			}
		}
		return true;
	}

	/** The channels an app's pipeline holds now, with the generation it opened. */
	private static Map<String, Long> held(SampleAppProcess app) throws Exception {
		JsonNode endpoint = JSON.readTree(SharedCatalog.client(app).get("/actuator/paimon").body());
		Map<String, Long> generations = new HashMap<>();
		for (JsonNode partition : endpoint.path("kafkaPipelines").path(0).path("partitions")) {
			if (partition.path("generation").asLong() > 0) {
				generations.put(partition.path("channel").asText(), partition.path("generation").asLong());
			}
		}
		return generations;
	}

	/** The committed offset token of a channel of the table, or -1. */
	private static long token(SampleAppProcess app, String channel) throws Exception {
		var response = SharedCatalog.client(app).get("/paimon/tables/shop/kafka_events/channels/" + channel);
		if (response.statusCode() != 200) {
			return -1;
		}
		JsonNode token = JSON.readTree(response.body()).path("offsetToken");
		return (token.isNull() || token.isMissingNode()) ? -1 : Long.parseLong(token.asText());
	}

	private static String summary(List<Long> millis) {
		List<Long> sorted = millis.stream().sorted().toList();
		String all = String.join(", ", sorted.stream().map(String::valueOf).toList());
		return "median " + sorted.get(sorted.size() / 2) + " (" + all + ")";
	}

	private static void await(Check check, Duration bound, String what) throws Exception {
		long deadline = System.nanoTime() + bound.toNanos();
		while (!check.holds()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("not within " + bound + ": " + what);
			}
			LockSupport.parkNanos(100_000_000);
		}
	}

	@FunctionalInterface
	private interface Check {

		boolean holds() throws Exception;

	}

	/** Produces JSON records at a steady rate on a thread of its own until closed. */
	private static final class Producer implements AutoCloseable {

		private final KafkaProducer<byte[], byte[]> producer = TestKafka.producer();

		private final Thread thread;

		private volatile boolean closed;

		Producer(String topic) {
			this.thread = new Thread(() -> produce(topic), "failover-bench-producer");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		private void produce(String topic) {
			long start = System.nanoTime();
			for (long id = 0; !this.closed; id++) {
				while ((System.nanoTime() - start) * RATE / 1_000_000_000L < id && !this.closed) {
					LockSupport.parkNanos(1_000_000);
				}
				String json = "{\"id\":" + id + ",\"customer\":\"customer-" + (id % 977) + "\",\"amount\":"
						+ (id % 10000) / 100.0 + ",\"note\":\"a note of about two hundred bytes\"}";
				this.producer.send(new ProducerRecord<>(topic, (int) (id % PARTITIONS), null,
						json.getBytes(StandardCharsets.UTF_8)));
			}
		}

		@Override
		public void close() throws InterruptedException {
			this.closed = true;
			this.thread.join(TimeUnit.SECONDS.toMillis(30));
			this.producer.close();
		}

	}

}
