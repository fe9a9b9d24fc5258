package io.github.paimonspring.kafka.pipeline;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.management.ThreadMXBean;
import io.github.paimonspring.autoconfigure.PaimonAutoConfiguration;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.kafka.KafkaPipelineProperties;
import io.github.paimonspring.kafka.record.RecordConverter;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * Benchmark harness (not a test): the conversion alone, without Kafka or commits. The records of
 * {@code KafkaBenchmark} (~200-byte JSON objects, five columns) are converted by a pipeline's
 * {@link RecordConverter} into {@link PendingAppend}s of 10,000 rows drained to Arrow batches, against a
 * parse-only loop with Jackson's {@code readTree}; rounds alternate the order. Run from the kafka
 * module's test class path (with {@code --add-opens=java.base/java.nio=ALL-UNNAMED}):
 * {@code java ... ConversionBenchmark [records] [rounds]}. Reports records per second of wall-clock time
 * and per second of the thread's CPU time (the steadier figure on a shared machine).
 */
public final class ConversionBenchmark {

	private static final ObjectMapper JSON = new ObjectMapper();

	private ConversionBenchmark() {
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(PaimonAutoConfiguration.class)
	static class App {

	}

	public static void main(String[] args) throws Exception {
		int count = (args.length > 0) ? Integer.parseInt(args[0]) : 1_000_000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		Path dir = Files.createTempDirectory("conversion-bench");
		try (TestWarehouse warehouse = new TestWarehouse(dir)) {
			warehouse.create("default.events", Schema.newBuilder().column("id", DataTypes.BIGINT().notNull())
				.column("customer", DataTypes.STRING()).column("amount", DataTypes.DECIMAL(10, 2))
				.column("kind", DataTypes.STRING()).column("note", DataTypes.STRING()).build());
		}
		List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>(count);
		for (int id = 0; id < count; id++) {
			records.add(new ConsumerRecord<>("bench", id % 4, id / 4, null, record(id)));
		}
		KafkaPipelineProperties settings = new KafkaPipelineProperties();
		settings.setTable("events");
		settings.setTopics(List.of("bench"));
		List<Double> parse = new ArrayList<>();
		List<Double> convert = new ArrayList<>();
		List<Double> parseCpu = new ArrayList<>();
		List<Double> convertCpu = new ArrayList<>();
		List<Double> parseBytes = new ArrayList<>();
		List<Double> convertBytes = new ArrayList<>();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
			.web(WebApplicationType.NONE).logStartupInfo(false)
			.properties(Map.of("paimon.catalog.warehouse", dir.toString(), "paimon.tables.events.identifier",
					"default.events"))
			.run(); RootAllocator allocator = new RootAllocator()) {
			RecordConverter converter = new RecordConverter("bench", settings,
					context.getBean(PaimonOperations.class), allocator);
			for (int round = 0; round < rounds; round++) {
				if (round % 2 == 0) {
					measure(parse, parseCpu, parseBytes, () -> parseOnly(records));
					measure(convert, convertCpu, convertBytes, () -> convert(records, converter, allocator));
				}
				else {
					measure(convert, convertCpu, convertBytes, () -> convert(records, converter, allocator));
					measure(parse, parseCpu, parseBytes, () -> parseOnly(records));
				}
				System.out.printf(Locale.ROOT, "round %d: parse only %,.0f records/s (%,.0f per CPU second, %,.0f "
						+ "bytes allocated per record), convert to Arrow %,.0f records/s (%,.0f per CPU second, %,.0f "
						+ "bytes allocated per record)%n", round, count / parse.get(round), count / parseCpu.get(round),
						parseBytes.get(round) / count, count / convert.get(round), count / convertCpu.get(round),
						convertBytes.get(round) / count);
			}
		}
		System.out.printf(Locale.ROOT, "median: parse only %,.0f records/s (%,.0f per CPU second), convert to "
				+ "Arrow %,.0f records/s (%,.0f per CPU second, %,.0f bytes allocated per record), ratio %.2f%n",
				count / median(parse), count / median(parseCpu), count / median(convert), count / median(convertCpu),
				median(convertBytes) / count, median(parse) / median(convert));
	}

	private interface Run {

		void run() throws Exception;

	}

	/**
	 * Adds the wall-clock and the thread's CPU seconds of a run (CPU time: less sensitive to others' load),
	 * and the bytes the thread allocated on the heap.
	 */
	private static void measure(List<Double> wall, List<Double> cpu, List<Double> allocated, Run run)
			throws Exception {
		ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
		long bytesStart = threads.getCurrentThreadAllocatedBytes();
		long cpuStart = threads.getCurrentThreadCpuTime();
		long start = System.nanoTime();
		run.run();
		wall.add((System.nanoTime() - start) / 1e9);
		cpu.add((threads.getCurrentThreadCpuTime() - cpuStart) / 1e9);
		allocated.add((double) (threads.getCurrentThreadAllocatedBytes() - bytesStart));
	}

	private static void parseOnly(List<ConsumerRecord<byte[], byte[]>> records) throws Exception {
		long checksum = 0;
		for (ConsumerRecord<byte[], byte[]> record : records) {
			checksum += JSON.readTree(record.value()).get("id").longValue();
		}
		if (checksum < 0) {
			throw new IllegalStateException();
		}
	}

	private static void convert(List<ConsumerRecord<byte[], byte[]>> records, RecordConverter converter,
			RootAllocator allocator) {
		PendingAppend pending = new PendingAppend();
		long rows = 0;
		for (ConsumerRecord<byte[], byte[]> record : records) {
			RecordConverter.Converted converted = converter.convert(record);
			pending.consumed(record.offset(), record.value().length);
			pending.add(converted.row(), allocator);
			if (pending.records() >= 10_000) {
				rows += drain(pending, allocator);
			}
		}
		rows += drain(pending, allocator);
		if (rows != records.size()) {
			throw new IllegalStateException(rows + " rows");
		}
	}

	private static long drain(PendingAppend pending, RootAllocator allocator) {
		long rows = 0;
		for (VectorSchemaRoot batch : pending.drain()) {
			rows += batch.getRowCount();
			batch.close();
		}
		return rows;
	}

	private static byte[] record(long id) {
		return ("{\"id\":" + id + ",\"customer\":\"customer-" + (id % 977) + "\",\"amount\":" + (id % 10000) / 100.0
				+ ",\"kind\":\"purchase\",\"note\":\"a note that makes the record about two hundred bytes long, "
				+ "like a typical event from a web shop, with a few words more\"}").getBytes(StandardCharsets.UTF_8);
	}

	private static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		return sorted.get(sorted.size() / 2);
	}

}
