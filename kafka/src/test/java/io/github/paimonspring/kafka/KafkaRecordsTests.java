package io.github.paimonspring.kafka;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.paimonspring.kafka.actuate.MicrometerKafkaPipelineListener;
import io.github.paimonspring.actuate.PaimonEndpoint;
import io.github.paimonspring.actuate.PaimonEndpointSection;
import io.github.paimonspring.kafka.actuate.PaimonKafkaHealthIndicator;
import io.github.paimonspring.catalog.PaimonTables;
import io.github.paimonspring.core.PaimonOperations;
import io.github.paimonspring.support.TestWarehouse;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What records do to a table: bad records go to the dead-letter topic with the reason and are counted,
 * while the pipeline goes on; a primary-key table takes inserts, updates, deletes and tombstones; Arrow
 * records and record metadata land in their columns; a new JSON field is added as a column when the
 * table's policy allows it. A stopped pipeline makes the {@code paimonKafka} health DOWN and shows in the
 * {@code paimon} endpoint.
 */
class KafkaRecordsTests {

	@TempDir
	Path warehouse;

	private static final String[] PEOPLE = { "paimon.tables.people.identifier=default.people",
			"paimon.tables.people.create-if-missing=true", "paimon.tables.people.schema.columns[0].name=id",
			"paimon.tables.people.schema.columns[0].type=BIGINT NOT NULL",
					"paimon.tables.people.schema.columns[1].name=name",
			"paimon.tables.people.schema.columns[1].type=STRING", "paimon.tables.people.schema.columns[2].name=age",
			"paimon.tables.people.schema.columns[2].type=INT" };

