package io.github.paimonspring.kafka;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import io.github.paimonspring.kafka.actuate.PaimonKafkaHealthIndicator;
import io.github.paimonspring.support.TestWarehouse;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.sink.StreamWriteBuilder;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A partition's channel whose state only expired snapshots had (other writers committed past the
 * retained checkpoint, then the snapshots expired): the pipeline stops with the error naming the channel
 * and the table, health DOWN, and writes nothing, rather than reopening the channel from a guess and
 * writing the partition's records again.
 */
class KafkaExpiredChannelStateTests {

	private static final int RETAINED = 5;

	@TempDir
	Path warehouse;

	@Test
	void aPartitionWhoseChannelStateExpiredStopsThePipelineAndWritesNothing() throws Exception {
		String topic = TestKafka.createTopic("expired", 1);
		String channel = topic + "-0";
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			TestKafka.send(producer, topic, 0, null, "{\"id\":1,\"name\":\"ann\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":2,\"name\":\"bob\"}");
		}
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			warehouse.create("default.people", Schema.newBuilder().column("id", DataTypes.BIGINT().notNull())
				.column("name", DataTypes.STRING())
				.option("snapshot.num-retained.min", String.valueOf(RETAINED))
				.build());
			FileStoreTable table = warehouse.table("default.people");
			// the partition's channel committed offset 1 (a checkpoint), another channel went on after it ...
			commit(table, 1, Map.of("paimon-spring.channels-checkpoint", compress(channel + "\t1\t*\t1"),
					"paimon-spring.channels-checkpoint-base", "0"));
			for (int i = 2; i <= RETAINED + 3; i++) {
				commit(table, i, Map.of("paimon-spring.channel-changes", "other\t2\t" + i));
			}
			// ... and the snapshot with the checkpoint expired
			table.newExpireSnapshots()
				.config(ExpireConfig.builder().snapshotRetainMin(RETAINED).snapshotRetainMax(RETAINED)
					.snapshotTimeRetain(Duration.ZERO).build())
				.expire();
			assertThat(table.snapshotManager().earliestSnapshot().id()).isGreaterThan(1);
		}
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues("paimon.tables.people.identifier=default.people",
					"paimon.kafka.pipelines.expired.topics=" + topic, "paimon.kafka.pipelines.expired.table=people")
			.run((context) -> {
				KafkaPipelines pipelines = context.getBean(KafkaPipelines.class);
				assertThat(KafkaPipelineFixture.await(() -> pipelines.pipelines().get(0).state().equals("stopped"),
						Duration.ofSeconds(60))).as("the pipeline stops").isTrue();
				assertThat(pipelines.pipelines().get(0).error()).contains("channel '" + channel + "'")
					.contains("of table 'default.people'")
					.contains("retained snapshots");
				Health health = new PaimonKafkaHealthIndicator(pipelines).health(true);
				assertThat(health.getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.getDetails().get("expired").toString()).contains("state=stopped");
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.read("default.people", (row) -> row.getString(1).toString()))
				.as("only the other writer's rows, none of the partition's records").allMatch((name) -> name
						.startsWith("m"))
				.hasSize(RETAINED + 3);
		}
	}

	private static void commit(FileStoreTable table, int identifier, Map<String, String> properties) throws Exception {
		StreamWriteBuilder builder = table.newStreamWriteBuilder().withCommitUser("other-writer");
		try (StreamTableWrite write = builder.newWrite(); TableCommitImpl commit = (TableCommitImpl) builder
				.newCommit()) {
			write.write(GenericRow.of(1000L + identifier, BinaryString.fromString("m" + identifier)));
			List<CommitMessage> messages = write.prepareCommit(false, identifier);
			commit.commit(new ManifestCommittable(identifier, null, messages, new HashMap<>(properties)));
		}
	}

	/** A channels checkpoint as the group commits write it: gzip, then Base64. */
	private static String compress(String text) throws Exception {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
			gzip.write(text.getBytes(StandardCharsets.UTF_8));
		}
		return Base64.getEncoder().encodeToString(bytes.toByteArray());
	}

}
