package io.github.paimonspring.httptests.backends;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.paimonspring.httptests.SampleAppProcess;
import io.github.paimonspring.kafka.TestKafka;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * The sample app's {@code kafka} profile seen from outside: the JSON records its pipeline consumes into
 * {@code shop.kafka_events}, and the channels (one per partition, named {@code <topic>-<partition>}) whose offset
 * tokens say what it committed.
 */
final class KafkaEvents {

	static final String GROUP = "paimon-events";

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
		var response = SharedCatalog.client(app).get("/paimon/tables/shop/kafka_events/channels/" + channel);
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

}
