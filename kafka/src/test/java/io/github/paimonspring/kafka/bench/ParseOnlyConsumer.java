package io.github.paimonspring.kafka.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The parse-only side of the Flink comparison benchmark, in a cold JVM: a plain {@code KafkaConsumer} (its own
 * group, from the earliest offset, default consumer settings) that parses every value with Jackson's
 * {@code readTree} and does nothing else — the floor of any consumer that looks at its JSON. It prints
 * {@code progress <records>} when it has read its first record, 10 %, 90 % and all of them (the harness times
 * the lines), then exits.
 * <p>
 * Arguments: bootstrap servers, topic, group, records.
 */
public final class ParseOnlyConsumer {

	private ParseOnlyConsumer() {
	}

	public static void main(String[] args) throws Exception {
		long records = Long.parseLong(args[3]);
		Map<String, Object> config = new HashMap<>();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
		config.put(ConsumerConfig.GROUP_ID_CONFIG, args[2]);
		config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		ObjectMapper json = new ObjectMapper();
		long[] marks = { 1, (records + 9) / 10, (records * 9 + 9) / 10, records };
		int nextMark = 0;
		long seen = 0;
		long checksum = 0;
		try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
				new ByteArrayDeserializer())) {
			consumer.subscribe(List.of(args[1]));
			while (seen < records) {
				for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
					checksum += json.readTree(record.value()).get("id").longValue();
					seen++;
				}
				while (nextMark < marks.length && seen >= marks[nextMark]) {
					System.out.println("progress " + seen);
					System.out.flush();
					nextMark++;
				}
			}
		}
		System.out.println("checksum " + checksum);
		System.out.flush();
	}

}
