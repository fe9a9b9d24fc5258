package io.github.paimonspring.kafka.bench.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

/**
 * The Flink side of the Kafka pipeline benchmark: a Flink 2.0 SQL job in local mode (a mini cluster in this
 * JVM) that reads a topic with Flink's Kafka SQL connector (JSON format, the record's partition and offset as
 * metadata columns) and inserts into a Paimon append table through Paimon's Flink connector, committing on
 * every checkpoint. It runs until the harness kills its JVM.
 * <p>
 * Arguments: bootstrap servers, topic, consumer group, warehouse directory, parallelism, checkpoint interval
 * in milliseconds.
 */
public final class FlinkSqlJob {

	private FlinkSqlJob() {
	}

	public static void main(String[] args) throws Exception {
		if (args.length != 6) {
			throw new IllegalArgumentException(
					"usage: FlinkSqlJob <bootstrap servers> <topic> <group> <warehouse> <parallelism> <checkpoint ms>");
		}
		String bootstrap = args[0];
		String topic = args[1];
		String group = args[2];
		String warehouse = args[3];
		int parallelism = Integer.parseInt(args[4]);
		long checkpointMillis = Long.parseLong(args[5]);

		Configuration configuration = new Configuration();
		configuration.setString("parallelism.default", Integer.toString(parallelism));
		configuration.setString("execution.checkpointing.interval", checkpointMillis + " ms");
		configuration.setString("execution.checkpointing.mode", "EXACTLY_ONCE");
		// the mini cluster's REST endpoint on a free loopback port only
		configuration.setString("rest.bind-address", "127.0.0.1");
		configuration.setString("rest.address", "127.0.0.1");
		configuration.setString("rest.bind-port", "0");
		TableEnvironment env = TableEnvironment
			.create(EnvironmentSettings.newInstance().inStreamingMode().withConfiguration(configuration).build());

		env.executeSql("CREATE CATALOG paimon WITH ('type' = 'paimon', 'warehouse' = '" + warehouse + "')");
		env.executeSql("CREATE TABLE paimon.`default`.events (id BIGINT NOT NULL, customer STRING, "
				+ "amount DECIMAL(10, 2), note STRING, kafka_partition INT, kafka_offset BIGINT)");
		env.executeSql("CREATE TEMPORARY TABLE kafka_source (id BIGINT NOT NULL, customer STRING, "
				+ "amount DECIMAL(10, 2), note STRING, "
				+ "kafka_partition INT METADATA FROM 'partition' VIRTUAL, "
				+ "kafka_offset BIGINT METADATA FROM 'offset' VIRTUAL) WITH ("
				+ "'connector' = 'kafka', 'topic' = '" + topic + "', "
				+ "'properties.bootstrap.servers' = '" + bootstrap + "', "
				+ "'properties.group.id' = '" + group + "', "
				+ "'scan.startup.mode' = 'earliest-offset', 'format' = 'json')");
		System.out.println("flink job: submitting INSERT INTO paimon.`default`.events, parallelism " + parallelism
				+ ", checkpoints every " + checkpointMillis + " ms");
		env.executeSql("INSERT INTO paimon.`default`.events SELECT id, customer, amount, note, kafka_partition, "
				+ "kafka_offset FROM kafka_source")
			.await();
	}

}