	@Test
	void badRecordsGoToTheDeadLetterTopicWithTheReasonAndThePipelineGoesOn() throws Exception {
		String topic = TestKafka.createTopic("people", 1);
		String dlt = topic + "-dlt";
		TestKafka.createNamedTopic(dlt, 1);
		MeterRegistry registry = new SimpleMeterRegistry();
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			TestKafka.send(producer, topic, 0, null, "{\"id\":1,\"name\":\"ann\",\"age\":31}");
			TestKafka.send(producer, topic, 0, null, "{not json");
			TestKafka.send(producer, topic, 0, null, "{\"id\":\"two\",\"name\":\"bob\"}");
			TestKafka.send(producer, topic, 0, null, "{\"name\":\"no id\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":5,\"name\":\"" + "x".repeat(2000) + "\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":6,\"nickname\":\"unknown field\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":7,\"age\":3000000000}");
			TestKafka.send(producer, topic, 0, null, "[1,2]");
			TestKafka.send(producer, topic, 0, null, "{\"id\":9,\"name\":\"cy\"}");
		}
		KafkaPipelineFixture.runner(this.warehouse)
			.withBean(MicrometerKafkaPipelineListener.class, () -> new MicrometerKafkaPipelineListener(registry))
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.people.topics=" + topic,
					"paimon.kafka.pipelines.people.table=people",
					"paimon.kafka.pipelines.people.max-record-size=1KB")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "people", topic, 1,
						Duration.ofSeconds(60))).isTrue();
				List<ConsumerRecord<byte[], byte[]>> dead = TestKafka.read(dlt, 7, Duration.ofSeconds(30));
				assertThat(dead).hasSize(7);
				Map<Long, String> reasons = dead.stream().collect(Collectors.toMap(
						(record) -> Long.parseLong(header(record, "kafka_dlt-original-offset")),
						(record) -> header(record, DeadLetters.REASON_HEADER) + ": " + header(record,
								"kafka_dlt-exception-message")));
				assertThat(reasons).hasSize(7);
				assertThat(reasons.get(1L)).startsWith("malformed: ").contains("is not JSON").contains(topic + "-0@1");
				assertThat(reasons.get(2L)).startsWith("mismatch: ").contains("Column 'id' (BIGINT)")
						.contains("\"two\"");
				assertThat(reasons.get(3L)).startsWith("mismatch: ").contains("Column 'id'").contains("NOT NULL");
				assertThat(reasons.get(4L)).startsWith("too-large: ").contains("max-record-size");
				assertThat(reasons.get(5L)).startsWith("mismatch: ").contains("'nickname'")
						.contains("schema-evolution");
				assertThat(reasons.get(6L)).startsWith("mismatch: ").contains("Column 'age' (INT)")
						.contains("3000000000");
				assertThat(reasons.get(7L)).startsWith("malformed: ").contains("is a JSON array, not an object");
				assertThat(new String(dead.get(0).value(), StandardCharsets.UTF_8)).isEqualTo("{not json");
				assertThat(header(dead.get(0), DeadLetters.TABLE_HEADER)).isEqualTo("people");
				assertThat(registry.get(MicrometerKafkaPipelineListener.RECORDS).tag("result",
						"dead-lettered").counter().count())
					.isEqualTo(7);
				assertThat(registry.get(MicrometerKafkaPipelineListener.RECORDS).tag("result",
						"written").counter().count())
					.isEqualTo(9);
				assertThat(registry.get(MicrometerKafkaPipelineListener.DEAD_LETTERS).tag("reason",
						"mismatch").counter().count())
					.isEqualTo(4);
				assertThat(registry.get(MicrometerKafkaPipelineListener.DEAD_LETTERS).tag("reason",
						"malformed").counter().count())
					.isEqualTo(2);
				assertThat(context.getBean(KafkaPipelines.class).pipelines().get(0).state()).isEqualTo("running");
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.read("default.people", (row) -> row.getLong(0) + ":" + row.getString(1)))
				.containsExactlyInAnyOrder("1:ann", "9:cy");
		}
	}

	@Test
	void aValueThatIsNotExactlyOneJsonObjectGoesToTheDeadLetterTopicNamingTheProblem() throws Exception {
		String topic = TestKafka.createTopic("notone", 1);
		String dlt = topic + "-dlt";
		TestKafka.createNamedTopic(dlt, 1);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			TestKafka.send(producer, topic, 0, null, "{\"id\":1,\"name\":\"ann\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\": 9, \"name\": \"x\"} trailing");
			TestKafka.send(producer, topic, 0, null, "{\"id\":2,\"name\":\"bob\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":10}{\"id\":11}");
			TestKafka.send(producer, topic, 0, null, "[{\"id\":12}]");
			TestKafka.send(producer, topic, 0, null, "13");
			TestKafka.send(producer, topic, 0, null, "{\"id\":14,\"name\":\"a\",\"name\":\"b\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":3,\"name\":\"cy\"}\n");
		}
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.notone.topics=" + topic,
					"paimon.kafka.pipelines.notone.table=people")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "people", topic, 1,
						Duration.ofSeconds(60))).isTrue();
			});
		List<ConsumerRecord<byte[], byte[]>> dead = TestKafka.read(dlt, 5, Duration.ofSeconds(30));
		Map<Long, String> reasons = dead.stream().collect(Collectors.toMap(
				(record) -> Long.parseLong(header(record, "kafka_dlt-original-offset")),
				(record) -> header(record, DeadLetters.REASON_HEADER) + ": " + header(record,
						"kafka_dlt-exception-message")));
		assertThat(reasons).containsOnlyKeys(1L, 3L, 4L, 5L, 6L);
		assertThat(reasons.get(1L)).startsWith("malformed: ").contains(topic + "-0@1")
			.contains("The value has text after its JSON object at byte 23: 'trailing'");
		assertThat(reasons.get(3L)).startsWith("malformed: ")
			.contains("The value has text after its JSON object at byte 9: '{\"id\":11}'");
		assertThat(reasons.get(4L)).startsWith("malformed: ").contains("The value is a JSON array, not an object");
		assertThat(reasons.get(5L)).startsWith("malformed: ").contains("The value is a JSON number, not an object");
		assertThat(reasons.get(6L)).startsWith("malformed: ")
			.contains("The value has a duplicate field 'name'");
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.read("default.people", (row) -> row.getLong(0) + ":" + row.getString(1)))
				.containsExactlyInAnyOrder("1:ann", "2:bob", "3:cy");
		}
	}

	@Test
	void anAppendOfOnlyBadRecordsStillCommitsTheirOffsets() throws Exception {
		String topic = TestKafka.createTopic("allbad", 1);
		TestKafka.createNamedTopic(topic + "-dlt", 1);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			TestKafka.send(producer, topic, 0, null, "{bad");
			TestKafka.send(producer, topic, 0, null, "{\"id\":\"bad\"}");
		}
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.allbad.topics=" + topic,
					"paimon.kafka.pipelines.allbad.table=people")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "people", topic, 1, Duration.ofSeconds(60)))
					.as("the token covers the dead-lettered records, so they are not read again").isTrue();
			});
		assertThat(TestKafka.read(topic + "-dlt", 2, Duration.ofSeconds(30))).hasSize(2);
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.read("default.people", (row) -> row.getLong(0))).isEmpty();
		}
	}

	@Test
	void aPrimaryKeyTableTakesInsertsUpdatesDeletesAndTombstones() throws Exception {
		String topic = TestKafka.createTopic("users", 2);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			TestKafka.send(producer, topic, 0, "1", "{\"id\":1,\"name\":\"ann\"}");
			TestKafka.send(producer, topic, 1, "2", "{\"id\":2,\"name\":\"bob\"}");
			TestKafka.send(producer, topic, 0, "3", "{\"id\":3,\"name\":\"cy\"}");
			TestKafka.send(producer, topic, 1, "4", "{\"id\":4,\"name\":\"dee\"}");
			TestKafka.send(producer, topic, 0, "1", "{\"id\":1,\"name\":\"ann v2\"}");
			TestKafka.send(producer, topic, 1, "2", "{\"id\":2,\"name\":\"bob\",\"_row_kind\":\"-U\"}");
			TestKafka.send(producer, topic, 1, "2", "{\"id\":2,\"name\":\"bob v2\",\"_row_kind\":\"+U\"}");
			TestKafka.send(producer, topic, 0, "3", null);
			TestKafka.send(producer, topic, 1, "4", "{\"id\":4,\"_row_kind\":\"-D\"}");
			TestKafka.send(producer, topic, 0, "5", "{\"id\":5,\"name\":\"eve\"}");
		}
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues("paimon.tables.users.identifier=default.users",
					"paimon.tables.users.create-if-missing=true",
					"paimon.tables.users.schema.columns[0].name=id",
							"paimon.tables.users.schema.columns[0].type=BIGINT NOT NULL",
					"paimon.tables.users.schema.columns[1].name=name",
							"paimon.tables.users.schema.columns[1].type=STRING",
					"paimon.tables.users.schema.primary-key=id", "paimon.tables.users.schema.options.bucket=2",
					"paimon.kafka.pipelines.users.topics=" + topic, "paimon.kafka.pipelines.users.table=users",
					"paimon.kafka.pipelines.users.columns.key=id")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "users", topic, 2,
						Duration.ofSeconds(60))).isTrue();
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.read("default.users", (row) -> row.getLong(0) + ":" + row.getString(1)))
				.containsExactlyInAnyOrder("1:ann v2", "2:bob v2", "5:eve");
		}
	}

	@Test
	void onErrorStopStopsThePipelineNamingTheRecord() throws Exception {
		String topic = TestKafka.createTopic("strict", 1);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			TestKafka.send(producer, topic, 0, null, "{\"id\":1,\"name\":\"ann\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":\"bad\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":3,\"name\":\"cy\"}");
		}
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.strict.topics=" + topic,
					"paimon.kafka.pipelines.strict.table=people",
					"paimon.kafka.pipelines.strict.on-error=stop")
			.run((context) -> {
				KafkaPipelines pipelines = context.getBean(KafkaPipelines.class);
				assertThat(KafkaPipelineFixture.await(() -> pipelines.pipelines().get(0).state().equals("stopped"),
						Duration.ofSeconds(60))).isTrue();
				assertThat(pipelines.pipelines().get(0).error()).contains("Record " + topic + "-0@1")
					.contains("Column 'id' (BIGINT)").contains("on-error is stop");
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(paimon.channels("people").state(topic + "-0").map((state) -> state.offsetToken())
					.orElse(null))
					.as("nothing at or after the bad record is committed").isNotEqualTo("1").isNotEqualTo("2");
				Health health = new PaimonKafkaHealthIndicator(pipelines).health(true);
				assertThat(health.getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.getDetails().get("strict").toString()).contains("state=stopped")
						.contains("on-error is stop");
				PaimonEndpoint endpoint = new PaimonEndpoint(context.getBean(PaimonTables.class), null,
						context.getBeanProvider(PaimonEndpointSection.class));
				assertThat((List<?>) endpoint.paimon().section("kafkaPipelines")).singleElement()
					.asInstanceOf(InstanceOfAssertFactories.type(KafkaPipelineView.class)).satisfies((view) -> {
					assertThat(view.name()).isEqualTo("strict");
					assertThat(view.groupId()).isEqualTo("paimon-strict");
					assertThat(view.error()).contains(topic + "-0@1");
				});
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.read("default.people", (row) -> row.getLong(0))).doesNotContain(3L);
		}
	}

	@Test
	void arrowRecordsAndRecordMetadataLandInTheirColumns() throws Exception {
		String topic = TestKafka.createTopic("arrow", 1);
		long lastTimestamp;
		try (KafkaProducer<byte[], byte[]> producer = TestKafka
				.producer(); BufferAllocator allocator = new RootAllocator()) {
			byte[] value = arrowStream(allocator, new long[] { 1, 2, 3 }, new String[] { "a", "b", null });
			ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, 0, 1_700_000_000_000L,
					"k1".getBytes(StandardCharsets.UTF_8), value);
			record.headers().add("source", "sensor-7".getBytes(StandardCharsets.UTF_8));
			producer.send(record).get();
			producer.send(new ProducerRecord<>(topic, 0, null, "not arrow".getBytes(StandardCharsets.UTF_8))).get();
			// 8 bytes that announce almost 2 GB of metadata: refused by the gate before Arrow allocates them
			producer.send(new ProducerRecord<>(topic, 0, null, new byte[] { -1, -1, -1, -1, -16, -1, -1, 127 })).get();
			lastTimestamp = producer
				.send(new ProducerRecord<>(topic, 0, null, arrowStream(allocator, new long[] { 4 },
						new String[] { "d" })))
				.get()
				.timestamp();
		}
		TestKafka.createNamedTopic(topic + "-dlt", 1);
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues("paimon.tables.readings.identifier=default.readings",
					"paimon.tables.readings.create-if-missing=true", "paimon.tables.readings.schema.columns[0].name=id",
					"paimon.tables.readings.schema.columns[0].type=BIGINT",
							"paimon.tables.readings.schema.columns[1].name=name",
					"paimon.tables.readings.schema.columns[1].type=STRING",
							"paimon.tables.readings.schema.columns[2].name=k",
					"paimon.tables.readings.schema.columns[2].type=STRING",
							"paimon.tables.readings.schema.columns[3].name=ts",
					"paimon.tables.readings.schema.columns[3].type=TIMESTAMP(3)",
							"paimon.tables.readings.schema.columns[4].name=src",
					"paimon.tables.readings.schema.columns[4].type=STRING",
							"paimon.tables.readings.schema.columns[5].name=topic",
					"paimon.tables.readings.schema.columns[5].type=STRING",
					"paimon.kafka.pipelines.readings.topics=" + topic, "paimon.kafka.pipelines.readings.table=readings",
					"paimon.kafka.pipelines.readings.format=arrow", "paimon.kafka.pipelines.readings.columns.key=k",
					"paimon.kafka.pipelines.readings.columns.timestamp=ts",
							"paimon.kafka.pipelines.readings.columns.topic=topic",
					"paimon.kafka.pipelines.readings.columns.headers.source=src")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "readings", topic, 1,
						Duration.ofSeconds(60))).isTrue();
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.read("default.readings",
					(row) -> row.getLong(0) + ":" + (row.isNullAt(1) ? null : row.getString(1))
					+ ":" + (row.isNullAt(2) ? null : row.getString(2)) + ":" + (row.isNullAt(3) ? null
							: row.getTimestamp(3, 3).getMillisecond())
					+ ":" + (row.isNullAt(4) ? null : row.getString(4))
							+ ":" + row.getString(5).toString().equals(topic)))
				.containsExactlyInAnyOrder("1:a:k1:1700000000000:sensor-7:true", "2:b:k1:1700000000000:sensor-7:true",
						"3:null:k1:1700000000000:sensor-7:true", "4:d:null:" + lastTimestamp + ":null:true");
		}
		assertThat(TestKafka.read(topic + "-dlt", 2, Duration.ofSeconds(30))).hasSize(2)
			.allSatisfy((record) -> assertThat(header(record, DeadLetters.REASON_HEADER)).isEqualTo("malformed"))
			.anySatisfy((record) -> assertThat(header(record, "kafka_dlt-exception-message"))
				.contains("The value is not an Arrow IPC stream: Arrow IPC message 0 announces 2147483632 bytes of "
						+ "metadata; the limit is 1048576"));
	}

	@Test
	void aNewJsonFieldIsAddedAsAColumnWhenThePolicyAllowsIt() throws Exception {
		String topic = TestKafka.createTopic("grow", 1);
		try (KafkaProducer<byte[], byte[]> producer = TestKafka.producer()) {
			TestKafka.send(producer, topic, 0, null, "{\"id\":1,\"name\":\"ann\"}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":2,\"name\":\"bob\",\"score\":7.5,\"vip\":true}");
			TestKafka.send(producer, topic, 0, null, "{\"id\":3,\"score\":1}");
		}
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.tables.people.schema-evolution=add-columns",
					"paimon.kafka.pipelines.grow.topics=" + topic, "paimon.kafka.pipelines.grow.table=people")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				PaimonOperations paimon = context.getBean(PaimonOperations.class);
				assertThat(KafkaPipelineFixture.awaitCommitted(paimon, "people", topic, 1,
						Duration.ofSeconds(60))).isTrue();
			});
		try (TestWarehouse warehouse = new TestWarehouse(this.warehouse)) {
			assertThat(warehouse.table("default.people").rowType().getFieldNames()).containsExactly("id", "name", "age",
					"score",
					"vip");
			assertThat(warehouse.read("default.people",
					(row) -> row.getLong(0) + ":" + (row.isNullAt(3) ? null : row.getDouble(3))
					+ ":" + (row.isNullAt(4) ? null : row.getBoolean(4))))
				.containsExactlyInAnyOrder("1:null:null", "2:7.5:true", "3:1.0:null");
		}
	}

	@Test
	void aConfigurationThatDoesNotFitTheTableIsRefusedNamingTheProperty() {
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.p.topics=t", "paimon.kafka.pipelines.p.table=people",
					"paimon.kafka.pipelines.p.columns.offset=kafka_offset")
			.run((context) -> assertThat(context).getFailure().rootCause()
				.hasMessageContaining("paimon.kafka.pipelines.p.columns.offset")
						.hasMessageContaining("'kafka_offset'"));
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.p.topics=t", "paimon.kafka.pipelines.p.table=people",
					"paimon.kafka.pipelines.p.columns.offset=name")
			.run((context) -> assertThat(context).getFailure().rootCause()
				.hasMessageContaining("paimon.kafka.pipelines.p.columns.offset").hasMessageContaining("STRING"));
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.p.topics=t")
			.run((context) -> assertThat(context).getFailure().rootCause()
				.hasMessageContaining("paimon.kafka.pipelines.p.table is required"));
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.withPropertyValues("paimon.kafka.pipelines.p.table=people")
			.run((context) -> assertThat(context).getFailure().rootCause()
				.hasMessageContaining("paimon.kafka.pipelines.p.topics or paimon.kafka.pipelines.p.topic-pattern"));
		KafkaPipelineFixture.runner(this.warehouse)
			.withPropertyValues(PEOPLE)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(KafkaPipelines.class));
	}

	private static byte[] arrowStream(BufferAllocator allocator, long[] ids, String[] names) throws Exception {
		Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null),
				new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
		try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
			BigIntVector id = (BigIntVector) root.getVector("id");
			VarCharVector name = (VarCharVector) root.getVector("name");
			for (int i = 0; i < ids.length; i++) {
				id.setSafe(i, ids[i]);
				if (names[i] != null) {
					name.setSafe(i, names[i].getBytes(StandardCharsets.UTF_8));
				}
				else {
					name.setNull(i);
				}
			}
			root.setRowCount(ids.length);
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
				writer.start();
				writer.writeBatch();
				writer.end();
			}
			return out.toByteArray();
		}
	}

	private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
		Header header = record.headers().lastHeader(name);
		if (header == null) {
			return null;
		}
		if (name.equals("kafka_dlt-original-offset")) {
			return Long.toString(ByteBuffer.wrap(header.value()).getLong());
		}
		return new String(header.value(), StandardCharsets.UTF_8);
	}

}
