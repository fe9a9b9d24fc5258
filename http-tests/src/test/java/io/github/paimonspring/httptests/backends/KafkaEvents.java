package io.github.paimonspring.httptests.backends;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.kafka.TestKafka;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app's {@code kafka} profile seen from outside: the JSON records its pipeline consumes into
 * {@code shop.kafka_events}, and the channels (one per partition, named {@code <topic>-<partition>}) whose offset
 * tokens say what it committed.
 */
final class KafkaEvents {

	static final String GROUP = "paimon-events";

	/** The table the pipeline writes. */
	static final String TABLE = "shop.kafka_events";

	private static final ObjectMapper JSON = new ObjectMapper();

	private KafkaEvents() {
	}

	/** Record {@code id}: an event of about 200 bytes. */
	static String json(int id) {
		return "{\"id\":" + id + ",\"customer\":\"customer-" + (id % 977) + "\",\"amount\":" + (id % 10000) / 100.0
				+ ",\"note\":\"a note of about two hundred bytes to make the record the size of a typical event\"}";
	}

	/** The committed offset token of a partition's channel, or {@code null}. */
	static @Nullable Long token(SampleAppProcess app, String channel) throws Exception {
		var response = SharedCatalog.client(app)
			.get("/paimon/tables/" + TABLE.replace('.', '/') + "/channels/" + channel);
		if (response.statusCode() != 200) {
			return null;
		}
		JsonNode token = JSON.readTree(response.body()).path("offsetToken");
		return (token.isNull() || token.isMissingNode()) ? null : Long.parseLong(token.asText());
	}

	/** The records the topic's channels committed: the sum over partitions of the committed offset + 1. */
	static long committed(SampleAppProcess app, String topic, int partitions) throws Exception {
		long total = 0;
		for (int partition = 0; partition < partitions; partition++) {
			Long token = token(app, topic + "-" + partition);
			if (token != null) {
				total += token + 1;
			}
		}
		return total;
	}

	/** Whether the group's committed offset of every partition is its channel's offset token + 1. */
	static boolean kafkaOffsetsFollowTokens(SampleAppProcess app, String topic, int partitions) throws Exception {
		for (int partition = 0; partition < partitions; partition++) {
			Long token = token(app, topic + "-" + partition);
			if (token == null
					|| TestKafka.committedOffset(GROUP, new TopicPartition(topic, partition)) != token + 1) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Asserts, with Paimon's reader, that {@code shop.kafka_events} holds each of {@code records} records exactly
	 * once: as many rows as records, as many distinct ids and as many distinct partition@offset positions.
	 */
	static void assertEveryRecordOnce(TestWarehouse warehouse, int records) {
		List<long[]> rows = warehouse.read(TABLE,
				(row) -> new long[] { row.getLong(0), row.getInt(4), row.getLong(5) });
		Set<Long> ids = new HashSet<>();
		Set<String> positions = new HashSet<>();
		for (long[] row : rows) {
			ids.add(row[0]);
			positions.add(row[1] + "@" + row[2]);
		}
		assertThat(rows).as("no record twice").hasSize(records);
		assertThat(ids).as("every record once").hasSize(records);
		assertThat(positions).as("every partition@offset once").hasSize(records);
	}

}
