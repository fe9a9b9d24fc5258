package io.github.paimonspring.kafka;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.kafka.autoconfigure.PaimonKafkaAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * Benchmark harness (not a test): Kafka into Paimon on this machine, with the broker in the same JVM.
 * <ol>
 * <li>Throughput: the same N pre-produced ~200-byte JSON records (4 partitions) read by a plain
 * {@code KafkaConsumer} that only parses each value with Jackson (baseline), and consumed into an append
 * table by a pipeline, from its start until every partition's last offset is committed to the table;
 * rounds alternate the order.</li>
 * <li>Lag: a producer at a steady rate for a while with the pipeline running; the lag (records between the
 * partitions' ends and the committed offsets) sampled every 250 ms.</li>
 * </ol>
 * Run: {@code mvn -B -pl kafka -am -Pbench-kafka verify -DskipTests} (see docs/benchmarks.md).
 */
public final class KafkaBenchmark {

	private static final int PARTITIONS = 4;

	private static final ObjectMapper JSON = new ObjectMapper();

	private KafkaBenchmark() {
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ PaimonAutoConfiguration.class, KafkaAutoConfiguration.class,
			PaimonKafkaAutoConfiguration.class })
	static class App {

	}

	public static void main(String[] args) throws Exception {
		int records = (args.length > 0) ? Integer.parseInt(args[0]) : 1_000_000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 3;
		Path out = Path.of((args.length > 2) ? args[2] : "target/kafka-benchmark-results.md");
		int rate = (args.length > 3) ? Integer.parseInt(args[3]) : 20_000;
		int seconds = (args.length > 4) ? Integer.parseInt(args[4]) : 30;
		String topic = TestKafka.createTopic("bench", PARTITIONS);
		long bytes = produce(topic, records);
		System.out.printf(Locale.ROOT, "produced %,d records, %,d bytes of values (%d bytes each on average)%n",
				records,
				bytes, bytes / records);
		List<Double> baseline = new ArrayList<>();
		List<Double> pipeline = new ArrayList<>();
		for (int round = 0; round < rounds; round++) {
			if (round % 2 == 0) {
				baseline.add(plainConsumer(topic, records));
				pipeline.add(pipeline(topic, records, round));
			}
			else {
				pipeline.add(pipeline(topic, records, round));
				baseline.add(plainConsumer(topic, records));
			}
			System.out.printf(Locale.ROOT, "round %d: plain consumer %,.0f records/s, pipeline %,.0f records/s%n",
					round,
					baseline.get(round), pipeline.get(round));
		}
		long[] lag = lag(rate, seconds);
		StringBuilder report = new StringBuilder();
		report.append(String.format(Locale.ROOT,
				"Kafka → Paimon, %,d JSON records of %d bytes, %d partitions, %d rounds, %d cores%n%n",
				records, bytes / records, PARTITIONS, rounds, Runtime.getRuntime().availableProcessors()));
		report.append("| side | records/s (median) | MB/s |\n|---|---:|---:|\n");
		double plain = median(baseline);
		double into = median(pipeline);
		report.append(String.format(Locale.ROOT, "| plain consumer, parse only | %,.0f | %.1f |%n", plain,
				plain * bytes / records / 1e6));
		report.append(String.format(Locale.ROOT, "| pipeline into a Paimon table, committed | %,.0f | %.1f |%n", into,
				into * bytes / records / 1e6));
		List<Double> ratios = new ArrayList<>();
		for (int round = 0; round < rounds; round++) {
			ratios.add(pipeline.get(round) / baseline.get(round));
		}
		report.append(String.format(Locale.ROOT, "%npipeline / plain consumer: per round %s, median %.2f%n%n", ratios,
				median(ratios)));
		report.append(String.format(Locale.ROOT,
				"Lag at a steady %,d records/s for %d s: median %,d records, p95 %,d, max %,d; caught up %,d ms after "
						+ "the "
						+ "producer stopped%n",
				rate, seconds, lag[0], lag[1], lag[2], lag[3]));
		Files.createDirectories(out.toAbsolutePath().getParent());
		Files.writeString(out, report.toString());
		System.out.println(report);
		System.exit(0);
	}

	private static long produce(String topic, int records) throws Exception {
		long bytes = 0;
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			for (int id = 0; id < records; id++) {
				byte[] value = record(id);
				bytes += value.length;
				producer.send(new ProducerRecord<>(topic, id % PARTITIONS, null, value));
			}
			producer.flush();
		}
		return bytes;
	}

	private static byte[] record(long id) {
		return ("{\"id\":" + id + ",\"customer\":\"customer-" + (id % 977) + "\",\"amount\":" + (id % 10000) / 100.0
				+ ",\"kind\":\"purchase\",\"note\":\"a note that makes the record about two hundred bytes long, "
				+ "like a typical event from a web shop, with a few words more\"}").getBytes(StandardCharsets.UTF_8);
	}

	/** Reads every record of the topic with a plain consumer, parsing each value; records/s. */
	private static double plainConsumer(String topic, int records) throws Exception {
		Map<String, Object> config = new HashMap<>();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers());
		config.put(ConsumerConfig.GROUP_ID_CONFIG, "plain-" + System.nanoTime());
		config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		long start = System.nanoTime();
		long seen = 0;
		long checksum = 0;
		try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
				new ByteArrayDeserializer())) {
			consumer.subscribe(List.of(topic));
			while (seen < records) {
				for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
					checksum += JSON.readTree(record.value()).get("id").longValue();
					seen++;
				}
			}
		}
		if (checksum < 0) {
			throw new IllegalStateException();
		}
		return records / ((System.nanoTime() - start) / 1e9);
	}

	private static ConfigurableApplicationContext start(Path warehouse, String pipeline, String topic) {
		return new SpringApplicationBuilder(App.class).web(WebApplicationType.NONE).logStartupInfo(false)
			.properties(Map.of("paimon.catalog.warehouse", warehouse.toString(), "spring.kafka.bootstrap-servers",
					TestKafka.bootstrapServers(), "logging.level.org.apache.kafka", "WARN",
					"paimon.tables.events.identifier", "default.events_" + pipeline,
							"paimon.tables.events.create-if-missing",
					"true", "paimon.tables.events.schema.columns[0].name", "id",
							"paimon.tables.events.schema.columns[0].type",
					"BIGINT NOT NULL"))
			.properties(Map.of("paimon.tables.events.schema.columns[1].name", "customer",
					"paimon.tables.events.schema.columns[1].type", "STRING",
							"paimon.tables.events.schema.columns[2].name",
					"amount", "paimon.tables.events.schema.columns[2].type", "DECIMAL(10, 2)",
					"paimon.tables.events.schema.columns[3].name", "kind",
							"paimon.tables.events.schema.columns[3].type",
					"STRING", "paimon.tables.events.schema.columns[4].name", "note",
					"paimon.tables.events.schema.columns[4].type", "STRING",
							"paimon.kafka.pipelines." + pipeline + ".topics",
					topic, "paimon.kafka.pipelines." + pipeline + ".table", "events"))
			.run();
	}

	/** Consumes every record of the topic into a new table; records/s from the start until all committed. */
	private static double pipeline(String topic, int records, int round) throws Exception {
		Path warehouse = Files.createTempDirectory("kafka-bench-");
		long start = System.nanoTime();
		try (ConfigurableApplicationContext context = start(warehouse, "bench" + round, topic)) {
			PaimonOperations paimon = context.getBean(PaimonOperations.class);
			while (committed(paimon, topic) < records) {
				Thread.sleep(20);
			}
			return records / ((System.nanoTime() - start) / 1e9);
		}
	}

	private static long committed(PaimonOperations paimon, String topic) {
		long total = 0;
		for (int partition = 0; partition < PARTITIONS; partition++) {
			total += paimon.channels("events").state(topic + "-" + partition)
				.map((state) -> (state.offsetToken() != null) ? Long.parseLong(state.offsetToken()) + 1 : 0L)
				.orElse(0L);
		}
		return total;
	}

	/** Produces at a steady rate with the pipeline running: median, p95, max lag and the catch-up time. */
	private static long[] lag(int rate, int seconds) throws Exception {
		String topic = TestKafka.createTopic("steady", PARTITIONS);
		Path warehouse = Files.createTempDirectory("kafka-bench-lag-");
		List<Long> samples = Collections.synchronizedList(new ArrayList<>());
		try (ConfigurableApplicationContext context = start(warehouse, "steady", topic);
				KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			PaimonOperations paimon = context.getBean(PaimonOperations.class);
			long start = System.nanoTime();
			long sent = 0;
			long nextSample = start;
			while (System.nanoTime() - start < seconds * 1_000_000_000L) {
				long due = (System.nanoTime() - start) * rate / 1_000_000_000L;
				while (sent < due) {
					producer.send(new ProducerRecord<>(topic, (int) (sent % PARTITIONS), null, record(sent)));
					sent++;
				}
				if (System.nanoTime() >= nextSample) {
					if (System.nanoTime() - start > 5_000_000_000L) { // after a 5 s warm-up
						samples.add(sent - committed(paimon, topic));
					}
					nextSample += 250_000_000L;
				}
				Thread.sleep(1);
			}
			producer.flush();
			long stopped = System.nanoTime();
			while (committed(paimon, topic) < sent) {
				Thread.sleep(10);
			}
			long catchUp = (System.nanoTime() - stopped) / 1_000_000;
			List<Long> sorted = new ArrayList<>(samples);
			Collections.sort(sorted);
			return new long[] { sorted.get(sorted.size() / 2), sorted.get((int) (sorted.size() * 0.95)),
					sorted.get(sorted.size() - 1), catchUp };
		}
	}

	private static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		return sorted.get(sorted.size() / 2);
	}


}
